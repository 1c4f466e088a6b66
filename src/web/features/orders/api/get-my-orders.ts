import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { PurchaseListSchema, type Purchase } from '../../../../shared/purchase.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/purchase?customerEmail={own e-mail}: the customer's active orders, newest first. */
export function getMyOrders(
  email: string,
  options: { signal?: AbortSignal } = {},
): Promise<Purchase[]> {
  return apiClient.get(apiPaths.myPurchases(email), PurchaseListSchema, options);
}

export const myOrdersQueryOptions = (email: string) =>
  queryOptions({
    queryKey: queryKeys.purchases.mine(email),
    queryFn: ({ signal }) => getMyOrders(email, { signal }),
  });

export function useMyOrders(email: string) {
  return useQuery(myOrdersQueryOptions(email));
}
