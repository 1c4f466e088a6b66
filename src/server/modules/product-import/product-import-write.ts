import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { stockSetInsert, stockSetUpdate } from '../stock/index.ts';
import type { ProductImportOptionalColumn } from '../../../shared/product-import.ts';
import type { PresentColumns, ProductValues } from './product-import-file.ts';

// The import's two writes, set-based whatever the file's size: every update in one
// UPDATE … FROM unnest(…), every new product in one INSERT … SELECT FROM unnest(…), one array
// parameter per column. The stock's owner writes the stock column and attaches its consequences
// in the same statement (stockSetUpdate, stockSetInsert: ADR 043).

type Key = Exclude<keyof ProductValues, 'availableQuantity'>;

interface Column {
  key: Key;
  /** The product table's column. */
  name: string;
  /** The element type of the array parameter. */
  type: 'text' | 'int' | 'uuid' | 'boolean';
  /** An optional column: the file's column, and the value a new product takes without it. */
  optional?: { csv: ProductImportOptionalColumn; absent: unknown };
  /** Lists travel as JSON text (unnest would flatten an array of arrays). */
  json?: true;
  /** The stored value from the unnested one (`v.<name>`). */
  read?: (value: SQL) => SQL;
}

const COLUMNS: readonly Column[] = [
  { key: 'name', name: 'name', type: 'text' },
  { key: 'description', name: 'description', type: 'text' },
  { key: 'priceCents', name: 'price_cents', type: 'int' },
  { key: 'minQuantity', name: 'min_quantity', type: 'int' },
  { key: 'imageUrl', name: 'image_url', type: 'text' },
  {
    key: 'categoryId',
    name: 'category_id',
    type: 'uuid',
    optional: { csv: 'Category', absent: null },
  },
  {
    key: 'platform',
    name: 'platform',
    type: 'text',
    optional: { csv: 'Battery Platform', absent: null },
  },
  {
    key: 'batteryIncluded',
    name: 'battery_included',
    type: 'boolean',
    optional: { csv: 'Battery Included', absent: false },
  },
  {
    key: 'priceBreaks',
    name: 'price_breaks',
    type: 'text',
    optional: { csv: 'Price Breaks', absent: [] },
    json: true,
    read: (value) => sql`${value}::jsonb`,
  },
  {
    key: 'images',
    name: 'images',
    type: 'text',
    optional: { csv: 'More Images', absent: [] },
    json: true,
    read: (value) =>
      sql`ARRAY(SELECT e.link FROM jsonb_array_elements_text(${value}::jsonb)
        WITH ORDINALITY AS e(link, n) ORDER BY e.n)`,
  },
];

const carried = (column: Column, present: PresentColumns) =>
  !column.optional || present[column.optional.csv];

/** The stock of each row, one array parameter. */
const stockParameter = (rows: readonly ProductValues[]) =>
  sql`${sql.param(rows.map((row) => row.availableQuantity))}::int[]`;

/** One array parameter: the rows' values of the column (its default where the file lacks it). */
function parameter(column: Column, rows: readonly ProductValues[], present: PresentColumns): SQL {
  const values = rows.map((row) => {
    const value = carried(column, present) ? row[column.key] : column.optional?.absent;
    return column.json ? JSON.stringify(value) : value;
  });
  return sql`${sql.param(values)}::${sql.raw(column.type)}[]`;
}

const valueOf = (column: Column) => {
  const value = sql.raw(`v.${column.name}`);
  return column.read ? column.read(value) : value;
};

/**
 * Updates the products (ids[i] gets rows[i], its stock before this write stockBefore[i]); of the
 * optional columns only those the file carries are written, the others stay as they are.
 * Returns the updated ids.
 */
export async function updateProducts(
  tx: Queryable,
  ids: readonly string[],
  rows: readonly ProductValues[],
  stockBefore: readonly number[],
  present: PresentColumns,
): Promise<string[]> {
  if (rows.length === 0) return [];
  const columns = COLUMNS.filter((column) => carried(column, present));
  return stockSetUpdate(tx, {
    set: sql`${sql.join(
      columns.map((column) => sql`${sql.raw(column.name)} = ${valueOf(column)}`),
      sql`, `,
    )}, updated_at = now()`,
    stock: sql`v.stock`,
    before: sql`v.stock_before`,
    from: sql`unnest(${sql.param(ids)}::uuid[], ${stockParameter(rows)}, ${sql.param(
      stockBefore,
    )}::int[], ${sql.join(
      columns.map((column) => parameter(column, rows, present)),
      sql`, `,
    )}) AS v(id, stock, stock_before, ${sql.raw(columns.map((column) => column.name).join(', '))})`,
    where: sql`product.id = v.id`,
  });
}

/** Adds the products in file order (a column the file lacks takes its default); their ids in order. */
export async function insertProducts(
  tx: Queryable,
  rows: readonly ProductValues[],
  present: PresentColumns,
): Promise<string[]> {
  if (rows.length === 0) return [];
  const names = sql.raw(COLUMNS.map((column) => column.name).join(', '));
  // Identities are drawn in file order: the lowest seq is the file's first new product.
  return stockSetInsert(tx, {
    columns: names,
    values: sql.join(COLUMNS.map(valueOf), sql`, `),
    stock: sql`v.stock`,
    from: sql`unnest(${stockParameter(rows)}, ${sql.join(
      COLUMNS.map((column) => parameter(column, rows, present)),
      sql`, `,
    )}) WITH ORDINALITY AS v(stock, ${names}, n) ORDER BY n`,
  });
}
