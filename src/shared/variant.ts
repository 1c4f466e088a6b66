import { z } from 'zod';
import { IdSchema } from './ids.ts';
import {
  priceBreakProblems,
  PriceBreakSchema,
  PriceBreaksBodySchema,
  type PriceBreak,
} from './price-breaks.ts';
import type { TaxClass } from './postal-address.ts';
import { dollarPrice, wholeQuantity } from './product-fields.ts';
import { singleLineText } from './text.ts';

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

/**
 * What a variant is taxed as (issue 35): `TAX_CLASSES` of postal-address.ts, written here too
 * (importing it would make an import cycle through purchase.ts). `satisfies` keeps ours among
 * those; the type below fails to compile when one of those is missing here.
 */
export const VARIANT_TAX_CLASSES = [
  'standard',
  'reduced',
  'exempt',
] as const satisfies readonly TaxClass[];
export type VariantTaxClassesComplete = TaxClass extends (typeof VARIANT_TAX_CLASSES)[number]
  ? true
  : never;
true satisfies VariantTaxClassesComplete;
export const isTaxClass = (value: string): value is TaxClass =>
  (VARIANT_TAX_CLASSES as readonly string[]).includes(value);

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
  /** What it is taxed as (issue 35): standard, reduced (EU reduced VAT) or exempt. */
  taxClass: z.enum(VARIANT_TAX_CLASSES),
  /** Issue 36: its public sale price in dollars and the promotion's name (null: none). */
  salePrice: z.number().nullable(),
  salePromotion: z.string().nullable(),
});
export type Variant = z.infer<typeof VariantSchema>;

export const TAX_CLASS_MESSAGE = 'Choose a tax class: standard, reduced or exempt';
export const TAX_CLASS_LABELS = {
  standard: 'Standard',
  reduced: 'Reduced',
  exempt: 'Exempt',
} as const satisfies Record<TaxClass, string>;

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

/**
 * GET /api/variants/{sku}: any one line of text; a malformed SKU is as unknown as a missing one
 * (404), and never reaches the database.
 */
export const VariantSkuParamsSchema = z.object({
  sku: singleLineText('SKU', { keepSpaces: true }),
});

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
 * The field rules (price, minimum, stock, breaks) are the product form's, with its messages; the
 * rules across rows are `productVariantsProblems` (the editor and the server check the same), and
 * the server checks what needs the database (SKUs of other products, parts that exist and are not
 * kits themselves).
 */
export const VariantBodySchema = z.object({
  sku: SkuSchema,
  optionValues: z.record(z.string(), z.string().trim()).default({}),
  price: dollarPrice(),
  /** The product form's rules per row; across rows and against the price: the server's. */
  priceBreaks: PriceBreaksBodySchema.default([]),
  minQuantity: wholeQuantity('Minimum Order Quantity is required', 1),
  /** Ignored for a kit (its stock is its parts'). */
  availableQuantity: wholeQuantity('Available Quantity is required', 0),
  weightGrams: z
    .number({ error: 'Weight must be a whole number of grams' })
    .int('Weight must be a whole number of grams')
    .min(0, 'Weight must be at least 0')
    .max(WEIGHT_GRAMS_MAX, `Weight must be at most ${WEIGHT_GRAMS_MAX} g`)
    .default(0),
  lengthMm: dimensionMm('Length'),
  widthMm: dimensionMm('Width'),
  heightMm: dimensionMm('Height'),
  /** Its own pictures, uploaded to this shop (empty: the product's). */
  images: z.array(singleLineText('Image').max(200)).max(8, 'At most 8 images').default([]),
  parts: z
    .array(VariantPartBodySchema)
    .max(KIT_PARTS_MAX, `A kit can have at most ${KIT_PARTS_MAX} parts`)
    .default([]),
  /** What it is taxed as (issue 35). Left out: unchanged (a new variant: standard). */
  taxClass: z.enum(VARIANT_TAX_CLASSES, { error: TAX_CLASS_MESSAGE }).optional(),
  /**
   * The variant's version the editor saw (GET /api/products/{id}): a sale or another edit of this
   * variant since is refused (409) instead of being undone. Left out: applied as sent.
   */
  version: z.number().int().positive().optional(),
});
export type VariantBody = z.input<typeof VariantBodySchema>;

function dimensionMm(name: string) {
  return z
    .number({ error: `${name} must be a whole number of millimetres` })
    .int(`${name} must be a whole number of millimetres`)
    .positive(`${name} must be more than 0`)
    .max(DIMENSION_MM_MAX, `${name} must be at most ${DIMENSION_MM_MAX} mm`)
    .nullable()
    .default(null);
}

export const ProductVariantsBodySchema = z.object({
  options: z
    .array(
      z.object({
        name: singleLineText('Option name', { required: 'Option name is required' }).max(
          40,
          'Option name must be at most 40 characters',
        ),
        values: z
          .array(
            singleLineText('Option value', { required: 'Option value is required' }).max(
              40,
              'Option value must be at most 40 characters',
            ),
          )
          .min(1, 'An option needs at least one value')
          .max(OPTION_VALUES_MAX, `An option can have at most ${OPTION_VALUES_MAX} values`),
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
export type ProductVariantsInput = z.output<typeof ProductVariantsBodySchema>;

export const OPTION_NAME_TWICE_MESSAGE = 'Two options cannot have the same name';
export const OPTION_VALUE_TWICE_MESSAGE = 'This value is already in the option';
export const SKU_TWICE_MESSAGE = 'Another variant has this SKU';
export const optionValueRequiredMessage = (option: string) => `Choose a value for ${option}`;
export const optionValueUnknownMessage = (option: string, value: string) =>
  `${value} is not a value of ${option}`;
export const unknownOptionMessage = (name: string) => `${name} is not an option of this product`;
export const SAME_COMBINATION_MESSAGE = 'Another variant has the same option values';
export const KIT_IN_ITSELF_MESSAGE = 'A kit cannot be a part of itself';
export const PART_TWICE_MESSAGE = 'This part is already in the kit';
export const PART_IS_KIT_MESSAGE = 'A part cannot be a kit itself';
export const partOfKitMessage = (kitSku: string) =>
  `This variant is a part of the kit ${kitSku}: a part cannot be a kit itself`;

/** Where a rule across rows fails: the field's path (`variants.2.sku`) and the message. */
export interface VariantsProblem {
  path: string;
  message: string;
}

/**
 * The rules across the body's rows (the editor shows them, the server refuses them, 400): option
 * names and values unique; SKUs unique case-insensitively; each variant has a value of every
 * option, one of its values, and no two variants the same combination; each variant's price breaks
 * as the product form's (`priceBreakProblems`); a kit's parts not itself, not twice, and not a kit
 * of this body.
 */
export function productVariantsProblems(body: ProductVariantsInput): VariantsProblem[] {
  const problems: VariantsProblem[] = [];
  const add = (path: string, message: string) => problems.push({ path, message });
  const optionNames = new Set<string>();
  body.options.forEach((option, i) => {
    if (optionNames.has(option.name.toLowerCase()))
      add(`options.${i}.name`, OPTION_NAME_TWICE_MESSAGE);
    optionNames.add(option.name.toLowerCase());
    const values = new Set<string>();
    option.values.forEach((value, j) => {
      if (values.has(value.toLowerCase()))
        add(`options.${i}.values.${j}`, OPTION_VALUE_TWICE_MESSAGE);
      values.add(value.toLowerCase());
    });
  });
  const skus = new Map<string, number>();
  const combinations = new Set<string>();
  const kits = new Set(
    body.variants.filter((row) => row.parts.length > 0).map((row) => row.sku.toLowerCase()),
  );
  body.variants.forEach((row, i) => {
    const at = `variants.${i}`;
    if (skus.has(row.sku.toLowerCase())) add(`${at}.sku`, SKU_TWICE_MESSAGE);
    else skus.set(row.sku.toLowerCase(), i);
    for (const name of Object.keys(row.optionValues))
      if (!body.options.some((option) => option.name === name))
        add(`${at}.optionValues.${name}`, unknownOptionMessage(name));
    for (const option of body.options) {
      const value = row.optionValues[option.name];
      if (value === undefined || value === '')
        add(`${at}.optionValues.${option.name}`, optionValueRequiredMessage(option.name));
      else if (!option.values.includes(value))
        add(`${at}.optionValues.${option.name}`, optionValueUnknownMessage(option.name, value));
    }
    const combination = JSON.stringify(body.options.map((option) => row.optionValues[option.name]));
    if (combinations.has(combination)) add(`${at}.optionValues`, SAME_COMBINATION_MESSAGE);
    combinations.add(combination);
    for (const problem of priceBreakProblems(row.priceBreaks as PriceBreak[], row))
      add(`${at}.priceBreaks.${problem.index}.${problem.field}`, problem.message);
    const parts = new Set<string>();
    row.parts.forEach((part, j) => {
      const sku = part.sku.toLowerCase();
      if (sku === row.sku.toLowerCase()) add(`${at}.parts.${j}.sku`, KIT_IN_ITSELF_MESSAGE);
      else if (parts.has(sku)) add(`${at}.parts.${j}.sku`, PART_TWICE_MESSAGE);
      else if (kits.has(sku)) add(`${at}.parts.${j}.sku`, PART_IS_KIT_MESSAGE);
      parts.add(sku);
    });
  });
  return problems;
}

// ---- Quick order: POST /api/quick-order ----

export const QUICK_ORDER_LINES_MAX = 100;
export const QUICK_ORDER_WHOLE_NUMBER_MESSAGE = 'Quantity must be a whole number';
/** A line below the variant's minimum, with the minimum (the spec's words, then the number). */
export const quickOrderBelowMinimumMessage = (minQuantity: number) =>
  `Ordered Quantity is less than minimum quantity (${minQuantity})`;
/** A line above what can be sold (a kit: what its parts allow), counting the basket's own. */
export const quickOrderAboveStockMessage = (available: number) =>
  `Ordered Quantity is more than available quantity in stock (${available} available)`;

/**
 * Each line is a SKU as typed (checked by the server, line by line: an unknown or malformed SKU is
 * that line's problem, not a refused request) and a quantity (any number: one that is not whole
 * is that line's problem too).
 */
export const QuickOrderBodySchema = z.object({
  lines: z
    .array(
      z.object({
        sku: singleLineText('SKU').max(100),
        quantity: z.number(),
      }),
    )
    .min(1, 'Add at least one line')
    .max(QUICK_ORDER_LINES_MAX, `At most ${QUICK_ORDER_LINES_MAX} lines at once`),
});
export type QuickOrderBody = z.input<typeof QuickOrderBodySchema>;

/**
 * Each line's result, in the order sent: added to the basket, or why not. `added` counts the
 * lines added; `notices` are the basket's own words when it changed a line as it took it (a
 * concurrent change of stock between the check and the basket).
 */
export const QuickOrderResultSchema = z.object({
  lines: z.array(
    z.object({
      sku: z.string(),
      quantity: z.number(),
      /** null: added to the basket. */
      problem: z.string().nullable(),
      /** The variant's name for people when the SKU is known. */
      name: z.string().nullable(),
    }),
  ),
  added: z.number().int(),
  notices: z.array(z.string()),
});
export type QuickOrderResult = z.infer<typeof QuickOrderResultSchema>;
