import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import {
  ProductSearchResultSchema,
  toSearchParams,
  type ProductSearch,
  type ProductSearchResult,
} from '../../../../shared/product-search.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { SAME_FOR_EVERYONE } from '../../../lib/query-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function searchProducts(
  search: ProductSearch,
  options: { signal?: AbortSignal } = {},
): Promise<ProductSearchResult> {
  return apiClient.get(
    apiPaths.productSearch(toSearchParams(search)),
    ProductSearchResultSchema,
    options,
  );
}

/**
 * One search's answer. The key holds the canonical query string, so the server may prefetch it
 * (server rendering) under the very key the page then reads, and a purchase's invalidation of
 * the products root refreshes it too.
 */
export const productSearchQueryOptions = (search: ProductSearch) =>
  queryOptions({
    queryKey: queryKeys.products.search(toSearchParams(search).toString()),
    meta: SAME_FOR_EVERYONE,
    queryFn: ({ signal }) => searchProducts(search, { signal }),
    staleTime: 60_000,
  });

/** The answer for `search`; while the next one loads, the previous stays on screen. */
export function useProductSearch(search: ProductSearch) {
  return useQuery({ ...productSearchQueryOptions(search), placeholderData: keepPreviousData });
}
