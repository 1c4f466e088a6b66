import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { ProductDeletedSchema, type Product } from '../../../../shared/product.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** DELETE /api/products/{id}: `deletedCount`, above 0 when the product is gone. */
export function deleteProduct(productId: string) {
  return apiClient.delete(apiPaths.product(productId), ProductDeletedSchema);
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: Product) => deleteProduct(product._id),
    onSuccess: ({ deletedCount }, product) => {
      if (deletedCount === 0) return;
      // The row goes at once; the refetch below confirms the list.
      queryClient.setQueryData<Product[]>(queryKeys.products.list(), (products) =>
        products?.filter(({ _id }) => _id !== product._id),
      );
      queryClient.removeQueries({ queryKey: queryKeys.products.detail(product._id) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
  });
}
