import { PRODUCT_GONE_MESSAGE, type BasketLine } from '../../../../shared/basket.ts';
import { PRODUCT_WITHDRAWN_MESSAGE } from '../../../../shared/for-sale.ts';
import { centsToDollars, dollarsToCents } from '../../../../shared/money.ts';
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
