import { useId, type ReactNode } from 'react';
import type { FieldControlProps } from '../../../components/form-field.tsx';

interface RowFieldProps {
  /** The visible label, e.g. "Price". */
  label: string;
  /** Said after the label to screen readers, e.g. ", variant 2": the rows' labels differ. */
  context: string;
  error?: string | undefined;
  hint?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A field of one row of a repeated list (a variant, an option, a kit's part): the visible label
 * is short ("Price"); its accessible name says which row ("Price, variant 2"), so each input is
 * found and announced as its own.
 */
export function RowField({ label, context, error, hint, children }: RowFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        <span className="sr-only">{context}</span>
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy || undefined,
      })}
      {hint && (
        <p id={hintId} className="text-xs text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-error">
          {error}
        </p>
      )}
    </div>
  );
}
