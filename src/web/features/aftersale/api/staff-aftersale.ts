import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  RecallListSchema,
  RecallSchema,
  ReturnSchema,
  ReturnListSchema,
  WarrantySchema,
  type RecallBody,
  aftersalePaths,
} from '../../../../shared/aftersale.ts';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { ProductListSchema } from '../../../../shared/product.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/* The staff's after-sale screens (issue 25): returns, recalls and the serial lookup. */

export const useReturns = () =>
  useQuery({
    queryKey: queryKeys.aftersale.returns(),
    queryFn: ({ signal }) => apiClient.get(aftersalePaths.returns, ReturnListSchema, { signal }),
  });

export type ReturnAction =
  | { action: 'approve' }
  | { action: 'reject'; reason: string }
  | { action: 'receive'; restock: boolean }
  /** Issue 35: with the order's shipping share and its tax (off by default). */
  | { action: 'refund'; refundShipping?: boolean };

export function useReturnAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, step }: { id: string; step: ReturnAction }) => {
      const { action, ...body } = step;
      return apiClient.post(
        aftersalePaths.returnAction(id, action),
        action === 'approve' ||
          (action === 'refund' && !('refundShipping' in body && body.refundShipping))
          ? undefined
          : body,
        ReturnSchema,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.aftersale.returns() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.purchases.all });
    },
  });
}

export const useRecalls = () =>
  useQuery({
    queryKey: queryKeys.aftersale.recalls(),
    queryFn: ({ signal }) => apiClient.get(aftersalePaths.recalls, RecallListSchema, { signal }),
  });

export const useRecallProducts = () =>
  useQuery({
    queryKey: [...queryKeys.aftersale.recalls(), 'products'],
    queryFn: ({ signal }) => apiClient.get(apiPaths.products, ProductListSchema, { signal }),
  });

export function useCreateRecall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecallBody) => apiClient.post(aftersalePaths.recalls, body, RecallSchema),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.aftersale.recalls() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.products.all });
    },
  });
}

/** POST /api/recalls/{id}/lift (issue 39): the recall's product back on sale. */
export function useLiftRecall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiClient.post(aftersalePaths.liftRecall(id), undefined, RecallSchema),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.aftersale.recalls() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.products.all });
    },
  });
}

export const lookUpSerial = (serial: string) =>
  apiClient.get(aftersalePaths.warranty(serial), WarrantySchema);
