import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { ModeratedReviewSchema } from '../../../../shared/review.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** PATCH /api/reviews/{id} { hidden }. */
export function moderateReview({ id, hidden }: { id: string; hidden: boolean }) {
  return apiClient.patch(apiPaths.review(id), { hidden }, ModeratedReviewSchema);
}

export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateReview,
    // queryKeys.reviews.all also covers the home page's list.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
  });
}
