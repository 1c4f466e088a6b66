import type { InputHTMLAttributes, Ref } from 'react';
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
  return (
    <FormField label={label} error={error} {...(hint !== undefined && { hint })}>
      {(control) => (
        <input
          {...control}
          {...input}
          className={`input w-full ${error ? 'input-error' : ''} ${className ?? ''}`.trim()}
        />
      )}
    </FormField>
  );
}
