import { useId, useState, type KeyboardEvent } from 'react';
import { CODES_MAX, PromotionCodesSchema } from '../../shared/promotions.ts';
import { sameCode } from '../api/promotion-codes.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { FormField } from './form-field.tsx';

// The promotion code field of the basket, the checkout and the purchase form (issue 36): a code is
// typed and applied (the server says whether it applies), applied codes are listed to remove.

export const CODE_ALREADY_APPLIED_MESSAGE = 'This code is already applied';
export const TOO_MANY_CODES_MESSAGE = `At most ${CODES_MAX} codes`;

interface PromotionCodeFieldProps {
  /** The codes applied, in the order typed. */
  codes: readonly string[];
  /**
   * Applies a code: resolves to null when it was kept, or to why it was refused (the server's
   * message), in which case it is not kept.
   */
  onApply: (code: string) => Promise<string | null>;
  onRemove: (code: string) => void;
  /** A message from elsewhere (a code taken off, a 409 at placement), shown under the field. */
  message?: string | null | undefined;
  /** Said under the field, e.g. that codes are checked at checkout. */
  hint?: string;
}

/**
 * A "Promotion code" field with its Apply button (not a form of its own: it sits inside the
 * checkout's and the purchase form's forms, so Enter applies the code rather than placing the
 * order), and the applied codes, each with a Remove button.
 */
export function PromotionCodeField({
  codes,
  onApply,
  onRemove,
  message,
  hint,
}: PromotionCodeFieldProps) {
  const listId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  // Server-rendered: read-only until the page is live, so nothing typed earlier is lost.
  const hydrated = useHydrated();

  const apply = async () => {
    const parsed = PromotionCodesSchema.element.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Code is required');
      return;
    }
    const code = parsed.data;
    if (codes.some((applied) => sameCode(applied, code))) {
      setError(CODE_ALREADY_APPLIED_MESSAGE);
      return;
    }
    if (codes.length >= CODES_MAX) {
      setError(TOO_MANY_CODES_MESSAGE);
      return;
    }
    setApplying(true);
    setError(null);
    try {
      const refused = await onApply(code);
      if (refused === null) setText('');
      setError(refused);
    } finally {
      setApplying(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void apply();
  };

  const shown = error ?? message ?? undefined;
  return (
    <div className="flex flex-col gap-2">
      <FormField label="Promotion code" error={shown} {...(hint !== undefined && { hint })}>
        {(control) => (
          <div className="flex gap-2">
            <input
              {...control}
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              readOnly={!hydrated}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setError(null);
              }}
              onKeyDown={onKeyDown}
              className={`input w-full ${shown ? 'input-error' : ''}`.trim()}
            />
            <button type="button" className="btn" disabled={applying} onClick={() => void apply()}>
              {applying && (
                <span className="loading loading-spinner loading-sm" aria-hidden="true" />
              )}
              Apply
            </button>
          </div>
        )}
      </FormField>
      {codes.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <p id={listId} className="text-sm">
            Codes applied:
          </p>
          <ul aria-labelledby={listId} className="flex flex-wrap gap-2">
            {codes.map((code) => (
              <AppliedCode key={code} code={code} onRemove={() => onRemove(code)} />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** An applied code and its Remove button (described by the code, as the basket's lines do). */
function AppliedCode({ code, onRemove }: { code: string; onRemove: () => void }) {
  const codeId = useId();
  return (
    <li aria-labelledby={codeId} className="badge badge-lg badge-outline gap-2">
      <span id={codeId} className="font-mono">
        {code}
      </span>
      <button
        type="button"
        className="btn btn-ghost btn-xs"
        aria-describedby={codeId}
        onClick={onRemove}
      >
        Remove
      </button>
    </li>
  );
}
