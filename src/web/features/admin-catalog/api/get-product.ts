import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { ProductSchema, type Product } from '../../../../shared/product.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { SAME_FOR_EVERYONE } from '../../../lib/query-client.ts';
import { productKeys } from './product-keys.ts';

/** GET /api/products/{id}: one product with its current version (404 when there is none). */
export function getProduct(
  productId: string,
  options: { signal?: AbortSignal } = {},
): Promise<Product> {
  return apiClient.get(apiPaths.product(productId), ProductSchema, options);
}

export const productQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: productKeys.detail(productId),
    meta: SAME_FOR_EVERYONE,
    queryFn: ({ signal }) => getProduct(productId, { signal }),
    // The edit form starts from the current values and version, not from a cached answer.
    staleTime: 0,
  });

export function useProduct(productId: string) {
  return useQuery(productQueryOptions(productId));
}
