/** Pay: waits (disabled) until the form can be sent, with a spinner while a payment is in flight. */
export function PayButton({ disabled, paying }: { disabled: boolean; paying: boolean }) {
  return (
    <button
      type="submit"
      className="btn btn-primary self-start px-8"
      disabled={disabled || paying}
      aria-busy={paying || undefined}
    >
      {paying && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      Pay
    </button>
  );
}

/** The provider's (or the server's) message, in red below the form. */
export function CardErrorMessage({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="font-medium text-error">
      {message}
    </p>
  );
}
