import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { ProductDetailSchema, type ProductDetail } from '../../../../shared/product.ts';
import type { ProductVariantsBody } from '../../../../shared/variant.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { SAME_FOR_EVERYONE } from '../../../lib/query-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/*
 * Edit Product reads the product with its options and variants (GET /api/products/{id} answers
 * them, issue 34) and replaces them with PUT /api/products/{id}/variants.
 */

/** Under the product's own key, so every change to the products (a sale too) refreshes it. */
const productDetailKey = (productId: string) =>
  [...queryKeys.products.detail(productId), 'variants'] as const;

/** GET /api/products/{id}: the product, its options and its variants (404 when there is none). */
export function getProductDetail(
  productId: string,
  options: { signal?: AbortSignal } = {},
): Promise<ProductDetail> {
  return apiClient.get(apiPaths.product(productId), ProductDetailSchema, options);
}

export const productDetailQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: productDetailKey(productId),
    meta: SAME_FOR_EVERYONE,
    queryFn: ({ signal }) => getProductDetail(productId, { signal }),
    // The edit form starts from the current version: asked again each time the page opens.
    staleTime: 0,
  });

export function useProductDetail(productId: string) {
  return useQuery(productDetailQueryOptions(productId));
}

export const productVariantsPath = (productId: string) => `${apiPaths.product(productId)}/variants`;

export interface VariantsUpdate {
  productId: string;
  /** With the `version` the admin saw: a stale one is refused with 409. */
  body: ProductVariantsBody;
}

/** PUT /api/products/{id}/variants: the product with its variants as saved. */
export function saveProductVariants({ productId, body }: VariantsUpdate) {
  return apiClient.put(productVariantsPath(productId), body, ProductDetailSchema);
}

export function useSaveProductVariants() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProductVariants,
    onSuccess: (saved) => {
      queryClient.setQueryData(productDetailKey(saved._id), saved);
      // Lists, searches and the product page show the new prices and SKUs.
      return queryClient.invalidateQueries({
        queryKey: queryKeys.products.all,
        predicate: (query) => query.queryKey.join('/') !== productDetailKey(saved._id).join('/'),
      });
    },
  });
}
