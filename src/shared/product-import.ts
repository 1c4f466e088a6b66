import { z } from 'zod';
import type { ProductExportColumn } from './order-export.ts';
import { multiLineText } from './text.ts';

// Product import (issue 26): a CSV in the product export's own format (PRODUCT_EXPORT_COLUMNS in
// order-export.ts, the one column list both sides read), previewed as a dry run, then applied in
// one transaction or not at all.

/** The largest file accepted (10,000 products with long descriptions fit easily). */
export const PRODUCT_IMPORT_MAX_BYTES = 8 * 1024 * 1024;
export const PRODUCT_IMPORT_MAX_ROWS = 20_000;

export const PRODUCT_IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'error'] as const;
export type ProductImportAction = (typeof PRODUCT_IMPORT_ACTIONS)[number];

/** POST /api/product-import/preview and /apply: the file's text. */
export const ProductImportBodySchema = z.object({
  csv: multiLineText('CSV file', { keepSpaces: true, required: 'Choose a CSV file' }).max(
    PRODUCT_IMPORT_MAX_BYTES,
    'The CSV file is too large',
  ),
});

export const ProductImportRowSchema = z.object({
  /** The row's line in the file: the header is row 1, the first product row 2. */
  row: z.number().int(),
  action: z.enum(PRODUCT_IMPORT_ACTIONS),
  productId: z.string().nullable(),
  /** The variant's SKU (issue 34); null on a row of an older file or a new product without one. */
  sku: z.string().nullable().optional(),
  name: z.string(),
  /** Why the row cannot be imported (action `error`). */
  reason: z.string().nullable(),
});
export type ProductImportRow = z.infer<typeof ProductImportRowSchema>;

export const ProductImportReportSchema = z.object({
  /** True once written (apply); a dry run or a refused apply wrote nothing. */
  applied: z.boolean(),
  counts: z.object({
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    error: z.number().int(),
  }),
  rows: z.array(ProductImportRowSchema),
});
export type ProductImportReport = z.infer<typeof ProductImportReportSchema>;

/**
 * The columns an older export lacks (issues 23 and 24). A file without one still imports and
 * leaves that field of an updated product as it is; a present but empty cell clears the field.
 */
export const PRODUCT_IMPORT_OPTIONAL_COLUMNS = [
  'Category',
  'Battery Platform',
  'Battery Included',
  'Price Breaks',
  'More Images',
  // Issue 34: a file without SKU is one row per product, each its product's default variant.
  'SKU',
  'Options',
  'Weight (g)',
  'Parts',
  // Issue 35: a file without it leaves each variant's tax class as it is (a new one: standard).
  'Tax class',
] as const satisfies readonly ProductExportColumn[];
export type ProductImportOptionalColumn = (typeof PRODUCT_IMPORT_OPTIONAL_COLUMNS)[number];

export const IMPORT_HEADER_MESSAGE = 'The first row must be the product export header';
export const IMPORT_CHANGED_REASON =
  'The product changed since the file was exported: export again and redo the change';
export const IMPORT_UNKNOWN_PRODUCT_REASON = 'No product with this Product ID';
export const IMPORT_DUPLICATE_REASON = 'The same Product ID is on an earlier row';
export const IMPORT_DUPLICATE_SKU_REASON = 'The same SKU is on an earlier row';
export const IMPORT_SKU_OTHER_PRODUCT_REASON = 'This SKU belongs to another product';
export const IMPORT_SKU_NEEDED_REASON =
  'SKU is required when a product has more than one row in the file';
export const IMPORT_PRODUCT_COLUMNS_DIFFER_REASON =
  "The product's columns differ from its first row in the file (repeat them on each of its rows)";
export const IMPORT_OPTIONS_FORMAT_REASON =
  'Options must look like Voltage=18V;Kit=Bare tool (name=value, ; between options)';
export const IMPORT_PARTS_FORMAT_REASON =
  'Parts must look like BAT-5AH*2;CHG-1 (part SKU*quantity, ; between parts)';
export const IMPORT_WEIGHT_REASON = 'Weight (g) must be a whole number of grams, 0 to 1000000';
export const IMPORT_TAX_CLASS_REASON = 'Tax class must be standard, reduced or exempt';
export const importUnknownPartReason = (sku: string) => `Parts: no variant with the SKU ${sku}`;
export const importPartIsKitReason = (sku: string) =>
  `Parts: ${sku} is a kit itself (a kit is made of variants that are not kits)`;
export const IMPORT_PART_ITSELF_REASON = 'Parts: a kit cannot contain itself';
export const IMPORT_VERSION_REASON = 'Version is required for an existing product';
export const IMPORT_BATTERY_INCLUDED_REASON = 'Battery Included must be yes, no, true or false';
export const IMPORT_PRICE_BREAKS_FORMAT_REASON =
  'Price Breaks must look like 10:89.00;50:79.00 (from quantity:unit price)';
export const importUnknownCategoryReason = (slug: string) => `No category with the slug "${slug}"`;
/** A rule of the form broken in a list column: "Price Breaks: Unit price must be below the Price". */
export const importColumnReason = (column: ProductExportColumn, message: string) =>
  `${column}: ${message}`;
export const IMPORT_REFUSED_MESSAGE = 'Nothing was imported: fix the rows marked as errors';
export const importAppliedMessage = (counts: ProductImportReport['counts']) =>
  `Imported: ${counts.create} created, ${counts.update} updated, ${counts.unchanged} unchanged`;

// ---- The variant cells (issue 34): Options and Parts, written by the export, read by the import ----

/** `Voltage=18V;Kit=Bare tool`: the values in the product's option order. */
export function optionsCell(
  options: readonly { name: string }[],
  values: Readonly<Record<string, string>>,
): string {
  const names = [
    ...options.map((option) => option.name),
    ...Object.keys(values).filter((name) => !options.some((option) => option.name === name)),
  ];
  return names
    .filter((name) => values[name] !== undefined)
    .map((name) => `${name}=${values[name]}`)
    .join(';');
}

/** Reads an Options cell: the option values in the cell's order, or null when malformed. */
export function readOptionsCell(cell: string): [string, string][] | null {
  const entries: [string, string][] = [];
  for (const part of cell.split(';')) {
    if (part.trim() === '') continue;
    const at = part.indexOf('=');
    if (at < 1) return null;
    const name = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (name === '' || value === '' || entries.some(([seen]) => seen === name)) return null;
    entries.push([name, value]);
  }
  return entries;
}

/** `BAT-5AH*2;CHG-1`: each part's SKU and how many the kit holds (`*1` left out). */
export const partsCell = (parts: readonly { sku: string; quantity: number }[]): string =>
  parts.map((part) => (part.quantity === 1 ? part.sku : `${part.sku}*${part.quantity}`)).join(';');

/** Reads a Parts cell, or null when malformed (a SKU twice, a quantity not 1 to 1000). */
export function readPartsCell(cell: string): { sku: string; quantity: number }[] | null {
  const parts: { sku: string; quantity: number }[] = [];
  for (const entry of cell.split(/[;|]/)) {
    if (entry.trim() === '') continue;
    const match = /^\s*([A-Za-z0-9._-]{1,40})\s*(?:\*\s*(\d{1,4})\s*)?$/.exec(entry);
    if (!match) return null;
    const sku = match[1] as string;
    const quantity = match[2] === undefined ? 1 : Number(match[2]);
    if (quantity < 1 || quantity > 1000) return null;
    if (parts.some((part) => part.sku.toLowerCase() === sku.toLowerCase())) return null;
    parts.push({ sku, quantity });
  }
  return parts;
}
