import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import type { PostalAddress } from '../../../../shared/postal-address.ts';
import { PurchaseSchema, type PurchaseBody } from '../../../../shared/purchase.ts';
import { postOnce } from '../../../lib/post-once.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * What the purchase form sends (issue 35): the spec's fields (Address is the first line), the rest
 * of a structured address beside them (`country`, `region`, `city`, `postalCode`; left out, the
 * address is one line, priced at the shop's origin), and the `quoteId` of the prices it showed
 * (409 PRICES_CHANGED_MESSAGE when they no longer hold), with the promotion codes it was priced
 * with (issue 36; the quote holds its promotions).
 */
export type CreatePurchaseBody = PurchaseBody &
  Partial<Pick<PostalAddress, 'country' | 'region' | 'city' | 'postalCode'>> & {
    quoteId?: string;
  };

/**
 * POST /api/purchase: the new order (201), its price and total set by the server; sent with an
 * Idempotency-Key and retried once on a network error or 503 (post-once.ts). 400 with
 * `fields` for a bad quantity, 409 when the stock ran out meanwhile, 404 for an unknown product.
 */
export function createPurchase(body: CreatePurchaseBody) {
  return postOnce(apiPaths.purchases, body, PurchaseSchema);
}

export function useCreatePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPurchase,
    // Sold or refused, the stock may have changed: the product page (awaited, so it shows the new
    // stock by the time the outcome is told) and every product list ask again; the orders too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.purchases.all }),
      ]),
  });
}
