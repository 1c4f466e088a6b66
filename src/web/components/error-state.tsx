interface ErrorStateProps {
  /** What failed, in the user's words, e.g. "We couldn't load the products." */
  title: string;
  /** The error's own message, shown smaller under the title. */
  detail?: string | undefined;
  onRetry: () => void;
  isRetrying?: boolean;
  className?: string | undefined;
}

/** A failed page load: say what failed and offer to try again (never a toast). */
export function ErrorState({
  title,
  detail,
  onRetry,
  isRetrying = false,
  className = '',
}: ErrorStateProps) {
  return (
    <div
      role="alert"
      className={`mx-auto flex max-w-xl flex-col items-center gap-3 rounded-box border border-base-300 bg-base-200 px-6 py-8 text-center ${className}`}
    >
      <p className="text-lg font-semibold">{title}</p>
      {detail && <p className="text-sm">{detail}</p>}
      <button type="button" className="btn btn-neutral" onClick={onRetry} disabled={isRetrying}>
        {isRetrying && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        Try again
      </button>
    </div>
  );
}
