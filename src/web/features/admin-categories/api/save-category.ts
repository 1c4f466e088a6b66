import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { CategorySchema, type CategoryBody } from '../../../../shared/category.ts';
import { ProductDeletedSchema } from '../../../../shared/product.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/categories, or PUT /api/categories/{id} with an id. */
export function saveCategory({ id, body }: { id?: string | undefined; body: CategoryBody }) {
  return id === undefined
    ? apiClient.post(apiPaths.categories, body, CategorySchema)
    : apiClient.put(apiPaths.category(id), body, CategorySchema);
}

export function deleteCategory(id: string) {
  return apiClient.delete(apiPaths.category(id), ProductDeletedSchema);
}

/** The category writes; each refreshes the categories and the product searches. */
export function useCategoryMutations() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.categories }),
      queryClient.invalidateQueries({ queryKey: queryKeys.products.searches() }),
    ]);
  return {
    save: useMutation({ mutationFn: saveCategory, onSuccess: refresh }),
    remove: useMutation({ mutationFn: deleteCategory, onSuccess: refresh }),
  };
}
