import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { DeletedCountSchema, type Purchase } from '../../../../shared/purchase.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * DELETE /api/purchase/{id}: cancels an unpaid order (its stock comes back). A truthy
 * `deletedCount` is success; 409 when it was paid meanwhile, 404 when it is already gone.
 */
export function deleteOrder(orderId: string) {
  return apiClient.delete(apiPaths.purchase(orderId), DeletedCountSchema);
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Purchase) => deleteOrder(order._id),
    onSuccess: ({ deletedCount }, order) => {
      if (!deletedCount) return;
      // The row goes at once; the refetch below confirms the lists.
      queryClient.setQueriesData<Purchase[]>({ queryKey: queryKeys.purchases.lists() }, (orders) =>
        orders?.filter(({ _id }) => _id !== order._id),
      );
    },
    onSettled: () => {
      // Not awaited: the dialog closes without waiting for the lists. The stock came back too.
      void queryClient.invalidateQueries({ queryKey: queryKeys.purchases.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.products.all });
    },
  });
}
