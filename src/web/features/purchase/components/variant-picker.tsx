import type { ProductDetail } from '../../../../shared/product.ts';
import type { Variant } from '../../../../shared/variant.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { optionGroups } from '../lib/variant-choice.ts';

interface VariantPickerProps {
  product: ProductDetail;
  chosen: Variant;
  /** Chooses another variant (the page puts its SKU in the URL). */
  onChoose: (variant: Variant) => void;
}

/**
 * The product page's variant picker (issue 34): one radio group per option (a fieldset named by
 * the option, a radio per value), so the arrow keys move within a group and a screen reader says
 * the option, the value and whether it can be ordered. A value that leads to a variant which
 * cannot be ordered says so in its label ("out of stock", "withdrawn"); a value that exists with
 * none of the earlier choices is disabled, never hidden. Server-rendered: the radios wait,
 * disabled, until the page is live (ADR 012).
 */
export function VariantPicker({ product, chosen, onChoose }: VariantPickerProps) {
  const live = useHydrated();
  const groups = optionGroups(product, chosen);
  return (
    <div className="flex flex-col gap-4">
      {groups.map((group) => (
        <fieldset key={group.name} className="flex flex-col gap-2">
          <legend className="mb-2 font-semibold">{group.name}</legend>
          <div className="flex flex-wrap gap-2">
            {group.choices.map((choice) => {
              const { variant } = choice;
              const note = variant === null ? 'not available' : choice.unavailable;
              return (
                <label
                  key={choice.value}
                  className={`flex cursor-pointer items-center gap-2 rounded-field border px-3 py-2 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 ${
                    choice.checked ? 'border-primary bg-primary/10' : 'border-base-300'
                  }`}
                >
                  <input
                    type="radio"
                    className="radio radio-sm radio-primary"
                    name={`option-${group.name}`}
                    value={choice.value}
                    checked={choice.checked}
                    disabled={!live || variant === null}
                    onChange={() => {
                      if (variant) onChoose(variant);
                    }}
                  />
                  {/* One text, so every screen reader says it whole: "Kit (out of stock)". */}
                  <span className={note === null ? undefined : 'text-base-content/70'}>
                    {note === null ? choice.value : `${choice.value} (${note})`}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
