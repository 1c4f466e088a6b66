import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { ReviewSchema, type ReviewBody } from '../../../../shared/review.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * POST /api/reviews {rating, review}: the posted review (201); the author is the signed-in user.
 * 400 with `fields` for invalid input, 429 when posting again too soon.
 */
export function postReview(body: ReviewBody) {
  return apiClient.post(apiPaths.reviews, body, ReviewSchema);
}

export function usePostReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postReview,
    // Every list of reviews (the public one and the author's own) shows the new one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
  });
}
