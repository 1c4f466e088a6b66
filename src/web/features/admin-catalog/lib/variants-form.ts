import { z } from 'zod';
import { numberOrNumericText } from '../../../../shared/numbers.ts';
import { PriceBreaksBodySchema, priceBreakProblems } from '../../../../shared/price-breaks.ts';
import { ProductBodySchema, type ProductDetail } from '../../../../shared/product.ts';
import {
  KIT_PARTS_MAX,
  OPTION_VALUES_MAX,
  OPTIONS_MAX,
  SkuSchema,
  TAX_CLASS_MESSAGE,
  VARIANT_TAX_CLASSES,
  VariantPartBodySchema,
  WEIGHT_GRAMS_MAX,
  sameSku,
  skuTakenMessage,
  type ProductVariantsBody,
  type Variant,
} from '../../../../shared/variant.ts';

/*
 * The Variants section of Edit Product (issue 34): the product's options and its variants as the
 * editor holds them (numbers as typed text, one value per option in the options' order), checked
 * by the rules of PUT /api/products/{id}/variants, and turned into its body.
 */

export const OPTION_NAME_MAX = 40;
export const OPTION_VALUE_MAX = 40;

/** Option values are typed as one line, separated by commas: "12V, 18V". */
export const splitOptionValues = (text: string): string[] =>
  text
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');

const OptionRowSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Option name is required')
    .max(OPTION_NAME_MAX, `Option name must be at most ${OPTION_NAME_MAX} characters`),
  values: z
    .string()
    .transform(splitOptionValues)
    .pipe(
      z
        .array(
          z
            .string()
            .max(OPTION_VALUE_MAX, `A value must be at most ${OPTION_VALUE_MAX} characters`),
        )
        .min(1, 'Add at least one value')
        .max(OPTION_VALUES_MAX, `At most ${OPTION_VALUES_MAX} values`),
    ),
});

const PartRowSchema = z.object({
  sku: SkuSchema,
  quantity: numberOrNumericText('Quantity is required').pipe(VariantPartBodySchema.shape.quantity),
});

const stock = ProductBodySchema.shape.availableQuantity;

const VariantRowSchema = z.object({
  sku: SkuSchema,
  /** One value per option, in the options' order ('' until one is chosen). */
  values: z.array(z.string()),
  price: ProductBodySchema.shape.price,
  minQuantity: ProductBodySchema.shape.minQuantity,
  /** A kit's stock is its parts': not asked, so checked only for a variant without parts. */
  availableQuantity: z.string(),
  weightGrams: numberOrNumericText('Weight is required').pipe(
    z
      .number()
      .int('Weight must be a whole number of grams')
      .min(0, 'Weight must be at least 0')
      .max(WEIGHT_GRAMS_MAX, `Weight must be at most ${WEIGHT_GRAMS_MAX} g`),
  ),
  images: z.array(z.string()).max(8, 'At most 8 pictures'),
  /** What it is taxed as (issue 35). */
  taxClass: z.enum(VARIANT_TAX_CLASSES, { error: TAX_CLASS_MESSAGE }),
  parts: z.array(PartRowSchema).max(KIT_PARTS_MAX, `A kit has at most ${KIT_PARTS_MAX} parts`),
  /** Volume pricing, as the product form's: from quantity → unit price. */
  priceBreaks: PriceBreaksBodySchema,
  /** Kept as they are (not edited here). */
  lengthMm: z.number().int().nullable(),
  widthMm: z.number().int().nullable(),
  heightMm: z.number().int().nullable(),
  /** A saved kit's stock as the server said it (what its parts allow); null for any other. */
  stockNow: z.number().int().nullable(),
});

type Issue = { path: (string | number)[]; message: string };

/** The product form's rules across a variant's price breaks, once its own fields are numbers. */
function breakProblems(variant: VariantsFormOutput['variants'][number]) {
  const numbers = [
    variant.price,
    variant.minQuantity,
    ...variant.priceBreaks.flatMap(Object.values),
  ];
  return numbers.every((value) => typeof value === 'number')
    ? priceBreakProblems(variant.priceBreaks, variant)
    : [];
}

/** The rules across rows: distinct option names and values, chosen values, distinct SKUs and combinations. */
function crossRowProblems(form: VariantsFormOutput): Issue[] {
  const issues: Issue[] = [];
  // Run beside the fields' own checks: an option whose values did not parse is left to those.
  if (!form.options.every((option) => Array.isArray(option.values))) return issues;
  const names: string[] = [];
  form.options.forEach((option, index) => {
    if (names.some((name) => name.toLowerCase() === option.name.toLowerCase()))
      issues.push({ path: ['options', index, 'name'], message: 'Another option has this name' });
    names.push(option.name);
    const seen = new Set<string>();
    for (const value of option.values) {
      if (seen.has(value.toLowerCase()))
        issues.push({ path: ['options', index, 'values'], message: `${value} is listed twice` });
      seen.add(value.toLowerCase());
    }
  });
  const skus: string[] = [];
  const combinations = new Map<string, number>();
  form.variants.forEach((variant, index) => {
    form.options.forEach((option, position) => {
      const value = variant.values[position] ?? '';
      if (!option.values.includes(value))
        issues.push({
          path: ['variants', index, 'values', position],
          message: `Choose a ${option.name}`,
        });
    });
    if (variant.parts.length === 0) {
      const parsed = stock.safeParse(variant.availableQuantity);
      if (!parsed.success)
        issues.push({
          path: ['variants', index, 'availableQuantity'],
          message: parsed.error.issues[0]?.message ?? 'Stock is required',
        });
    }
    for (const problem of breakProblems(variant))
      issues.push({
        path: ['variants', index, 'priceBreaks', problem.index, problem.field],
        message: problem.message,
      });
    if (skus.some((sku) => sameSku(sku, variant.sku)))
      issues.push({ path: ['variants', index, 'sku'], message: skuTakenMessage(variant.sku) });
    skus.push(variant.sku);
    variant.parts.forEach((part, position) => {
      if (sameSku(part.sku, variant.sku))
        issues.push({
          path: ['variants', index, 'parts', position, 'sku'],
          message: 'A kit cannot contain itself',
        });
    });
    const key = JSON.stringify(form.options.map((_, position) => variant.values[position] ?? ''));
    const same = combinations.get(key);
    if (same === undefined) combinations.set(key, index);
    else
      issues.push({
        path:
          form.options.length > 0
            ? ['variants', index, 'values', form.options.length - 1]
            : ['variants', index, 'sku'],
        message: `Variant ${same + 1} has the same options`,
      });
  });
  return issues;
}

const VariantsFormObject = z.object({
  options: z
    .array(OptionRowSchema)
    .max(OPTIONS_MAX, `A product can have at most ${OPTIONS_MAX} options`),
  variants: z.array(VariantRowSchema).min(1, 'A product needs at least one variant'),
});

export const VariantsFormSchema = VariantsFormObject.superRefine((form, context) => {
  for (const issue of crossRowProblems(form)) context.addIssue({ code: 'custom', ...issue });
});

export type VariantsFormValues = z.input<typeof VariantsFormSchema>;
export type VariantsFormOutput = z.output<typeof VariantsFormObject>;
export type VariantRow = VariantsFormValues['variants'][number];

/** A new variant's row: no price or stock yet, the given SKU and values. */
export function newVariantRow(sku: string, values: string[]): VariantRow {
  return {
    sku,
    values,
    price: '',
    minQuantity: '1',
    availableQuantity: '0',
    weightGrams: '0',
    images: [],
    taxClass: 'standard',
    parts: [],
    priceBreaks: [],
    lengthMm: null,
    widthMm: null,
    heightMm: null,
    stockNow: null,
  };
}

function toVariantRow(options: ProductDetail['options'], variant: Variant): VariantRow {
  const isKit = variant.parts.length > 0;
  return {
    sku: variant.sku,
    values: options.map((option) => variant.optionValues[option.name] ?? ''),
    price: String(variant.price),
    minQuantity: String(variant.minQuantity),
    availableQuantity: isKit ? '0' : String(variant.availableQuantity),
    weightGrams: String(variant.weightGrams),
    images: variant.images,
    taxClass: variant.taxClass,
    parts: variant.parts.map((part) => ({ sku: part.sku, quantity: String(part.quantity) })),
    priceBreaks: variant.priceBreaks.map((row) => ({
      minQuantity: String(row.minQuantity),
      price: String(row.price),
    })),
    lengthMm: variant.lengthMm,
    widthMm: variant.widthMm,
    heightMm: variant.heightMm,
    stockNow: isKit ? variant.availableQuantity : null,
  };
}

/** The editor filled from GET /api/products/{id}: its options, and its variants, the default first. */
export function toVariantsFormValues(product: ProductDetail): VariantsFormValues {
  return {
    options: product.options.map((option) => ({
      name: option.name,
      values: option.values.join(', '),
    })),
    variants: product.variants.map((variant) => toVariantRow(product.options, variant)),
  };
}

/** The body of PUT /api/products/{id}/variants: the whole set, in order, with the version seen. */
export function toVariantsBody(form: VariantsFormOutput, version: number): ProductVariantsBody {
  return {
    options: form.options,
    variants: form.variants.map((variant) => ({
      sku: variant.sku,
      optionValues: Object.fromEntries(
        form.options.map((option, position) => [option.name, variant.values[position] ?? '']),
      ),
      price: variant.price,
      priceBreaks: variant.priceBreaks,
      minQuantity: variant.minQuantity,
      availableQuantity: variant.parts.length > 0 ? 0 : Number(variant.availableQuantity),
      weightGrams: variant.weightGrams,
      lengthMm: variant.lengthMm,
      widthMm: variant.widthMm,
      heightMm: variant.heightMm,
      images: variant.images,
      parts: variant.parts,
      taxClass: variant.taxClass,
    })),
    version,
  };
}

const VARIANT_FIELDS = new Set([
  'sku',
  'price',
  'minQuantity',
  'availableQuantity',
  'weightGrams',
  'taxClass',
]);

/**
 * Where the editor shows a message the server gave for a body path (a 400's or 409's `fields`,
 * e.g. `variants.2.sku`): the input of that path, or the nearest one that holds it (an option value's under the option's Values, a kit's under its parts).
 * `optionNames` are the options as sent, to find `variants.N.optionValues.<name>`. Null: no field
 * shows it (it goes in the section's message).
 */
export function variantsFieldPath(path: string, optionNames: readonly string[]): string | null {
  let match = /^options\.(\d+)\.(name|values)(?:\..*)?$/.exec(path);
  if (match) return `options.${match[1]}.${match[2]}`;
  if (path === 'options') return 'options';
  match = /^variants\.(\d+)(?:\.(.*))?$/.exec(path);
  if (!match) return path === 'variants' ? 'variants' : null;
  const row = `variants.${match[1]}`;
  const rest = match[2] ?? 'sku';
  if (VARIANT_FIELDS.has(rest)) return `${row}.${rest}`;
  const priceBreak = /^priceBreaks\.(\d+)\.(minQuantity|price)$/.exec(rest);
  if (priceBreak) return `${row}.priceBreaks.${priceBreak[1]}.${priceBreak[2]}`;
  if (rest.startsWith('priceBreaks')) return `${row}.priceBreaks`;
  if (rest.startsWith('images')) return `${row}.images`;
  const part = /^parts\.(\d+)\.(sku|quantity)$/.exec(rest);
  if (part) return `${row}.parts.${part[1]}.${part[2]}`;
  if (rest.startsWith('parts')) return `${row}.parts`;
  const option = /^optionValues(?:\.(.+))?$/.exec(rest);
  if (option) {
    const position = option[1] === undefined ? -1 : optionNames.indexOf(option[1]);
    if (position >= 0) return `${row}.values.${position}`;
    return optionNames.length > 0 ? `${row}.values.0` : `${row}.sku`;
  }
  return null;
}

/** The server's messages split into those an input shows and those that have none. */
export function placeServerMessages(
  fields: Readonly<Record<string, string>>,
  optionNames: readonly string[],
): { placed: [path: string, message: string][]; unplaced: string[] } {
  const placed: [string, string][] = [];
  const unplaced: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const field = variantsFieldPath(path, optionNames);
    if (field === null) unplaced.push(message);
    else placed.push([field, message]);
  }
  return { placed, unplaced };
}
