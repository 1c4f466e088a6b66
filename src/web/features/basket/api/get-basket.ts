import { toast } from 'react-toastify/unstyled';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { BASKET_MAX_LINES, BasketSchema, type Basket } from '../../../../shared/basket.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { getVisitorLines, setVisitorLines } from '../lib/visitor-basket.ts';
import { mergeBasket } from './merge-basket.ts';

/** GET /api/basket: the signed-in customer's basket, priced today, each line's problem said. */
export function getBasket(options: { signal?: AbortSignal } = {}): Promise<Basket> {
  return apiClient.get(apiPaths.basket, BasketSchema, options);
}

/**
 * The signed-in basket. Lines the customer put in the basket before signing in (this browser's
 * visitor basket) move into it first: merged by the server, which says what it adjusted; the
 * browser's copy is cleared only once the server holds them. Whichever screen first reads the
 * basket after a sign-in (the navbar, on every page) does it, so no sign-in path can skip it.
 */
export async function loadBasket(signal?: AbortSignal): Promise<Basket> {
  const visitorLines = getVisitorLines();
  if (visitorLines.length === 0) return getBasket({ signal });
  // No signal: a merge the server may already have applied must not be abandoned half-way.
  const basket = await mergeBasket(visitorLines.slice(0, BASKET_MAX_LINES));
  setVisitorLines([]);
  for (const notice of basket.notices) toast.info(notice);
  return basket;
}
