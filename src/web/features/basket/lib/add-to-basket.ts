import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify/unstyled';
import {
  ADDED_TO_BASKET_MESSAGE,
  BASKET_MAX_LINES,
  BASKET_TOO_LONG_MESSAGE,
  type BasketLineInput,
} from '../../../../shared/basket.ts';
import { ORDER_QUANTITY_MAX } from '../../../../shared/purchase.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { mergeBasket } from '../api/merge-basket.ts';
import { getVisitorLines, setVisitorLines, visitorLineKey } from './visitor-basket.ts';

// Loaded when a customer first adds something (components/add-to-basket-button.tsx): the product
// cards that show the button are server-rendered, and this needs the schemas and the toasts.

/**
 * A visitor's lines with `line` added as the server would add it (the quantities of one variant
 * summed; two variants of one product are two lines), or null when the basket holds the most
 * lines already.
 */
function withVisitorLine(line: BasketLineInput): BasketLineInput[] | null {
  const lines = [...getVisitorLines()];
  const index = lines.findIndex((existing) => visitorLineKey(existing) === visitorLineKey(line));
  const existing = lines[index];
  if (existing) {
    const quantity = Math.min(existing.quantity + line.quantity, ORDER_QUANTITY_MAX);
    lines[index] = { ...existing, quantity };
    return lines;
  }
  return lines.length < BASKET_MAX_LINES ? [...lines, line] : null;
}

/**
 * Adds a line to the basket and tells the customer: a visitor's in this browser; a customer's on
 * the server, which adjusts it to today's minimum and stock and says so in its notices.
 */
export async function addToBasket(
  queryClient: QueryClient,
  line: BasketLineInput,
  signedIn: boolean,
): Promise<void> {
  if (!signedIn) {
    const lines = withVisitorLine(line);
    if (!lines) {
      toast.error(BASKET_TOO_LONG_MESSAGE);
      return;
    }
    setVisitorLines(lines);
    toast.success(ADDED_TO_BASKET_MESSAGE);
    return;
  }
  try {
    const basket = await mergeBasket([line]);
    queryClient.setQueryData(queryKeys.basket, basket);
    if (basket.notices.length === 0) toast.success(ADDED_TO_BASKET_MESSAGE);
    for (const notice of basket.notices) toast.info(notice);
  } catch (error) {
    toast.error(getErrorMessage(error));
  }
}
