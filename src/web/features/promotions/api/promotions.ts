import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify/unstyled';
import type { PromotionBody } from '../../../../shared/promotions.ts';
import {
  AdminPromotionSchema,
  CodeBatchListSchema,
  CodeBatchSchema,
  PromotionListSchema,
  promotionsPaths,
} from '../../../../shared/promotions-admin.ts';
import { apiClient, apiDownload } from '../../../lib/api-client.ts';
import { saveDownload } from '../../../lib/save-download.ts';

// Staff's promotions (issue 36): the list with usage, the definition's writes, the status
// changes, and each promotion's code batches; every write refreshes the list.

const keys = {
  promotions: ['admin-promotions'] as const,
  batches: (id: string) => ['admin-promotions', id, 'code-batches'] as const,
};

export function usePromotions() {
  return useQuery({
    queryKey: keys.promotions,
    queryFn: ({ signal }) =>
      apiClient.get(promotionsPaths.promotions, PromotionListSchema, { signal }),
    select: (list) => list.promotions,
  });
}

export type StatusChange = 'pause' | 'resume' | 'end';

export function usePromotionMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: keys.promotions });
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id?: string | undefined; body: PromotionBody }) =>
        id === undefined
          ? apiClient.post(promotionsPaths.promotions, body, AdminPromotionSchema)
          : apiClient.put(promotionsPaths.promotion(id), body, AdminPromotionSchema),
      onSuccess,
    }),
    changeStatus: useMutation({
      mutationFn: ({ id, change }: { id: string; change: StatusChange }) =>
        apiClient.post(promotionsPaths[change](id), {}, AdminPromotionSchema),
      onSuccess,
    }),
  };
}

export function useCodeBatches(promotionId: string) {
  return useQuery({
    queryKey: keys.batches(promotionId),
    queryFn: ({ signal }) =>
      apiClient.get(promotionsPaths.codeBatches(promotionId), CodeBatchListSchema, { signal }),
    select: (list) => list.batches,
  });
}

export function useCreateCodeBatch(promotionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { count: number; prefix: string }) =>
      apiClient.post(promotionsPaths.codeBatches(promotionId), body, CodeBatchSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.batches(promotionId) }),
  });
}

/** Downloads a batch's CSV (a plain link cannot send the bearer token); a failure is a toast. */
export function useCodesDownload() {
  return useMutation({
    mutationFn: ({ promotionId, batchId }: { promotionId: string; batchId: string }) =>
      apiDownload(promotionsPaths.codesCsv(promotionId, batchId)),
    onSuccess: saveDownload,
    onError: (error) => toast.error(error.message),
  });
}
