import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { ReviewListSchema, type Review } from '../../../../shared/review.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { SAME_FOR_EVERYONE } from '../../../lib/query-client.ts';

export function getReviews(options: { signal?: AbortSignal } = {}): Promise<Review[]> {
  return apiClient.get(apiPaths.reviews, ReviewListSchema, options);
}

export const reviewsQueryOptions = () =>
  queryOptions({
    queryKey: ['reviews'],
    meta: SAME_FOR_EVERYONE,
    queryFn: ({ signal }) => getReviews({ signal }),
    staleTime: 5 * 60_000,
  });

export function useReviews() {
  return useQuery(reviewsQueryOptions());
}
