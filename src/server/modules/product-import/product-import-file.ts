import { IdSchema } from '../../../shared/ids.ts';
import { dollarsToCents } from '../../../shared/money.ts';
import { PRODUCT_EXPORT_COLUMNS, type ProductExportColumn } from '../../../shared/order-export.ts';
import {
  priceBreakProblems,
  toStoredBreaks,
  type StoredPriceBreak,
} from '../../../shared/price-breaks.ts';
import { ProductBodySchema } from '../../../shared/product.ts';
import {
  IMPORT_BATTERY_INCLUDED_REASON,
  IMPORT_DUPLICATE_REASON,
  IMPORT_DUPLICATE_SKU_REASON,
  IMPORT_HEADER_MESSAGE,
  IMPORT_OPTIONS_FORMAT_REASON,
  IMPORT_PARTS_FORMAT_REASON,
  IMPORT_TAX_CLASS_REASON,
  IMPORT_WEIGHT_REASON,
  IMPORT_PRICE_BREAKS_FORMAT_REASON,
  IMPORT_UNKNOWN_PRODUCT_REASON,
  IMPORT_VERSION_REASON,
  importColumnReason,
  PRODUCT_IMPORT_MAX_ROWS,
  PRODUCT_IMPORT_OPTIONAL_COLUMNS,
  type ProductImportOptionalColumn,
  readOptionsCell,
  readPartsCell,
} from '../../../shared/product-import.ts';
import type { TaxClass } from '../../../shared/postal-address.ts';
import {
  isTaxClass,
  SKU_FORMAT_MESSAGE,
  SKU_PATTERN,
  WEIGHT_GRAMS_MAX,
} from '../../../shared/variant.ts';
import { Invalid } from '../../errors.ts';
import { parseCsv, unescapeCell } from '../csv/index.ts';
import { readImagesCell, readPriceBreaksCell, readYesNoCell } from '../catalog/index.ts';

/**
 * The columns of the product table a row sets. The issue-23/24 ones are undefined when the file
 * has no such column: an update leaves them as they are (a create takes the defaults).
 */
export interface ProductValues {
  name: string;
  description: string;
  imageUrl: string;
  categoryId?: string | null;
  platform?: string | null;
  batteryIncluded?: boolean;
  images?: string[];
}

/**
 * The columns of the variant table a row sets (issue 34); undefined when the file has no such
 * column (an update leaves them as they are). A kit's stock is its parts': its own is 0.
 */
export interface VariantValues {
  priceCents: number;
  minQuantity: number;
  availableQuantity: number;
  priceBreaks?: StoredPriceBreak[];
  /** The Options cell, in its order. */
  optionValues?: [string, string][];
  weightGrams?: number;
  parts?: { sku: string; quantity: number }[];
  /** Issue 35: what the variant is taxed as. */
  taxClass?: TaxClass;
}

/** The file's header: which of the optional columns it has. */
export type PresentColumns = Record<ProductImportOptionalColumn, boolean>;

/** The file, read: its rows and which optional columns it carries. */
export interface ImportFile {
  rows: FileRow[];
  present: PresentColumns;
}

/** One product row of the file, read and checked on its own (before the database is asked). */
export type FileRow =
  | {
      row: number;
      ok: true;
      productId: string | null;
      /** The SKU cell; null without the column or when empty (the product's default variant). */
      sku: string | null;
      version: number | null;
      /** Without categoryId: the planner resolves this slug (null: none; undefined: no column). */
      values: ProductValues;
      variant: VariantValues;
      categorySlug: string | null | undefined;
    }
  | {
      row: number;
      ok: false;
      productId: string | null;
      sku: string | null;
      name: string;
      reason: string;
    };

/** The list columns' issues name their column (the form's messages name the field of a row). */
const LIST_COLUMNS: Partial<Record<PropertyKey, ProductExportColumn>> = {
  priceBreaks: 'Price Breaks',
  images: 'More Images',
};

/** The export writes absolute image links; the product keeps the shop's own path. */
function imagePath(cell: string, publicUrl: string): string {
  try {
    const url = new URL(cell, publicUrl);
    return url.origin === new URL(publicUrl).origin ? url.pathname : cell;
  } catch {
    return cell;
  }
}

/**
 * Reads the file: the header must name every export column but the optional ones (in any order;
 * others are ignored), and each row is checked with the same rules as the product form
 * (ProductBodySchema, priceBreakProblems). Categories and images are checked by the planner.
 */
export function readImportFile(csv: string, publicUrl: string): ImportFile {
  const table = parseCsv(csv);
  if (!table)
    throw new Invalid('The CSV file has a quote that is never closed', { csv: 'Invalid CSV' });
  const [header = [], ...body] = table;
  const index = new Map(header.map((name, i) => [name.trim(), i]));
  const optional = new Set<string>(PRODUCT_IMPORT_OPTIONAL_COLUMNS);
  const missing = PRODUCT_EXPORT_COLUMNS.filter(
    (column) => !index.has(column) && !optional.has(column),
  );
  if (missing.length > 0)
    throw new Invalid(`${IMPORT_HEADER_MESSAGE} (missing: ${missing.join(', ')})`, {
      csv: IMPORT_HEADER_MESSAGE,
    });
  if (body.length > PRODUCT_IMPORT_MAX_ROWS)
    throw new Invalid(`At most ${PRODUCT_IMPORT_MAX_ROWS} rows per file`, {
      csv: 'Too many rows',
    });

  const present = Object.fromEntries(
    PRODUCT_IMPORT_OPTIONAL_COLUMNS.map((column) => [column, index.has(column)]),
  ) as PresentColumns;

  const seen = new Set<string>();
  const seenSkus = new Set<string>();
  const rows = body.map((cells, i): FileRow => {
    const row = i + 2;
    const cell = (column: ProductExportColumn) =>
      unescapeCell(cells[index.get(column) as number] ?? '');
    const idCell = cell('Product ID').trim();
    const productId = idCell === '' ? null : idCell;
    const name = cell('Name').trim();
    const skuCell = present.SKU ? cell('SKU').trim() : '';
    const sku = skuCell === '' ? null : skuCell;
    const refuse = (reason: string): FileRow => ({ row, ok: false, productId, sku, name, reason });

    if (productId !== null && !IdSchema.safeParse(productId).success)
      return refuse(IMPORT_UNKNOWN_PRODUCT_REASON);
    if (sku !== null) {
      // One row per variant (issue 34): the SKU is the row's key.
      if (!SKU_PATTERN.test(sku)) return refuse(SKU_FORMAT_MESSAGE);
      if (seenSkus.has(sku.toLowerCase())) return refuse(IMPORT_DUPLICATE_SKU_REASON);
      seenSkus.add(sku.toLowerCase());
    } else if (productId !== null) {
      // Without a SKU the row is its product's default variant: once per product.
      if (seen.has(productId)) return refuse(IMPORT_DUPLICATE_REASON);
      seen.add(productId);
    }
    const versionCell = cell('Version').trim();
    const version = versionCell === '' ? null : Number(versionCell);
    if (productId !== null && (version === null || !Number.isInteger(version) || version < 1))
      return refuse(IMPORT_VERSION_REASON);

    const batteryIncluded = present['Battery Included']
      ? readYesNoCell(cell('Battery Included'))
      : undefined;
    if (batteryIncluded === null) return refuse(IMPORT_BATTERY_INCLUDED_REASON);
    const priceBreaks = present['Price Breaks']
      ? readPriceBreaksCell(cell('Price Breaks'))
      : undefined;
    if (priceBreaks === null) return refuse(IMPORT_PRICE_BREAKS_FORMAT_REASON);
    const optionValues = present.Options ? readOptionsCell(cell('Options')) : undefined;
    if (optionValues === null) return refuse(IMPORT_OPTIONS_FORMAT_REASON);
    const parts = present.Parts ? readPartsCell(cell('Parts')) : undefined;
    if (parts === null) return refuse(IMPORT_PARTS_FORMAT_REASON);
    const weightCell = present['Weight (g)'] ? cell('Weight (g)').trim() : undefined;
    const weightGrams =
      weightCell === undefined ? undefined : weightCell === '' ? 0 : Number(weightCell);
    if (
      weightGrams !== undefined &&
      (!Number.isInteger(weightGrams) || weightGrams < 0 || weightGrams > WEIGHT_GRAMS_MAX)
    )
      return refuse(IMPORT_WEIGHT_REASON);
    const taxClassCell = present['Tax class'] ? cell('Tax class').trim().toLowerCase() : undefined;
    const taxClass = taxClassCell === '' ? 'standard' : taxClassCell;
    if (taxClass !== undefined && !isTaxClass(taxClass)) return refuse(IMPORT_TAX_CLASS_REASON);
    const isKit = parts !== undefined && parts.length > 0;

    const parsed = ProductBodySchema.safeParse({
      name: cell('Name'),
      price: cell('Price'),
      description: cell('Description'),
      img: imagePath(cell('Image').trim(), publicUrl),
      minQuantity: cell('Min Order Quantity'),
      // A kit's stock is its parts': its own cell is not read.
      availableQuantity: isKit ? '0' : cell('Available Quantity'),
      ...(priceBreaks && { priceBreaks }),
      ...(present['More Images'] && {
        images: readImagesCell(cell('More Images')).map((link) => imagePath(link, publicUrl)),
      }),
      ...(present['Battery Platform'] && { platform: cell('Battery Platform') }),
      ...(batteryIncluded !== undefined && { batteryIncluded }),
    });
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      const column = LIST_COLUMNS[issue?.path[0] ?? ''];
      const message = issue?.message ?? 'Invalid row';
      return refuse(column ? importColumnReason(column, message) : message);
    }
    const input = parsed.data;
    const [problem] = priceBreaks ? priceBreakProblems(input.priceBreaks, input) : [];
    if (problem) return refuse(importColumnReason('Price Breaks', problem.message));
    const categoryCell = cell('Category').trim();
    return {
      row,
      ok: true,
      productId,
      sku,
      version,
      categorySlug: present.Category ? categoryCell || null : undefined,
      values: {
        name: input.name,
        description: input.description,
        imageUrl: input.img,
        ...(input.images && { images: input.images }),
        ...(input.platform !== undefined && { platform: input.platform }),
        ...(input.batteryIncluded !== undefined && { batteryIncluded: input.batteryIncluded }),
      },
      variant: {
        priceCents: dollarsToCents(input.price),
        minQuantity: input.minQuantity,
        availableQuantity: input.availableQuantity,
        ...(priceBreaks && { priceBreaks: toStoredBreaks(input.priceBreaks) }),
        ...(optionValues && { optionValues }),
        ...(weightGrams !== undefined && { weightGrams }),
        ...(parts && { parts }),
        ...(taxClass !== undefined && { taxClass }),
      },
    };
  });
  return { rows, present };
}
