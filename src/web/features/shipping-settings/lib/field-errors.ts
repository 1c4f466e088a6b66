import type { z } from 'zod';

/** A form's messages by field path ("rates.0.price"), the first per field. */
export type FieldErrors = Record<string, string>;

/** The issues of a failed parse as `FieldErrors` (the same paths as the API's 400 `fields`). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const found: FieldErrors = {};
  for (const issue of error.issues) found[issue.path.join('.')] ??= issue.message;
  return found;
}

/** A number field as typed: '' is left out (undefined), anything else is sent as a number. */
export const numberOrNothing = (text: string): number | undefined =>
  text.trim() === '' ? undefined : Number(text);

/** "US, ca de" → ['US', 'CA', 'DE']: codes typed with commas or spaces between them. */
export const splitCodes = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code !== '');
