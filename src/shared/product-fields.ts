import { z } from 'zod';
import { numberOrNumericText } from './numbers.ts';

/*
 * The sale fields as the product form and the variants' editor send them (issue 34): one rule and
 * one message each, for a product's default variant (ProductBodySchema) and for every variant
 * (VariantBodySchema).
 */

export const PRODUCT_PRICE_MAX = 1_000_000;
export const PRODUCT_QUANTITY_MAX = 10_000_000;

/** A price in dollars: more than 0, at most PRODUCT_PRICE_MAX, at most 2 decimals. */
export const dollarPrice = () =>
  numberOrNumericText('Price is required').pipe(
    z
      .number()
      .positive('Price must be more than 0')
      .max(PRODUCT_PRICE_MAX, `Price must be at most ${PRODUCT_PRICE_MAX}`)
      .refine(
        (dollars) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6,
        'Price can have at most 2 decimals',
      ),
  );

/** A whole quantity from `min` to PRODUCT_QUANTITY_MAX (numbers or numeric text). */
export const wholeQuantity = (required: string, min: number) =>
  numberOrNumericText(required).pipe(
    z
      .number()
      .int('Must be a whole number')
      .min(min, `Must be at least ${min}`)
      .max(PRODUCT_QUANTITY_MAX, `Must be at most ${PRODUCT_QUANTITY_MAX}`),
  );
