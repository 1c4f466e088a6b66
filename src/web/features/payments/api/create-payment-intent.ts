import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import {
  PaymentIntentResponseSchema,
  type PaymentIntentResponse,
} from '../../../../shared/payment.ts';
import { sendOnce } from '../../../lib/post-once.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * POST /api/create-payment-intent {purchaseId}: the payment secret for this order (the server
 * takes the amount from the order). One intent per order, so asking again answers the same secret.
 * One Idempotency-Key per ask, retried once with it after a network error or a 503 (post-once).
 * 409 when the order is already paid, cancelled or expired; 404 when it is unknown or not ours.
 */
export function createPaymentIntent(
  orderId: string,
  options: { signal?: AbortSignal } = {},
): Promise<PaymentIntentResponse> {
  return sendOnce(
    'POST',
    apiPaths.createPaymentIntent,
    { purchaseId: orderId },
    PaymentIntentResponseSchema,
    options,
  );
}

/** A query rather than a mutation: it is idempotent, and a remount must not ask twice. */
export const paymentIntentQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: queryKeys.paymentIntent(orderId),
    queryFn: ({ signal }) => createPaymentIntent(orderId, { signal }),
    staleTime: Infinity,
    // A failure is shown at once under the form; Pay asks again (the server bounds each try).
    retry: false,
  });

/** Not asked at all while `enabled` is false (no payment provider is active). */
export function usePaymentIntent(orderId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...paymentIntentQueryOptions(orderId), enabled });
}
