import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import type { z } from 'zod';
import { CheckoutPlacedSchema, type CheckoutBody } from '../../../../shared/checkout.ts';
import type { DeliveryFieldsSchema } from '../../../../shared/pricing.ts';
import { postOnce } from '../../../lib/post-once.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * What the checkout sends (issue 35): the quote's delivery fields (`address` as a structured
 * address, or a saved one's `addressId`; `shippingMethod`), its `quoteId`, the phone and the PO
 * reference. The server places exactly what that quote showed, or answers 409
 * PRICES_CHANGED_MESSAGE.
 */
export type PlaceCheckoutBody = Omit<CheckoutBody, 'address'> &
  z.input<typeof DeliveryFieldsSchema> & { quoteId: string };

/**
 * POST /api/checkout: one order per line of the signed-in basket, all or nothing (201); sent with
 * an Idempotency-Key and retried once on a network error or 503 (post-once.ts). 409 with
 * `fields` naming each failing line by its product id (nothing ordered, the basket kept); 400
 * with `fields` for a bad address, phone or PO reference; 503 when tax cannot be computed.
 */
export function placeCheckout(body: PlaceCheckoutBody) {
  return postOnce(apiPaths.checkout, body, CheckoutPlacedSchema);
}

/**
 * Placing the basket. `refreshBasket` asks for the (emptied) basket again: the page calls it once
 * it has moved on to the payment page, so the checkout never shows an empty basket meanwhile.
 */
export function usePlaceCheckout() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: placeCheckout,
    // Placed: stock was taken and orders made. Refused: the page shows why next to each line and
    // nothing else changes, so nothing is asked again.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.purchases.all }),
      ]),
  });
  const refreshBasket = () => queryClient.invalidateQueries({ queryKey: queryKeys.basket });
  return { ...mutation, refreshBasket };
}
