import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { PurchaseSchema, type Purchase } from '../../../../shared/purchase.ts';
import { sendOnce } from '../../../lib/post-once.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { CardPaymentError, type CardConfirmation } from '../lib/card-payment.ts';

/**
 * PATCH /api/purchase/{id} {transactionId}: the server checks with the provider that this intent
 * succeeded for this order and amount, and answers the paid order. 409 with a message when it
 * cannot be marked paid (e.g. the order was cancelled meanwhile and the payment refunded). One
 * Idempotency-Key per submit, retried once with it after a network error or a 503 (post-once).
 */
export function markOrderPaid(orderId: string, transactionId: string): Promise<Purchase> {
  return sendOnce('PATCH', apiPaths.purchase(orderId), { transactionId }, PurchaseSchema);
}

export interface PaidOrder {
  order: Purchase;
  transactionId: string;
}

/**
 * Confirms the card with the provider, then tells our server. A card that was confirmed but whose
 * order could not be marked paid (a network failure on the PATCH) is not charged again: the next
 * attempt only asks the server again, with the same intent.
 */
export function usePayOrder(orderId: string, onPaid: (paid: PaidOrder) => void) {
  const queryClient = useQueryClient();
  const confirmedIntent = useRef<string | null>(null);

  return useMutation({
    mutationFn: async (confirmCard: () => Promise<CardConfirmation>): Promise<PaidOrder> => {
      if (confirmedIntent.current === null) {
        const confirmation = await confirmCard();
        if (!confirmation.ok) throw new CardPaymentError(confirmation.message);
        confirmedIntent.current = confirmation.paymentIntentId;
      }
      const transactionId = confirmedIntent.current;
      const order = await markOrderPaid(orderId, transactionId);
      return { order, transactionId: order.transactionId ?? transactionId };
    },
    onSuccess: (paid) => {
      queryClient.setQueryData(queryKeys.purchases.detail(orderId), paid.order);
      queryClient.removeQueries({ queryKey: queryKeys.paymentIntent(orderId) });
      onPaid(paid);
    },
    // My Orders and the admin's list show the change. This page's own order is left alone on a
    // failure, so the server's message stays in view rather than a refreshed state replacing it.
    onSettled: () => {
      void queryClient.invalidateQueries({
        queryKey: queryKeys.purchases.all,
        predicate: ({ queryKey }) =>
          JSON.stringify(queryKey) !== JSON.stringify(queryKeys.purchases.detail(orderId)),
      });
    },
  });
}
