import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { ProductSchema, type ProductBody } from '../../../../shared/product.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface ProductUpdate {
  productId: string;
  /** With the `version` the admin saw: a stale one is refused with 409. */
  body: ProductBody & { version: number };
}

/** PUT /api/products/{id}: the product as saved. */
export function updateProduct({ productId, body }: ProductUpdate) {
  return apiClient.put(apiPaths.product(productId), body, ProductSchema);
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.products.detail(saved._id), saved);
      return queryClient.invalidateQueries({ queryKey: queryKeys.products.all });
    },
  });
}
