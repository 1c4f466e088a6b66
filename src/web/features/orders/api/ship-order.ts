import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { PURCHASE_STAT, PurchaseSchema, type Purchase } from '../../../../shared/purchase.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** PUT /api/purchase/{id} {stat: 'shipped'} (admins): the shipped order; 409 unless paid and pending. */
export function shipOrder(orderId: string) {
  return apiClient.put(apiPaths.purchase(orderId), { stat: PURCHASE_STAT.shipped }, PurchaseSchema);
}

export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: Purchase) => shipOrder(order._id),
    onSuccess: (shipped) => {
      queryClient.setQueriesData<Purchase[]>({ queryKey: queryKeys.purchases.lists() }, (orders) =>
        orders?.map((order) => (order._id === shipped._id ? shipped : order)),
      );
    },
    // Not awaited: the row shows the answer already; the refetch confirms the list.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.purchases.all }),
  });
}
