import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  MyAftersaleSchema,
  RefundSchema,
  ReturnSchema,
  WarrantySchema,
  type RefundBody,
  type ReturnBody,
  aftersalePaths,
} from '../../../../shared/aftersale.ts';
import { apiClient, apiDownload } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { postOnce } from '../../../lib/post-once.ts';
import { saveDownload } from '../../../lib/save-download.ts';

/*
 * After the sale, from the orders' screens (issue 25): what My Orders shows per order, and the
 * customer's and the admin's actions on one order. Every change refreshes the orders and this view.
 */

/** GET /api/aftersale/mine: refunds, returns, serials and recalls per order of the customer. */
export function useMyAftersale() {
  return useQuery({
    queryKey: queryKeys.aftersale.mine,
    queryFn: ({ signal }) => apiClient.get(aftersalePaths.mine, MyAftersaleSchema, { signal }),
  });
}

function useRefreshing<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.aftersale.mine });
      void queryClient.invalidateQueries({ queryKey: queryKeys.purchases.all });
    },
  });
}

/**
 * POST /api/purchase/{id}/refunds (admins): one Idempotency-Key per submit, retried once with it
 * after a network error or a 503, so a refund whose answer was lost is never made twice.
 */
export const useRefundOrder = () =>
  useRefreshing(({ orderId, body }: { orderId: string; body: RefundBody }) =>
    postOnce(aftersalePaths.refunds(orderId), body, RefundSchema),
  );

/** POST /api/purchase/{id}/returns (the order's customer). */
export const useRequestReturn = () =>
  useRefreshing(({ orderId, body }: { orderId: string; body: ReturnBody }) =>
    apiClient.post(aftersalePaths.returnsOf(orderId), body, ReturnSchema),
  );

/** POST /api/purchase/{id}/serials (the order's customer). */
export const useRegisterSerial = () =>
  useRefreshing(({ orderId, serial }: { orderId: string; serial: string }) =>
    apiClient.post(aftersalePaths.serials(orderId), { serial }, WarrantySchema),
  );

/** POST /api/recalls/{id}/acknowledge: "I have read this". */
export const useAcknowledgeRecall = () =>
  useRefreshing((recallId: string) =>
    apiClient.post(
      aftersalePaths.acknowledgeRecall(recallId),
      {},
      z.object({ acknowledged: z.literal(true) }),
    ),
  );

/** GET /api/refunds/{id}/credit-note, saved as a file. */
export async function downloadCreditNote(refundId: string, number: number): Promise<void> {
  const { blob } = await apiDownload(aftersalePaths.creditNote(refundId));
  saveDownload({ blob, filename: `toolhouse-credit-note-${number}.pdf` });
}
