import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import {
  QuickOrderResultSchema,
  type QuickOrderBody,
  type QuickOrderResult,
} from '../../../../shared/variant.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/quick-order: each line checked by the server, the good ones added to the basket. */
export function sendQuickOrder(lines: QuickOrderBody['lines']): Promise<QuickOrderResult> {
  return apiClient.post(apiPaths.quickOrder, { lines }, QuickOrderResultSchema);
}

/** Sends a quick order; the basket (the navbar's count, the basket page) is asked again after. */
export function useQuickOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendQuickOrder,
    onSuccess: (result) =>
      result.added > 0 ? queryClient.invalidateQueries({ queryKey: queryKeys.basket }) : undefined,
  });
}
