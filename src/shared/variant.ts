import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { PriceBreakSchema } from './price-breaks.ts';

/*
 * What is sold is a variant (issue 34, docs/decisions/047). A product groups one or more variants;
 * each has a SKU (unique in the shop, case-insensitively), its option values, price, price breaks,
 * minimum, stock, weight, dimensions and optionally its own pictures. A kit is a variant made of
 * other variants: its stock is what its parts allow. The spec's product fields (`price`,
 * `minQuantity`, `availableQuantity`, `img`) are the default variant's (the first).
 */

export const SKU_MAX = 40;
export const SKU_PATTERN = /^[A-Za-z0-9._-]{1,40}$/;
export const SKU_FORMAT_MESSAGE = `SKU must be 1 to ${SKU_MAX} letters, digits, "-", "_" or "."`;
export const SKU_REQUIRED_MESSAGE = 'SKU is required';
export const skuTakenMessage = (sku: string) => `SKU ${sku} is already used by another variant`;
export const unknownSkuMessage = (sku: string) => `Unknown SKU ${sku}`;
export const VARIANT_NOT_FOUND_MESSAGE = 'Variant not found';

/** A SKU as typed: trimmed, then 1–40 letters, digits, `-`, `_`, `.`. */
export const SkuSchema = z
  .string({ error: SKU_REQUIRED_MESSAGE })
  .trim()
  .min(1, SKU_REQUIRED_MESSAGE)
  .regex(SKU_PATTERN, SKU_FORMAT_MESSAGE);

/** The same SKU whatever its letters' case (the shop's uniqueness rule). */
export const sameSku = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** An option of a product (e.g. Voltage: 12V, 18V), its values in the order shown. */
export const ProductOptionSchema = z.object({
  name: z.string(),
  values: z.array(z.string()),
});
export type ProductOption = z.infer<typeof ProductOptionSchema>;

/** One part of a kit: the part's SKU, how many the kit holds, and the part as it is now. */
export const VariantPartSchema = z.object({
  sku: z.string(),
  quantity: z.number().int(),
  /** The part's product and label; null when the part was deleted (the kit cannot be sold). */
  productId: IdSchema.nullable(),
  name: z.string().nullable(),
});
export type VariantPart = z.infer<typeof VariantPartSchema>;

/** A variant as the API shows it (prices in dollars, as the spec's product). */
export const VariantSchema = z.object({
  _id: IdSchema,
  productId: IdSchema,
  sku: z.string(),
  /** Its value of each of the product's options, e.g. { Voltage: '18V', Kit: 'Bare tool' }. */
  optionValues: z.record(z.string(), z.string()),
  /** The option values joined for people, e.g. "18V · Bare tool"; '' for a product's only one. */
  label: z.string(),
  price: z.number(),
  priceBreaks: z.array(PriceBreakSchema),
  minQuantity: z.number().int(),
  /** For a kit, what its parts allow. */
  availableQuantity: z.number().int(),
  weightGrams: z.number().int(),
  lengthMm: z.number().int().nullable(),
  widthMm: z.number().int().nullable(),
  heightMm: z.number().int().nullable(),
  /** Its own pictures (empty: the product's). */
  images: z.array(z.string()),
  /** Withdrawn by a recall (itself or, for a kit, one of its parts). */
  withdrawn: z.boolean(),
  /** Empty unless it is a kit. */
  parts: z.array(VariantPartSchema),
  version: z.number().int(),
});
export type Variant = z.infer<typeof VariantSchema>;

/** The label of a variant from its option values, in the product's option order. */
export function variantLabel(
  options: readonly ProductOption[],
  values: Readonly<Record<string, string>>,
): string {
  return options
    .map((option) => values[option.name])
    .filter((value): value is string => value !== undefined && value !== '')
    .join(' · ');
}

/** A name for people: the product's name and, when it has several variants, the variant's label. */
export const variantDisplayName = (productName: string, label: string): string =>
  label === '' ? productName : `${productName} (${label})`;
