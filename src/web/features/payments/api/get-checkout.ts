import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { CheckoutSchema, type Checkout } from '../../../../shared/checkout.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/checkouts/{id}: the checkout an order was placed in, with every order of it and what
 * is still to pay. An order is paid with its whole checkout, so the page shows and asks for that.
 */
export function getCheckout(
  checkoutId: string,
  options: { signal?: AbortSignal } = {},
): Promise<Checkout> {
  return apiClient.get(apiPaths.checkoutById(checkoutId), CheckoutSchema, options);
}

export const checkoutQueryOptions = (checkoutId: string) =>
  queryOptions({
    queryKey: queryKeys.purchases.checkout(checkoutId),
    queryFn: ({ signal }) => getCheckout(checkoutId, { signal }),
    // An order of it may have been deleted or paid meanwhile: asked again each time.
    staleTime: 0,
  });

export function useCheckout(checkoutId: string) {
  return useQuery(checkoutQueryOptions(checkoutId));
}
