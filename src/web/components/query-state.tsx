import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from './error-state.tsx';
import { Spinner } from './spinner.tsx';

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** What is loading, e.g. "Loading reviews" (the spinner's accessible name). */
  loading: string;
  /** What failed, in the user's words, e.g. "We couldn't load the reviews." */
  failed: string;
  /** Keep the spinner up regardless (a refused user is being signed out). */
  waiting?: boolean;
  /** Keep showing what a failed refetch leaves, rather than the failure (a product page). */
  keepDataOnError?: boolean;
  /** A failure the page tells in its own words (a 404); undefined falls back to the retry block. */
  renderError?: (error: Error) => ReactNode;
  /** Extra classes for the spinner and the failure (room kept for the page). */
  className?: string;
  /** What surrounds the spinner and the failure (a heading the data's own view replaces). */
  frame?: (state: ReactNode) => ReactNode;
  children: (data: T) => ReactNode;
}

/** A query's page states in one place: a spinner, a failure with a retry, or its data. */
export function QueryState<T>({
  query,
  loading,
  failed,
  waiting = false,
  keepDataOnError = false,
  renderError,
  className,
  frame = (state) => state,
  children,
}: QueryStateProps<T>) {
  if (query.isPending || waiting) return frame(<Spinner label={loading} className={className} />);
  const ownError = query.isError ? renderError?.(query.error) : undefined;
  if (ownError !== undefined && ownError !== null && ownError !== false) return <>{ownError}</>;
  if (query.isError && !(keepDataOnError && query.data !== undefined)) {
    return frame(
      <ErrorState
        title={failed}
        detail={query.error.message}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
        className={className}
      />,
    );
  }
  return <>{children(query.data as T)}</>;
}
