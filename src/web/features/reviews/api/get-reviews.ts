import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { ReviewListSchema, type Review } from '../../../../shared/review.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useAuth } from '../../../lib/auth/session.ts';
import { SAME_FOR_EVERYONE } from '../../../lib/query-client.ts';

export function getReviews(options: { signal?: AbortSignal } = {}): Promise<Review[]> {
  return apiClient.get(apiPaths.reviews, ReviewListSchema, options);
}

/**
 * The reviews the shop shows. A signed-in viewer gets their own list (`viewer`: their e-mail),
 * which also holds their own review if an admin hid it; everyone else shares the public one (the
 * one the server renders into the home page).
 */
export const reviewsQueryOptions = (viewer?: string) =>
  queryOptions({
    queryKey: queryKeys.reviews.visibleTo(viewer),
    ...(viewer ? {} : { meta: SAME_FOR_EVERYONE }),
    queryFn: ({ signal }) => getReviews({ signal }),
    staleTime: 5 * 60_000,
  });

export function useReviews() {
  const { user } = useAuth();
  // While a signed-in viewer's own list loads, the public list stays on screen.
  return useQuery({ ...reviewsQueryOptions(user?.email), placeholderData: keepPreviousData });
}
