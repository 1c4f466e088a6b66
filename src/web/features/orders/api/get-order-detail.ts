import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { PurchaseDetailSchema } from '../../../../shared/purchase.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/purchase/{id} with its timeline; fetched when the row's history is opened. */
export function useOrderDetail(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.purchases.detail(orderId),
    queryFn: ({ signal }) =>
      apiClient.get(apiPaths.purchase(orderId), PurchaseDetailSchema, { signal }),
    enabled,
    staleTime: 0,
  });
}
