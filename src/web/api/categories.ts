import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../shared/api-paths.ts';
import { CategoryListSchema, type Category } from '../../shared/category.ts';
import { apiClient } from '../lib/api-client.ts';
import { SAME_FOR_EVERYONE } from '../lib/query-client.ts';
import { queryKeys } from '../lib/query-keys.ts';

// The categories (issue 24), read by the navbar, the product forms, the catalogue's filter, the
// category page and the admin's Categories screen: outside the features, like products.ts.

export function getCategories(options: { signal?: AbortSignal } = {}): Promise<Category[]> {
  return apiClient.get(apiPaths.categories, CategoryListSchema, options);
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.categories,
    meta: SAME_FOR_EVERYONE,
    queryFn: ({ signal }) => getCategories({ signal }),
    staleTime: 60_000,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
