import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiPaths } from '../../shared/api-paths.ts';
import { CheckoutQuoteSchema, type CheckoutQuote, type QuoteBody } from '../../shared/pricing.ts';
import { apiClient } from '../lib/api-client.ts';
import { queryKeys } from '../lib/query-keys.ts';

// The pricing step (issue 35): what the checkout and the purchase form show before an order is
// placed (each line's price and tax, the shipping methods, the total), and the `quoteId` they send
// with it. Two features read it and features never import each other, so it lives outside both.

export const CHECKOUT_QUOTE_PATH = `${apiPaths.checkout}/quote`;
/** How long the fields rest before they are priced (one request per pause, not per key). */
export const QUOTE_DELAY_MS = 250;

/**
 * POST /api/checkout/quote: 200 with the quote; 400 with `fields` for a bad address, 404 for an
 * unknown saved address, 409 when nothing can be delivered there, 503 when tax cannot be computed.
 */
export function getCheckoutQuote(
  body: QuoteBody,
  options: { signal?: AbortSignal } = {},
): Promise<CheckoutQuote> {
  return apiClient.post(CHECKOUT_QUOTE_PATH, body, CheckoutQuoteSchema, options);
}

/** The value once it has not changed for `delayMs` (compared by its JSON). */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  const json = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(json) as T), delayMs);
    return () => clearTimeout(timer);
  }, [json, delayMs]);
  return settled;
}

/**
 * The quote for `body` (null: nothing to price yet), asked once the fields rest. `basketKey` says
 * which basket it prices (its lines), so a changed basket is priced again. The last answer stays
 * shown while the next is asked.
 */
export function useCheckoutQuote(body: QuoteBody | null, basketKey = '') {
  const settled = useSettled(body, QUOTE_DELAY_MS);
  return useQuery({
    queryKey: queryKeys.checkoutQuote({ body: settled, basketKey }),
    queryFn: ({ signal }) => getCheckoutQuote(settled ?? {}, { signal }),
    enabled: settled !== null,
    // A quote can be placed for QUOTE_TTL_MINUTES; a minute-old one is asked again on return.
    staleTime: 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/**
 * The quote of exactly these fields, for placing: the one shown when it is still fresh, else a new
 * one (the customer may press Place order before the last change was priced).
 */
export function useQuoteFor(basketKey = '') {
  const queryClient = useQueryClient();
  return (body: QuoteBody) =>
    queryClient.fetchQuery({
      queryKey: queryKeys.checkoutQuote({ body, basketKey }),
      queryFn: ({ signal }) => getCheckoutQuote(body, { signal }),
      staleTime: 60_000,
      retry: false,
    });
}
