import { z } from 'zod';
import { numberOrNumericText } from './numbers.ts';

// Volume price breaks (issue 23): from `minQuantity` units on, each unit costs `price` (dollars in
// the API, integer cents inside). The server decides the price of an order from the breaks in force
// when the stock is taken (order-statement.ts); these helpers show the same price in the browser.

export const PRICE_BREAKS_MAX = 5;
export const PRICE_BREAKS_LABEL = 'Volume pricing';
export const PRICE_BREAKS_TABLE_TITLE = 'Buy more, pay less';

export const PRICE_BREAKS_TOO_MANY_MESSAGE = `A product can have at most ${PRICE_BREAKS_MAX} price breaks`;
export const BREAK_QUANTITY_REQUIRED_MESSAGE = 'From quantity is required';
export const BREAK_PRICE_REQUIRED_MESSAGE = 'Unit price is required';
export const BREAK_ABOVE_MINIMUM_MESSAGE =
  'From quantity must be more than the Minimum Order Quantity';
export const BREAK_QUANTITY_INCREASING_MESSAGE = 'From quantity must be more than the row above';
export const BREAK_BELOW_BASE_MESSAGE = 'Unit price must be below the Price';
export const BREAK_PRICE_DECREASING_MESSAGE = 'Unit price must be below the row above';

/** One break as the API shows it. */
export const PriceBreakSchema = z.object({
  minQuantity: z.number().int(),
  price: z.number(),
});
export type PriceBreak = z.infer<typeof PriceBreakSchema>;

const hasAtMostTwoDecimals = (dollars: number) =>
  Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;

/** One break as an admin sends it (numbers or numeric text, as the form's fields give them). */
export const PriceBreakBodySchema = z.object({
  minQuantity: numberOrNumericText(BREAK_QUANTITY_REQUIRED_MESSAGE).pipe(
    z
      .number()
      .int('From quantity must be a whole number')
      .min(2, 'From quantity must be at least 2')
      .max(10_000_000, 'From quantity must be at most 10000000'),
  ),
  price: numberOrNumericText(BREAK_PRICE_REQUIRED_MESSAGE).pipe(
    z
      .number()
      .positive('Unit price must be more than 0')
      .refine(hasAtMostTwoDecimals, 'Unit price can have at most 2 decimals'),
  ),
});
export type PriceBreakBody = z.input<typeof PriceBreakBodySchema>;

export const PriceBreaksBodySchema = z
  .array(PriceBreakBodySchema)
  .max(PRICE_BREAKS_MAX, PRICE_BREAKS_TOO_MANY_MESSAGE);

/** Where a rule across rows fails: the row, its field and the message. */
export interface PriceBreakProblem {
  index: number;
  field: 'minQuantity' | 'price';
  message: string;
}

/**
 * The rules across rows and against the product (the form and the server check the same):
 * quantities strictly increasing and above the minimum order quantity, prices strictly decreasing
 * and below the base price. Compared in cents, as stored.
 */
export function priceBreakProblems(
  breaks: readonly PriceBreak[],
  product: { price: number; minQuantity: number },
): PriceBreakProblem[] {
  const problems: PriceBreakProblem[] = [];
  const base = Math.round(product.price * 100);
  breaks.forEach((row, index) => {
    const previous = index > 0 ? breaks[index - 1] : undefined;
    if (row.minQuantity <= product.minQuantity)
      problems.push({ index, field: 'minQuantity', message: BREAK_ABOVE_MINIMUM_MESSAGE });
    else if (previous && row.minQuantity <= previous.minQuantity)
      problems.push({ index, field: 'minQuantity', message: BREAK_QUANTITY_INCREASING_MESSAGE });
    const cents = Math.round(row.price * 100);
    if (cents >= base) problems.push({ index, field: 'price', message: BREAK_BELOW_BASE_MESSAGE });
    else if (previous && cents >= Math.round(previous.price * 100))
      problems.push({ index, field: 'price', message: BREAK_PRICE_DECREASING_MESSAGE });
  });
  return problems;
}

/** The break that applies to `quantity` (the one with the largest minQuantity ≤ it), if any. */
export function breakFor(breaks: readonly PriceBreak[], quantity: number): PriceBreak | undefined {
  let found: PriceBreak | undefined;
  for (const row of breaks) if (row.minQuantity <= quantity) found = row;
  return found;
}

/** The unit price (dollars) of `quantity` units: the applicable break's, else the base price. */
export function unitPriceFor(
  product: { price: number; priceBreaks: readonly PriceBreak[] },
  quantity: number,
): number {
  return breakFor(product.priceBreaks, quantity)?.price ?? product.price;
}

/** The lowest unit price a product can have ("from $X" on cards), or undefined without breaks. */
export function lowestBreakPrice(breaks: readonly PriceBreak[]): number | undefined {
  return breaks.at(-1)?.price;
}

/** How a line says which break applies: "Volume price from 10" (or undefined). */
export const breakAppliedText = (row: PriceBreak) => `Volume price from ${row.minQuantity}`;

/** The breaks as stored: integer cents, ascending quantities. */
export interface StoredPriceBreak {
  minQuantity: number;
  priceCents: number;
}

export const toStoredBreaks = (breaks: readonly PriceBreak[]): StoredPriceBreak[] =>
  breaks.map((row) => ({ minQuantity: row.minQuantity, priceCents: Math.round(row.price * 100) }));

export const fromStoredBreaks = (breaks: readonly StoredPriceBreak[]): PriceBreak[] =>
  breaks.map((row) => ({ minQuantity: row.minQuantity, price: row.priceCents / 100 }));
