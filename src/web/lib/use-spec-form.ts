import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { SPEC_VALIDATION_MODE } from './form-errors.ts';

/**
 * A form checked by its contract schema (the same one the API validates with), on the spec's
 * timing: first on submit, then on every change.
 */
export function useSpecForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
) {
  return useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    ...SPEC_VALIDATION_MODE,
    defaultValues,
  });
}
