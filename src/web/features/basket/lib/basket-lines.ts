import {
  basketLineKey,
  PRODUCT_GONE_MESSAGE,
  type BasketLine,
  type BasketLineInput,
} from '../../../../shared/basket.ts';
import { PRODUCT_WITHDRAWN_MESSAGE } from '../../../../shared/for-sale.ts';
import { centsToDollars, dollarsToCents } from '../../../../shared/money.ts';
import type { CheckoutQuote, QuotedLine } from '../../../../shared/pricing.ts';
import { unitPriceFor } from '../../../../shared/price-breaks.ts';
import { orderQuantityProblem } from '../../../../shared/purchase.ts';

// The basket as the page shows it between the server's answers (a visitor's basket, a quantity
// being saved): the same arithmetic and rules as the server's, for display only.

export interface PricedBasket {
  lines: BasketLine[];
  totalPrice: number;
}

/** Whether no quantity of the line can be ordered: its product is gone, or a recall withdrew it. */
export const orderableAtNoQuantity = (line: BasketLine): boolean =>
  line.problem === PRODUCT_GONE_MESSAGE || line.problem === PRODUCT_WITHDRAWN_MESSAGE;

/** A line at another quantity: its total and the rule it breaks at that quantity. */
export function atQuantity(line: BasketLine, quantity: number): BasketLine {
  const stuck = orderableAtNoQuantity(line);
  return {
    ...line,
    quantity,
    price: unitPriceFor({ price: line.basePrice, priceBreaks: line.priceBreaks }, quantity),
    lineTotal: centsToDollars(
      dollarsToCents(
        unitPriceFor({ price: line.basePrice, priceBreaks: line.priceBreaks }, quantity),
      ) * quantity,
    ),
    problem: stuck ? line.problem : (orderQuantityProblem(quantity, line) ?? null),
  };
}

/** The lines and their sum. */
export function priced(lines: BasketLine[]): PricedBasket {
  const cents = lines.reduce((sum, line) => sum + dollarsToCents(line.lineTotal), 0);
  return { lines, totalPrice: centsToDollars(cents) };
}

/**
 * A line as the basket is saved (PUT /api/basket, a visitor's browser): a variant of a product of
 * several keeps its SKU (issue 34); a product's only variant is sent as before, by its product;
 * a visitor's line of a variant deleted since keeps the SKU it was stored with.
 */
export function lineInput(line: BasketLine, quantity = line.quantity): BasketLineInput {
  const keepSku =
    line.sku !== '' && (line.variantLabel !== '' || line.problem === PRODUCT_GONE_MESSAGE);
  return { productId: line.productId, ...(keepSku && { sku: line.sku }), quantity };
}

/** The key of a line on the page: one per variant. */
export const lineKey = (line: BasketLine): string => basketLineKey(lineInput(line));

/** The quote's line of a basket line: the same product, and its SKU when the line names one. */
export const quotedLineFor = (quote: CheckoutQuote, line: BasketLine): QuotedLine | undefined =>
  quote.lines.find(
    (each) => each.productId === line.productId && (line.sku === '' || each.sku === line.sku),
  );
