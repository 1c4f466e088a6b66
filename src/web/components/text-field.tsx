import type { InputHTMLAttributes, Ref } from 'react';
import { useHydrated } from '../lib/use-hydrated.ts';
import { FormField } from './form-field.tsx';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled input with its hint and inline error: `<TextField label="Email" type="email"
 * error={errors.email?.message} {...register('email')} />`.
 */
export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  // Server-rendered: read-only until the page is live, so nothing typed earlier is lost.
  const hydrated = useHydrated();
  return (
    <FormField label={label} error={error} {...(hint !== undefined && { hint })}>
      {(control) => (
        <input
          {...control}
          {...input}
          readOnly={input.readOnly === true || !hydrated}
          className={`input w-full ${error ? 'input-error' : ''} ${className ?? ''}`.trim()}
        />
      )}
    </FormField>
  );
}
