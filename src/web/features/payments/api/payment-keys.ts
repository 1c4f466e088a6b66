import { queryKeyRoots } from '../../../lib/query-keys.ts';

/**
 * The order being paid sits under the orders' root (['purchases', 'detail', id]), so any change to
 * orders refreshes it too; the payment secret has a key of its own.
 */
export const paymentKeys = {
  order: (orderId: string) => [...queryKeyRoots.purchases, 'detail', orderId] as const,
  intent: (orderId: string) => ['payment-intent', orderId] as const,
};
