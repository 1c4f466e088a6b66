import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error.ts';

const MAX_RETRIES = 2;

/**
 * For a query whose answer is the same for every visitor (the catalogue, reviews, the public
 * config): it survives sign-in and sign-out, which forget every other cached answer.
 */
export const SAME_FOR_EVERYONE = { sameForEveryone: true } as const;

export function isSameForEveryone(query: { meta?: Record<string, unknown> | undefined }): boolean {
  return query.meta?.['sameForEveryone'] === true;
}

/** A 4xx will not fix itself; a network blip or a 5xx might. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
      },
      mutations: { retry: false },
    },
  });
}
