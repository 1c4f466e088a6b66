import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import { getErrorMessage, isApiError } from './api-error.ts';

/**
 * Puts the server's per-field messages (a 400's `fields`) under the matching inputs.
 * Returns false when nothing could be shown inline, so the caller shows a toast instead.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): boolean {
  if (!isApiError(error) || !error.fields) return false;
  let shown = false;
  for (const name of fieldNames) {
    const message = error.fields[name];
    if (message) {
      setError(name, { type: 'server', message }, { shouldFocus: !shown });
      shown = true;
    }
  }
  return shown;
}

/** The spec's validation timing: first on submit, then again on every change. */
export const SPEC_VALIDATION_MODE = { mode: 'onSubmit', reValidateMode: 'onChange' } as const;

interface SubmitFeedback<T extends FieldValues> {
  successMessage: string;
  /** Clears the form after a success; left out, the form keeps what was sent (an edit form). */
  reset?: () => void;
  setError: UseFormSetError<T>;
  fieldNames: readonly Path<T>[];
}

/**
 * Sends a form: on success a toast (and a reset, when given); the server's field errors under
 * their inputs; any other failure as an error toast.
 */
export async function submitForm<T extends FieldValues>(
  send: () => Promise<unknown>,
  { successMessage, reset, setError, fieldNames }: SubmitFeedback<T>,
): Promise<void> {
  try {
    await send();
  } catch (error) {
    if (!showServerFieldErrors(error, setError, fieldNames)) {
      toast.error(getErrorMessage(error));
    }
    return;
  }
  toast.success(successMessage);
  reset?.();
}
