import { PriceBreakSchema } from './price-breaks.ts';
import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { singleLineText } from './text.ts';
import { SkuSchema } from './variant.ts';
import { ABOVE_MAXIMUM_MESSAGE, BELOW_MINIMUM_MESSAGE, ORDER_QUANTITY_MAX } from './purchase.ts';

// The basket (issue 22): what a customer means to buy, line by line, before one checkout places
// it. A visitor's basket lives in the browser (localStorage); a signed-in customer's on the server,
// so it follows them between devices. Prices and totals are always the server's.

/** A basket holds at most this many lines (one per product). */
export const BASKET_MAX_LINES = 50;
export const BASKET_TOO_LONG_MESSAGE = `A basket holds at most ${BASKET_MAX_LINES} lines`;
export const BASKET_DUPLICATE_LINE_MESSAGE = 'Each product can be in the basket once';
/** The key of a sent line: its product and SKU (none: the product's default variant). */
export const basketLineKey = (line: { productId: string; sku?: string | undefined }) =>
  `${line.productId.toLowerCase()} ${line.sku?.toLowerCase() ?? ''}`;
/** A line whose product was deleted, or an id no product has. */
export const PRODUCT_GONE_MESSAGE = 'This product is no longer available';
/** The name of a line whose product is gone when nothing kept its name (a visitor's basket). */
export const GONE_PRODUCT_NAME = 'Unavailable product';
export const BASKET_EMPTY_MESSAGE = 'Your basket is empty';
export const ADDED_TO_BASKET_MESSAGE = 'Added to basket';

export const BasketLineInputSchema = z.object({
  productId: singleLineText('Product', { required: 'Product is required', keepSpaces: true }).max(
    100,
  ),
  /** Issue 34: the variant (its SKU, the product's); left out: the product's default variant. */
  sku: SkuSchema.optional(),
  quantity: z
    .number({ error: 'Order Quantity must be a whole number' })
    .int('Order Quantity must be a whole number')
    .positive(BELOW_MINIMUM_MESSAGE)
    .max(ORDER_QUANTITY_MAX, ABOVE_MAXIMUM_MESSAGE),
});
export type BasketLineInput = z.infer<typeof BasketLineInputSchema>;

const basketLines = z
  .array(BasketLineInputSchema)
  .max(BASKET_MAX_LINES, BASKET_TOO_LONG_MESSAGE)
  .refine(
    (lines) => new Set(lines.map(basketLineKey)).size === lines.length,
    BASKET_DUPLICATE_LINE_MESSAGE,
  );

/** PUT /api/basket: replaces the whole basket. Lines of unknown products are dropped (reported). */
export const PutBasketBodySchema = z.object({ lines: basketLines });
export type PutBasketBody = z.infer<typeof PutBasketBodySchema>;

/**
 * POST /api/basket/merge: adds lines to the stored basket (a visitor's basket at sign-in, or "Order
 * again"): the quantities of a product already there are added up, then every line is adjusted to
 * today's rules (raised to the minimum, lowered to the stock, dropped when out of stock or gone),
 * and each adjustment is said in `notices`.
 */
export const MergeBasketBodySchema = PutBasketBodySchema;

/** One line as the server prices it today. Money in dollars, as everywhere in the API. */
export const BasketLineSchema = z.object({
  productId: IdSchema,
  /** Issue 34: the line's variant: its SKU ('' when gone) and label ('' for a product's only one). */
  sku: z.string(),
  variantLabel: z.string(),
  /** The product's name, with the variant's label when it has one: "Drill (18V · Kit)". */
  name: z.string(),
  img: z.string(),
  /** The unit price today at this quantity (its price break's, else the base price). */
  price: z.number(),
  /** The product's base price and volume price breaks, to price other quantities alike. */
  basePrice: z.number(),
  priceBreaks: z.array(PriceBreakSchema),
  quantity: z.number().int(),
  lineTotal: z.number(),
  minQuantity: z.number().int(),
  availableQuantity: z.number().int(),
  /**
   * The rule this line breaks today (orderQuantityProblem's message, PRODUCT_GONE_MESSAGE for a
   * product deleted since, PRODUCT_WITHDRAWN_MESSAGE for one a safety recall withdrew), or null.
   */
  problem: z.string().nullable(),
});
export type BasketLine = z.infer<typeof BasketLineSchema>;

/** GET/PUT /api/basket, POST /api/basket/merge. */
export const BasketSchema = z.object({
  lines: z.array(BasketLineSchema),
  /** The sum of the line totals, in dollars. */
  totalPrice: z.number(),
  /** What the server changed or dropped, in words for the customer ("… was raised to 5, its minimum order"). */
  notices: z.array(z.string()),
});
export type Basket = z.infer<typeof BasketSchema>;

/** The words of one adjustment made to a merged line. */
export const basketNotices = {
  raisedToMinimum: (name: string, min: number) =>
    `${name}: the quantity was raised to ${min}, its minimum order`,
  loweredToStock: (name: string, stock: number) =>
    `${name}: the quantity was lowered to ${stock}, the stock available`,
  outOfStock: (name: string) => `${name} is out of stock and was left out`,
  withdrawn: (name: string) =>
    `${name} is withdrawn from sale for a safety recall and was left out`,
  gone: () => `A product that is no longer available was left out`,
} as const;
