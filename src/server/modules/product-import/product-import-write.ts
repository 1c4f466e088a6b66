import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import type { StoredPriceBreak } from '../../../shared/price-breaks.ts';
import type { ProductOption } from '../../../shared/variant.ts';
import { stockSetInsert, stockSetUpdate } from '../stock/index.ts';
import type { ProductImportOptionalColumn } from '../../../shared/product-import.ts';
import type { PresentColumns, ProductValues } from './product-import-file.ts';

// The import's writes, set-based whatever the file's size: one UPDATE … FROM unnest(…) and one
// INSERT … SELECT FROM unnest(…) per table (product, variant), one array parameter per column, and
// the kits' parts replaced in two statements. The stock's owner writes the variants' stock column
// and attaches its consequences in the same statement (stockSetUpdate, stockSetInsert: ADR 043).

/** One column of an unnest(…) write: the table's column, its array type, how it is stored. */
interface Column<Row> {
  name: string;
  type: 'text' | 'int' | 'uuid' | 'boolean' | 'smallint';
  /** The row's value; undefined takes `absent` (a column the file lacks, for a new row). */
  value: (row: Row) => unknown;
  /** An optional column: the file's column, and the value a new row takes without it. */
  optional?: { csv: ProductImportOptionalColumn; absent: unknown };
  /** Written on every write, whatever the file carries (e.g. the options the rows make). */
  always?: true;
  /** Only when inserting (the product of a variant, its SKU, its position). */
  insertOnly?: true;
  /** Lists travel as JSON text (unnest would flatten an array of arrays). */
  json?: true;
  /** The stored value from the unnested one (`v.<name>`). */
  read?: (value: SQL) => SQL;
}

const jsonb = (value: SQL) => sql`${value}::jsonb`;
const textArray = (value: SQL) =>
  sql`ARRAY(SELECT e.link FROM jsonb_array_elements_text(${value}::jsonb)
    WITH ORDINALITY AS e(link, n) ORDER BY e.n)`;

/** A product row to write: its columns and the options its variants choose among. */
export interface ProductWrite {
  values: ProductValues;
  options: ProductOption[];
}

const PRODUCT_COLUMNS: readonly Column<ProductWrite>[] = [
  { name: 'name', type: 'text', value: (row) => row.values.name },
  { name: 'description', type: 'text', value: (row) => row.values.description },
  { name: 'image_url', type: 'text', value: (row) => row.values.imageUrl },
  {
    name: 'category_id',
    type: 'uuid',
    value: (row) => row.values.categoryId,
    optional: { csv: 'Category', absent: null },
  },
  {
    name: 'platform',
    type: 'text',
    value: (row) => row.values.platform,
    optional: { csv: 'Battery Platform', absent: null },
  },
  {
    name: 'battery_included',
    type: 'boolean',
    value: (row) => row.values.batteryIncluded,
    optional: { csv: 'Battery Included', absent: false },
  },
  {
    name: 'images',
    type: 'text',
    value: (row) => row.values.images,
    optional: { csv: 'More Images', absent: [] },
    json: true,
    read: textArray,
  },
  {
    name: 'options',
    type: 'text',
    value: (row) => row.options,
    always: true,
    json: true,
    read: jsonb,
  },
];

/** A variant row to write (issue 34). */
export interface VariantWrite {
  productId: string;
  sku: string;
  position: number;
  priceCents: number;
  minQuantity: number;
  stock: number;
  priceBreaks?: StoredPriceBreak[];
  optionValues?: Record<string, string>;
  label?: string;
  weightGrams?: number;
  taxClass?: string;
}

const VARIANT_COLUMNS: readonly Column<VariantWrite>[] = [
  { name: 'product_id', type: 'uuid', value: (row) => row.productId, insertOnly: true },
  { name: 'sku', type: 'text', value: (row) => row.sku, always: true },
  { name: 'position', type: 'smallint', value: (row) => row.position, insertOnly: true },
  { name: 'price_cents', type: 'int', value: (row) => row.priceCents },
  { name: 'min_quantity', type: 'int', value: (row) => row.minQuantity },
  {
    name: 'price_breaks',
    type: 'text',
    value: (row) => row.priceBreaks,
    optional: { csv: 'Price Breaks', absent: [] },
    json: true,
    read: jsonb,
  },
  {
    name: 'option_values',
    type: 'text',
    value: (row) => row.optionValues,
    optional: { csv: 'Options', absent: {} },
    json: true,
    read: jsonb,
  },
  {
    name: 'label',
    type: 'text',
    value: (row) => row.label,
    optional: { csv: 'Options', absent: '' },
  },
  {
    name: 'weight_grams',
    type: 'int',
    value: (row) => row.weightGrams,
    optional: { csv: 'Weight (g)', absent: 0 },
  },
  {
    name: 'tax_class',
    type: 'text',
    value: (row) => row.taxClass,
    optional: { csv: 'Tax class', absent: 'standard' },
  },
];

const carried = <Row>(column: Column<Row>, present: PresentColumns) =>
  column.always || !column.optional || present[column.optional.csv];

/** One array parameter: the rows' values of the column (its default where the file lacks it). */
function parameter<Row>(column: Column<Row>, rows: readonly Row[], present: PresentColumns): SQL {
  const values = rows.map((row) => {
    const value = carried(column, present) ? column.value(row) : column.optional?.absent;
    return column.json ? JSON.stringify(value) : value;
  });
  return sql`${sql.param(values)}::${sql.raw(column.type)}[]`;
}

const valueOf = <Row>(column: Column<Row>) => {
  const value = sql.raw(`v.${column.name}`);
  return column.read ? column.read(value) : value;
};

const names = <Row>(columns: readonly Column<Row>[]) =>
  sql.raw(columns.map((column) => column.name).join(', '));
const parameters = <Row>(
  columns: readonly Column<Row>[],
  rows: readonly Row[],
  present: PresentColumns,
) =>
  sql.join(
    columns.map((column) => parameter(column, rows, present)),
    sql`, `,
  );
const assignments = <Row>(columns: readonly Column<Row>[]) =>
  sql.join(
    columns.map((column) => sql`${sql.raw(column.name)} = ${valueOf(column)}`),
    sql`, `,
  );

/**
 * Updates the products (ids[i] gets rows[i]); of the optional columns only those the file carries
 * are written, the others stay as they are.
 */
export async function updateProducts(
  tx: Queryable,
  ids: readonly string[],
  rows: readonly ProductWrite[],
  present: PresentColumns,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = PRODUCT_COLUMNS.filter((column) => carried(column, present));
  await tx.execute(sql`UPDATE product SET ${assignments(columns)}, updated_at = now()
    FROM unnest(${sql.param(ids)}::uuid[], ${parameters(columns, rows, present)})
      AS v(id, ${names(columns)})
    WHERE product.id = v.id`);
}

/** Adds the products in file order (a column the file lacks takes its default); id and seq each. */
export async function insertProducts(
  tx: Queryable,
  rows: readonly ProductWrite[],
  present: PresentColumns,
): Promise<{ id: string; seq: number }[]> {
  if (rows.length === 0) return [];
  // Identities are drawn in file order: the lowest seq is the file's first new product.
  const { rows: inserted } = await tx.execute<{ id: string; seq: number }>(sql`
    INSERT INTO product (${names(PRODUCT_COLUMNS)})
    SELECT ${sql.join(PRODUCT_COLUMNS.map(valueOf), sql`, `)}
    FROM unnest(${parameters(PRODUCT_COLUMNS, rows, present)})
      WITH ORDINALITY AS v(${names(PRODUCT_COLUMNS)}, n) ORDER BY n
    RETURNING id, seq::int AS seq`);
  return inserted.sort((a, b) => a.seq - b.seq);
}

/**
 * Updates the variants (ids[i] gets rows[i], its stock before this write stockBefore[i]) through
 * the stock's owner; the optional columns the file lacks stay as they are.
 */
export async function updateVariants(
  tx: Queryable,
  ids: readonly string[],
  rows: readonly VariantWrite[],
  stockBefore: readonly number[],
  present: PresentColumns,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = VARIANT_COLUMNS.filter(
    (column) => !column.insertOnly && carried(column, present),
  );
  await stockSetUpdate(tx, {
    set: sql`${assignments(columns)}, updated_at = now()`,
    stock: sql`v.stock`,
    before: sql`v.stock_before`,
    from: sql`unnest(${sql.param(ids)}::uuid[], ${sql.param(rows.map((row) => row.stock))}::int[],
      ${sql.param(stockBefore)}::int[], ${parameters(columns, rows, present)})
      AS v(id, stock, stock_before, ${names(columns)})`,
    where: sql`variant.id = v.id`,
  });
}

/** Adds the variants in file order through the stock's owner; their ids in order. */
export async function insertVariants(
  tx: Queryable,
  rows: readonly VariantWrite[],
  present: PresentColumns,
): Promise<string[]> {
  if (rows.length === 0) return [];
  const ids = await stockSetInsert(tx, {
    columns: names(VARIANT_COLUMNS),
    values: sql.join(VARIANT_COLUMNS.map(valueOf), sql`, `),
    stock: sql`v.stock`,
    from: sql`unnest(${sql.param(rows.map((row) => row.stock))}::int[],
      ${parameters(VARIANT_COLUMNS, rows, present)})
      WITH ORDINALITY AS v(stock, ${names(VARIANT_COLUMNS)}, n) ORDER BY n`,
  });
  // The SKUs are unique: map back to the file's order whatever order RETURNING gave.
  const { rows: found } = await tx.execute<{ id: string; sku: string }>(
    sql`SELECT id, sku FROM variant WHERE id = ANY(${sql.param(ids)}::uuid[])`,
  );
  const bySku = new Map(found.map((row) => [row.sku.toLowerCase(), row.id]));
  return rows.map((row) => bySku.get(row.sku.toLowerCase()) as string);
}

/**
 * Replaces the parts of the kits (kitIds[i] is made of parts[i]; an empty list: not a kit), each
 * part found by its SKU, in two statements.
 */
export async function replaceParts(
  tx: Queryable,
  kitIds: readonly string[],
  parts: readonly { sku: string; quantity: number }[][],
): Promise<void> {
  if (kitIds.length === 0) return;
  await tx.execute(sql`DELETE FROM variant_part WHERE kit_id = ANY(${sql.param(kitIds)}::uuid[])`);
  const flat = kitIds.flatMap((kitId, i) => (parts[i] ?? []).map((part) => ({ kitId, ...part })));
  if (flat.length === 0) return;
  await tx.execute(sql`
    INSERT INTO variant_part (kit_id, part_id, part_sku, quantity)
    SELECT v.kit_id, part.id, part.sku, v.quantity
    FROM unnest(${sql.param(flat.map((p) => p.kitId))}::uuid[],
      ${sql.param(flat.map((p) => p.sku))}::text[], ${sql.param(flat.map((p) => p.quantity))}::int[])
      AS v(kit_id, sku, quantity)
    JOIN variant part ON lower(part.sku) = lower(v.sku)`);
}
