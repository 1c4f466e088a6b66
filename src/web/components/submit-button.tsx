import type { ReactNode } from 'react';

interface SubmitButtonProps {
  pending: boolean;
  children: ReactNode;
  className?: string;
}

/** A form's submit button: disabled, with a spinner, while the form is being sent. */
export function SubmitButton({ pending, children, className = '' }: SubmitButtonProps) {
  return (
    <button type="submit" className={`btn btn-primary ${className}`} disabled={pending}>
      {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}
