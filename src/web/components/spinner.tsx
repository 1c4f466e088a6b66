interface SpinnerProps {
  /** What is loading, e.g. "Loading products"; it is the status's accessible name. */
  label: string;
  className?: string | undefined;
}

export function Spinner({ label, className = '' }: SpinnerProps) {
  return (
    <div role="status" aria-label={label} className={`flex justify-center py-10 ${className}`}>
      <span className="loading loading-spinner loading-lg text-neutral" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
