import type { ReactNode } from 'react';
import { useHydrated } from '../lib/use-hydrated.ts';

interface SubmitButtonProps {
  pending: boolean;
  children: ReactNode;
  className?: string;
}

/**
 * A form's submit button: disabled, with a spinner, while the form is being sent. Also disabled
 * until a server-rendered page is live: the browser would otherwise submit the form itself.
 */
export function SubmitButton({ pending, children, className = '' }: SubmitButtonProps) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      className={`btn btn-primary ${className}`}
      disabled={pending || !hydrated}
    >
      {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}
