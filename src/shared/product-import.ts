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
] as const satisfies readonly ProductExportColumn[];
export type ProductImportOptionalColumn = (typeof PRODUCT_IMPORT_OPTIONAL_COLUMNS)[number];

export const IMPORT_HEADER_MESSAGE = 'The first row must be the product export header';
export const IMPORT_CHANGED_REASON =
  'The product changed since the file was exported: export again and redo the change';
export const IMPORT_UNKNOWN_PRODUCT_REASON = 'No product with this Product ID';
export const IMPORT_DUPLICATE_REASON = 'The same Product ID is on an earlier row';
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
