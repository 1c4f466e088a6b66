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

// ---- Staff: PUT /api/products/{id}/variants (replaces the product's options and variants) ----

export const VARIANTS_MAX = 100;
export const OPTIONS_MAX = 3;
export const OPTION_VALUES_MAX = 20;
export const KIT_PARTS_MAX = 10;
export const WEIGHT_GRAMS_MAX = 1_000_000;
export const DIMENSION_MM_MAX = 10_000;

/** One part of a kit as staff send it: the part's SKU and how many the kit holds. */
export const VariantPartBodySchema = z.object({
  sku: SkuSchema,
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(1000, 'Quantity must be at most 1000'),
});

/**
 * One variant as staff send it (prices in dollars, as the product form). A variant whose SKU
 * exists on this product is updated (its orders keep pointing at it); a new SKU is added; a
 * variant left out is deleted (its orders keep their SKU and label). The first is the default.
 * The field rules (price, minimum, stock, breaks) are the product form's; the server checks the
 * rules across rows (SKUs unique, option values one of the product's options, one variant per
 * combination, parts that exist and are not kits themselves).
 */
export const VariantBodySchema = z.object({
  sku: SkuSchema,
  optionValues: z.record(z.string(), z.string()).default({}),
  price: z.number({ error: 'Price is required' }).positive('Price must be more than 0'),
  priceBreaks: z.array(z.object({ minQuantity: z.number().int(), price: z.number() })).default([]),
  minQuantity: z.number().int().min(1, 'Must be at least 1'),
  /** Ignored for a kit (its stock is its parts'). */
  availableQuantity: z.number().int().min(0, 'Must be at least 0'),
  weightGrams: z
    .number()
    .int()
    .min(0, 'Weight must be at least 0')
    .max(WEIGHT_GRAMS_MAX, `Weight must be at most ${WEIGHT_GRAMS_MAX} g`)
    .default(0),
  lengthMm: z.number().int().positive().max(DIMENSION_MM_MAX).nullable().default(null),
  widthMm: z.number().int().positive().max(DIMENSION_MM_MAX).nullable().default(null),
  heightMm: z.number().int().positive().max(DIMENSION_MM_MAX).nullable().default(null),
  images: z.array(z.string()).max(8).default([]),
  parts: z.array(VariantPartBodySchema).max(KIT_PARTS_MAX).default([]),
});
export type VariantBody = z.input<typeof VariantBodySchema>;

export const ProductVariantsBodySchema = z.object({
  options: z
    .array(
      z.object({
        name: z.string().trim().min(1, 'Option name is required').max(40),
        values: z.array(z.string().trim().min(1).max(40)).min(1).max(OPTION_VALUES_MAX),
      }),
    )
    .max(OPTIONS_MAX, `A product can have at most ${OPTIONS_MAX} options`),
  variants: z
    .array(VariantBodySchema)
    .min(1, 'A product needs at least one variant')
    .max(VARIANTS_MAX, `A product can have at most ${VARIANTS_MAX} variants`),
  /** The product's version the editor saw (GET /api/products/{id}): stale is refused (409). */
  version: z.number().int().positive().optional(),
});
export type ProductVariantsBody = z.input<typeof ProductVariantsBodySchema>;

// ---- Quick order: POST /api/quick-order ----

export const QUICK_ORDER_LINES_MAX = 100;
export const QuickOrderBodySchema = z.object({
  lines: z
    .array(
      z.object({
        sku: z.string().max(100),
        quantity: z.number().int(),
      }),
    )
    .min(1, 'Add at least one line')
    .max(QUICK_ORDER_LINES_MAX, `At most ${QUICK_ORDER_LINES_MAX} lines at once`),
});
export type QuickOrderBody = z.input<typeof QuickOrderBodySchema>;

/** Each line's result, in the order sent: added to the basket, or why not. */
export const QuickOrderResultSchema = z.object({
  lines: z.array(
    z.object({
      sku: z.string(),
      quantity: z.number().int(),
      /** null: added to the basket. */
      problem: z.string().nullable(),
      /** The variant's name for people when the SKU is known. */
      name: z.string().nullable(),
    }),
  ),
  added: z.number().int(),
});
export type QuickOrderResult = z.infer<typeof QuickOrderResultSchema>;
