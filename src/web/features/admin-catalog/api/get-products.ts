import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { ProductListSchema, type Product } from '../../../../shared/product.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { productKeys } from './product-keys.ts';

/** GET /api/products: the whole catalogue, as Manage Products lists it. */
export function getProducts(options: { signal?: AbortSignal } = {}): Promise<Product[]> {
  return apiClient.get(apiPaths.products, ProductListSchema, options);
}

export const productListQueryOptions = () =>
  queryOptions({
    queryKey: productKeys.manageList(),
    queryFn: ({ signal }) => getProducts({ signal }),
  });

export function useProductList() {
  return useQuery(productListQueryOptions());
}
