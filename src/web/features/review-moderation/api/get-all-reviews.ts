import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { ModeratedReviewListSchema, type ModeratedReview } from '../../../../shared/review.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/reviews/all: every review, hidden ones too (admins only). */
export function getAllReviews(options: { signal?: AbortSignal } = {}): Promise<ModeratedReview[]> {
  return apiClient.get(apiPaths.allReviews, ModeratedReviewListSchema, options);
}

export const allReviewsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.reviews.moderation(),
    queryFn: ({ signal }) => getAllReviews({ signal }),
  });

export function useAllReviews() {
  return useQuery(allReviewsQueryOptions());
}
