import { useEffect } from 'react';
import { useWatch, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';

/**
 * A select registered with react-hook-form whose options arrive after the form was filled (a list
 * still loading, issue 39). The browser cannot select a value no option has, so the select would
 * show its first option ("No category") although the form holds the stored value. This puts the
 * stored value back on the select whenever the options arrive, and returns the stored value when
 * no loaded option has it (the list is loading, failed, or no longer lists it): render an option
 * for it, so the select shows and keeps what the form will save.
 */
export function useLateOptions<V extends FieldValues, Out extends FieldValues, O>(
  { control, getValues, setValue }: UseFormReturn<V, unknown, Out>,
  name: FieldPath<V>,
  options: readonly O[] | undefined,
  valueOf: (option: O) => string,
): string | null {
  const stored: unknown = useWatch({ control, name });
  useEffect(() => {
    if (options) setValue(name, getValues(name));
  }, [options, name, getValues, setValue]);
  if (typeof stored !== 'string' || stored === '') return null;
  return options?.some((option) => valueOf(option) === stored) ? null : stored;
}
