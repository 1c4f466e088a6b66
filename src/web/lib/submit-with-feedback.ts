import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { submitForm } from './form-errors.ts';
import { formSubmitHandler } from './use-spec-form.ts';

interface FeedbackOptions {
  successMessage: string;
  /** A form for a new entry starts empty again; an edit form keeps what it saved. */
  afterSuccess: 'reset' | 'keep';
}

/**
 * The submit handler of a form from `useSpecForm`: checks the values, sends them, then the house's
 * feedback (a success toast; the server's field errors under their inputs, the form's fields being
 * the keys of its default values; any other failure as an error toast).
 */
export function submitWithFeedback<Input extends FieldValues, Output extends FieldValues>(
  form: UseFormReturn<Input, unknown, Output>,
  send: (values: Output) => Promise<unknown>,
  { successMessage, afterSuccess }: FeedbackOptions,
) {
  const fieldNames = Object.keys(form.formState.defaultValues ?? {}) as Path<Input>[];
  return formSubmitHandler(
    form.handleSubmit((values) =>
      submitForm(() => send(values), {
        successMessage,
        setError: form.setError,
        fieldNames,
        ...(afterSuccess === 'reset' && { reset: () => form.reset() }),
      }),
    ),
  );
}
