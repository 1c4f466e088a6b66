import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { ProductListSchema, type Product } from '../../../../shared/product.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { SAME_FOR_EVERYONE } from '../../../lib/query-client.ts';
import { queryKeyRoots } from '../../../lib/query-keys.ts';

export function getProducts(options: { signal?: AbortSignal } = {}): Promise<Product[]> {
  return apiClient.get(apiPaths.products, ProductListSchema, options);
}

/** The catalogue changes rarely: fetched once when a list opens, then kept for a few minutes. */
export const productsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeyRoots.products,
    meta: SAME_FOR_EVERYONE,
    queryFn: ({ signal }) => getProducts({ signal }),
    staleTime: 5 * 60_000,
  });

export function useProducts<T = Product[]>(select?: (products: Product[]) => T) {
  return useQuery({ ...productsQueryOptions(), select });
}
