import { IdSchema } from '../../../shared/ids.ts';
import { dollarsToCents } from '../../../shared/money.ts';
import { PRODUCT_EXPORT_COLUMNS } from '../../../shared/order-export.ts';
import { ProductBodySchema } from '../../../shared/product.ts';
import {
  IMPORT_DUPLICATE_REASON,
  IMPORT_HEADER_MESSAGE,
  IMPORT_UNKNOWN_PRODUCT_REASON,
  IMPORT_VERSION_REASON,
  PRODUCT_IMPORT_MAX_ROWS,
} from '../../../shared/product-import.ts';
import { Invalid } from '../../errors.ts';
import { parseCsv, unescapeCell } from '../exports/csv-read.ts';

/** The columns of the product table a row sets. */
export interface ProductValues {
  name: string;
  description: string;
  priceCents: number;
  minQuantity: number;
  availableQuantity: number;
  imageUrl: string;
}

/** One product row of the file, read and checked on its own (before the database is asked). */
export type FileRow =
  | {
      row: number;
      ok: true;
      productId: string | null;
      version: number | null;
      values: ProductValues;
    }
  | { row: number; ok: false; productId: string | null; name: string; reason: string };

type Column = (typeof PRODUCT_EXPORT_COLUMNS)[number];

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
 * Reads the file: the header must name every export column (in any order; others are ignored),
 * and each row is checked with the same rules as the product form (ProductBodySchema).
 */
export function readImportFile(csv: string, publicUrl: string): FileRow[] {
  const table = parseCsv(csv);
  if (!table)
    throw new Invalid('The CSV file has a quote that is never closed', { csv: 'Invalid CSV' });
  const [header = [], ...body] = table;
  const index = new Map(header.map((name, i) => [name.trim(), i]));
  const missing = PRODUCT_EXPORT_COLUMNS.filter((column) => !index.has(column));
  if (missing.length > 0)
    throw new Invalid(`${IMPORT_HEADER_MESSAGE} (missing: ${missing.join(', ')})`, {
      csv: IMPORT_HEADER_MESSAGE,
    });
  if (body.length > PRODUCT_IMPORT_MAX_ROWS)
    throw new Invalid(`At most ${PRODUCT_IMPORT_MAX_ROWS} products per file`, {
      csv: 'Too many rows',
    });

  const seen = new Set<string>();
  return body.map((cells, i): FileRow => {
    const row = i + 2;
    const cell = (column: Column) => unescapeCell(cells[index.get(column) as number] ?? '');
    const idCell = cell('Product ID').trim();
    const productId = idCell === '' ? null : idCell;
    const name = cell('Name').trim();
    const refuse = (reason: string): FileRow => ({ row, ok: false, productId, name, reason });

    if (productId !== null) {
      if (!IdSchema.safeParse(productId).success) return refuse(IMPORT_UNKNOWN_PRODUCT_REASON);
      if (seen.has(productId)) return refuse(IMPORT_DUPLICATE_REASON);
      seen.add(productId);
    }
    const versionCell = cell('Version').trim();
    const version = versionCell === '' ? null : Number(versionCell);
    if (productId !== null && (version === null || !Number.isInteger(version) || version < 1))
      return refuse(IMPORT_VERSION_REASON);

    const parsed = ProductBodySchema.safeParse({
      name: cell('Name'),
      price: cell('Price'),
      description: cell('Description'),
      img: imagePath(cell('Image').trim(), publicUrl),
      minQuantity: cell('Min Order Quantity'),
      availableQuantity: cell('Available Quantity'),
    });
    if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? 'Invalid row');
    const input = parsed.data;
    return {
      row,
      ok: true,
      productId,
      version,
      values: {
        name: input.name,
        description: input.description,
        priceCents: dollarsToCents(input.price),
        minQuantity: input.minQuantity,
        availableQuantity: input.availableQuantity,
        imageUrl: input.img,
      },
    };
  });
}
