import {
  hydrate,
  QueryClientProvider,
  type DehydratedState,
  type QueryClient,
} from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client.ts';

interface AppProviderProps {
  children: ReactNode;
  /** Tests and the server pass their own client; the app creates one. */
  queryClient?: QueryClient;
  /** The data a server-rendered page was rendered from. */
  dehydratedState?: DehydratedState | undefined;
}

/**
 * The server checked the data against the database when it sent the page (its HTML may be cached
 * for long, but never past a change), so it counts as fetched now: hydration asks for nothing.
 */
function fetchedNow(state: DehydratedState): DehydratedState {
  const now = Date.now();
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      state: { ...query.state, dataUpdatedAt: now },
    })),
  };
}

export function AppProvider({ children, queryClient, dehydratedState }: AppProviderProps) {
  const [defaultClient] = useState(() => {
    const client = createQueryClient();
    if (dehydratedState) hydrate(client, fetchedNow(dehydratedState));
    return client;
  });
  return (
    <QueryClientProvider client={queryClient ?? defaultClient}>{children}</QueryClientProvider>
  );
}
