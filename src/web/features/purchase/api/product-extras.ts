import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { MyPlatformsSchema, StockAlertSchema } from '../../../../shared/back-in-stock.ts';
import { ProductListSchema } from '../../../../shared/product.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { SAME_FOR_EVERYONE } from '../../../lib/query-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// The product page's issue-24 calls: "Goes well with" (public), the caller's battery platforms
// and back-in-stock alert (signed in, never in cached public HTML).

export function useGoesWellWith(productId: string) {
  return useQuery({
    queryKey: [...queryKeys.products.detail(productId), 'related'],
    meta: SAME_FOR_EVERYONE,
    queryFn: ({ signal }) =>
      apiClient.get(apiPaths.productRelated(productId), ProductListSchema, { signal }),
    staleTime: 60_000,
  });
}

export function useMyPlatforms(email: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: queryKeys.myPlatforms(email),
    queryFn: ({ signal }) => apiClient.get(apiPaths.myPlatforms, MyPlatformsSchema, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useStockAlert(email: string, productId: string, enabled = true) {
  const queryClient = useQueryClient();
  const key = queryKeys.stockAlert(email, productId);
  const query = useQuery({
    queryKey: key,
    enabled,
    queryFn: ({ signal }) =>
      apiClient.get(apiPaths.productNotify(productId), StockAlertSchema, { signal }),
  });
  const change = useMutation({
    mutationFn: (subscribe: boolean) =>
      subscribe
        ? apiClient.post(apiPaths.productNotify(productId), {}, StockAlertSchema)
        : apiClient.delete(apiPaths.productNotify(productId), StockAlertSchema),
    onSuccess: (state) => queryClient.setQueryData(key, state),
  });
  return { query, change };
}
