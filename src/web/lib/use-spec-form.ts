import { zodResolver } from '@hookform/resolvers/zod';
import type { BaseSyntheticEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { SPEC_VALIDATION_MODE } from './form-errors.ts';

/**
 * A form checked by its contract schema (the same one the API validates with), on the spec's
 * timing: first on submit, then on every change. Besides react-hook-form's own, `field(name)`
 * gives the props that bind a `TextField` to a field: its registration and its message,
 * `<TextField label="Email" type="email" {...field('email')} />`.
 */
export function useSpecForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    ...SPEC_VALIDATION_MODE,
    defaultValues,
  });
  const field = (name: Path<Input>) => ({
    ...form.register(name),
    // The forms are flat: a field's message sits at its own name.
    error: form.formState.errors[name]?.message as string | undefined,
  });
  return { ...form, field };
}

/**
 * A `handleSubmit(…)` result as `<form onSubmit>` takes it. React does not wait for an event
 * handler's promise, and every submit function reports its own failures (submitForm, a page's
 * catch), so the promise is deliberately left alone.
 */
export function formSubmitHandler(submit: (event?: BaseSyntheticEvent) => Promise<void>) {
  return (event?: BaseSyntheticEvent) => void submit(event);
}
