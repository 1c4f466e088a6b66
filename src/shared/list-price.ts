import { formatDollars } from './money.ts';

/*
 * A product's price where products are listed (cards, "Goes well with"): its price, or "from" its
 * cheapest variant's when its variants differ in price (issue 34). No zod here: the home page's
 * JavaScript reads it.
 */

/** Whether a product's variants differ in price. */
export const variantPricesDiffer = (product: { priceFrom: number; priceTo: number }): boolean =>
  product.priceFrom !== product.priceTo;

/** "$129.00", or "from $99.00" when the variants differ in price. */
export function listPriceText(product: {
  price: number;
  priceFrom: number;
  priceTo: number;
}): string {
  return variantPricesDiffer(product)
    ? `from $${formatDollars(product.priceFrom)}`
    : `$${formatDollars(product.price)}`;
}
