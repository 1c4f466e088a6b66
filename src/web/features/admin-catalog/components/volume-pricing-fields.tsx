import { useId } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { PRICE_BREAKS_LABEL, PRICE_BREAKS_MAX } from '../../../../shared/price-breaks.ts';
import { TextField } from '../../../components/text-field.tsx';
import type { ProductFormOutput, ProductFormValues } from '../lib/product-form.ts';

/**
 * "Volume pricing" (issue 23): up to 5 rows of from quantity → unit price, added and removed by
 * the admin. The rules across rows (quantities increasing and above the minimum, prices
 * decreasing and below the Price) are the product form schema's, the same the server checks.
 */
export function VolumePricingFields({
  form,
}: {
  form: UseFormReturn<ProductFormValues, unknown, ProductFormOutput>;
}) {
  const headingId = useId();
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'priceBreaks' });
  const rowErrors = errors.priceBreaks;
  return (
    <fieldset
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-box border border-base-300 p-4"
    >
      <legend id={headingId} className="px-1 text-lg font-semibold">
        {PRICE_BREAKS_LABEL}
      </legend>
      <p className="text-sm">
        Lower unit prices from a quantity on (at most {PRICE_BREAKS_MAX}). Leave empty for one
        price.
      </p>
      {typeof rowErrors?.message === 'string' && (
        <p role="alert" className="text-sm text-error">
          {rowErrors.message}
        </p>
      )}
      {fields.map((field, index) => (
        <div key={field.id} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
          <TextField
            label={`From quantity (row ${index + 1})`}
            error={rowErrors?.[index]?.minQuantity?.message}
            {...register(`priceBreaks.${index}.minQuantity`)}
            type="number"
            step={1}
            inputMode="numeric"
          />
          <TextField
            label={`Unit price (row ${index + 1})`}
            error={rowErrors?.[index]?.price?.message}
            {...register(`priceBreaks.${index}.price`)}
            type="number"
            step="any"
            inputMode="decimal"
          />
          <button type="button" className="btn btn-ghost btn-sm mb-1" onClick={() => remove(index)}>
            Remove row {index + 1}
          </button>
        </div>
      ))}
      {fields.length < PRICE_BREAKS_MAX && (
        <button
          type="button"
          className="btn btn-outline btn-sm self-start"
          onClick={() => append({ minQuantity: '', price: '' })}
        >
          Add price break
        </button>
      )}
    </fieldset>
  );
}
