import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { PurchaseSchema, type Purchase } from '../../../../shared/purchase.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/purchase/{id}: the customer's own order, cancelled and expired ones too; 404 otherwise. */
export function getOrder(
  orderId: string,
  options: { signal?: AbortSignal } = {},
): Promise<Purchase> {
  return apiClient.get(apiPaths.purchase(orderId), PurchaseSchema, options);
}

export const orderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: queryKeys.purchases.detail(orderId),
    queryFn: ({ signal }) => getOrder(orderId, { signal }),
    // Paid, cancelled or expired meanwhile: asked again each time the page opens.
    staleTime: 0,
  });

export function useOrder(orderId: string) {
  return useQuery(orderQueryOptions(orderId));
}
