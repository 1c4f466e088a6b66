import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { variant } from '../../db/schema.ts';
import { consequencesText } from './stock-change.ts';

/*
 * The whole-variant writes that SET the stock among the variant's other columns (issue 33,
 * docs/decisions/043, amendment; variants: issue 34, ADR 047): the admin's create and edit, the
 * variants' editor, the CSV import. The stock's owner writes the stock column and wraps the
 * caller's one UPDATE or INSERT of variants as the `changed` CTE of a statement that fires the
 * consequences of a `set` (CONSEQUENCES, stock-change.ts) over its RETURNING rows: each variant
 * row is written once (its version one step per edit, ADR 020) and no caller names
 * available_quantity (stock-writers.test.ts). A new variant is a set from nothing
 * (`available_before` NULL): its stock.low fires when it starts at or under the threshold.
 */

/** The name a change's consequences show: the product's, and the variant's label when it has one. */
const CHANGED_NAME = sql`(SELECT name FROM product WHERE product.id = variant.product_id)
    || CASE WHEN variant.label = '' THEN '' ELSE ' (' || variant.label || ')' END`;

/** The columns of `changed` (stock-change.ts) from the written row, and its stock before. */
function changedColumns(before: SQL): SQL {
  return sql`variant.id, variant.product_id, variant.sku, ${CHANGED_NAME} AS name,
    variant.price_cents, variant.min_quantity, variant.withdrawn, ${before} AS available_before,
    variant.available_quantity, variant.version, variant.position::int AS seq`;
}

/** One statement: the write as `changed`, its consequences, the written rows' ids and seqs. */
async function setWithConsequences(
  tx: Queryable,
  write: SQL,
): Promise<{ id: string; seq: number }[]> {
  const { rows } = await tx.execute<{ id: string; seq: number }>(
    sql`WITH changed AS (${write})${sql.raw(consequencesText('changed', 'set'))}
    SELECT id, seq FROM changed`,
  );
  return rows;
}

/** A set-based UPDATE of variants (SQL text): the caller's parts, the stock's column and value. */
export interface StockSetUpdate {
  /** The variant's other columns, `price_cents = v.price_cents, …` (not the stock). */
  set: SQL;
  /** The new stock of each row, and its stock before this write (the caller holds the row lock). */
  stock: SQL;
  before: SQL;
  /** The caller's FROM (e.g. `unnest(…) AS v(…)`) and WHERE. */
  from: SQL;
  where: SQL;
}

/** Updates the variants with their stock in one UPDATE, the consequences in its statement. */
export async function stockSetUpdate(tx: Queryable, update: StockSetUpdate): Promise<string[]> {
  const rows = await setWithConsequences(
    tx,
    sql`UPDATE variant SET ${update.set}, available_quantity = ${update.stock}
      FROM ${update.from} WHERE ${update.where}
      RETURNING ${changedColumns(update.before)}`,
  );
  return rows.map((row) => row.id);
}

/** A set-based INSERT of variants (SQL text): the caller's columns and their SELECT. */
export interface StockSetInsert {
  /** The variant's other columns, `product_id, sku, …` (not the stock). */
  columns: SQL;
  /** Their values, and the stock's, over `from`. */
  values: SQL;
  stock: SQL;
  /** `unnest(…) AS v(…)` with whatever ORDER BY the caller needs (identities drawn in order). */
  from: SQL;
}

/** Adds variants with their initial stock in one INSERT; their ids in the order inserted. */
export async function stockSetInsert(tx: Queryable, insert: StockSetInsert): Promise<string[]> {
  const rows = await setWithConsequences(
    tx,
    sql`INSERT INTO variant (${insert.columns}, available_quantity)
      SELECT ${insert.values}, ${insert.stock} FROM ${insert.from}
      RETURNING ${changedColumns(sql`NULL::int`)}`,
  );
  return rows.map((row) => row.id);
}

/** One variant's columns but the stock, as drizzle takes them (the admin's create and edit). */
export type VariantColumns = Omit<typeof variant.$inferInsert, 'availableQuantity'>;

/** Adds one variant with its initial stock (drizzle values), the consequences in its statement. */
export async function stockSetVariantInsert(
  tx: Queryable,
  values: VariantColumns,
  stock: number,
): Promise<string> {
  const insert = tx
    .insert(variant)
    .values({ ...values, availableQuantity: stock })
    .returning(changedReturning(null));
  const [row] = await setWithConsequences(tx, insert.getSQL());
  if (!row) throw new Error('INSERT … RETURNING gave no row');
  return row.id;
}

/**
 * Updates one variant (drizzle values, `where` its row and any version condition) with its stock
 * in one UPDATE, the consequences in its statement. Returns whether a row matched.
 */
export async function stockSetVariantUpdate(
  tx: Queryable,
  where: SQL | undefined,
  values: Partial<VariantColumns>,
  stock: { to: number; before: number },
): Promise<boolean> {
  const update = tx
    .update(variant)
    .set({ ...values, availableQuantity: stock.to })
    .where(where)
    .returning(changedReturning(stock.before));
  const rows = await setWithConsequences(tx, update.getSQL());
  return rows.length > 0;
}

/** `changedColumns` for drizzle's RETURNING. */
function changedReturning(before: number | null) {
  return {
    id: variant.id,
    productId: variant.productId,
    sku: variant.sku,
    name: sql<string>`${CHANGED_NAME}`.as('name'),
    priceCents: variant.priceCents,
    minQuantity: variant.minQuantity,
    withdrawn: variant.withdrawn,
    availableBefore: sql<number | null>`${before}::int`.as('available_before'),
    availableQuantity: variant.availableQuantity,
    version: variant.version,
    seq: sql<number>`${variant.position}::int`.as('seq'),
  };
}
