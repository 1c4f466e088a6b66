import { ErrorState } from '../../components/error-state.tsx';

/**
 * A page that failed to render or whose code failed to download (often a new deployment
 * replaced the old chunks): a reload fetches the current version.
 */
export function RouteError({ error }: { error: unknown }) {
  return (
    <div className="px-4 py-24">
      <h1 className="sr-only">Something went wrong</h1>
      <ErrorState
        title="Something went wrong while showing this page."
        detail={error instanceof Error ? error.message : undefined}
        onRetry={() => window.location.reload()}
      />
    </div>
  );
}
