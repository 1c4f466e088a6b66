import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { InsertedIdSchema, type ProductBody } from '../../../../shared/product.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/products: `insertedId` of the new product (400 with `fields` for invalid input). */
export function addProduct(body: ProductBody) {
  return apiClient.post(apiPaths.products, body, InsertedIdSchema);
}

export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProduct,
    // The home page and All Products show the new product as soon as they are opened.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
  });
}
