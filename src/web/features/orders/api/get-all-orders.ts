import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { PurchaseListSchema, type Purchase } from '../../../../shared/purchase.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/purchase1: every active order (admins only). */
export function getAllOrders(options: { signal?: AbortSignal } = {}): Promise<Purchase[]> {
  return apiClient.get(apiPaths.allPurchases, PurchaseListSchema, options);
}

export const allOrdersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.purchases.everyone(),
    queryFn: ({ signal }) => getAllOrders({ signal }),
  });

export function useAllOrders() {
  return useQuery(allOrdersQueryOptions());
}
