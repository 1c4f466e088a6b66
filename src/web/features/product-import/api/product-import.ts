import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { ProductImportReportSchema } from '../../../../shared/product-import.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/product-import/preview: what each row would do (writes nothing). */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (csv: string) =>
      apiClient.post(apiPaths.productImport('preview'), { csv }, ProductImportReportSchema),
  });
}

/** POST /api/product-import/apply: every row or none (400/409 name the rows in `fields`). */
export function useApplyImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) =>
      apiClient.post(apiPaths.productImport('apply'), { csv }, ProductImportReportSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
  });
}
