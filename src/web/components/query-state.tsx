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
  children: (data: T) => ReactNode;
}

/** A query's page states in one place: a spinner, a failure with a retry, or its data. */
export function QueryState<T>({ query, loading, failed, children }: QueryStateProps<T>) {
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError) {
    return (
      <ErrorState
        title={failed}
        detail={query.error.message}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  return <>{children(query.data)}</>;
}
