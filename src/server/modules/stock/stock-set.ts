import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { product } from '../../db/schema.ts';
import { consequencesText } from './stock-change.ts';

/*
 * The whole-product writes that SET the stock among the product's other columns (issue 33,
 * docs/decisions/043, amendment): the admin's create and edit, the CSV import. The stock's owner
 * writes the stock column and wraps the caller's one UPDATE or INSERT as the `changed` CTE of a
 * statement that fires the consequences of a `set` (CONSEQUENCES, stock-change.ts) over its
 * RETURNING rows: each product row is written once (product.version one step per edit, ADR 020)
 * and no caller names available_quantity (stock-writers.test.ts). A new product is a set from
 * nothing (`available_before` NULL): its stock.low fires when it starts at or under the threshold.
 */

/** The columns of `changed` (stock-change.ts) from the written row, and its stock before. */
function changedColumns(before: SQL): SQL {
  return sql`product.id, product.name, product.price_cents, product.min_quantity,
    product.withdrawn, ${before} AS available_before, product.available_quantity, product.version,
    product.seq::int AS seq`;
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

/** A set-based UPDATE of products (SQL text): the caller's parts, the stock's column and value. */
export interface StockSetUpdate {
  /** The product's other columns, `name = v.name, …` (not the stock). */
  set: SQL;
  /** The new stock of each row, and its stock before this write (the caller holds the row lock). */
  stock: SQL;
  before: SQL;
  /** The caller's FROM (e.g. `unnest(…) AS v(…)`) and WHERE. */
  from: SQL;
  where: SQL;
}

/** Updates the products with their stock in one UPDATE, the consequences in its statement. */
export async function stockSetUpdate(tx: Queryable, update: StockSetUpdate): Promise<string[]> {
  const rows = await setWithConsequences(
    tx,
    sql`UPDATE product SET ${update.set}, available_quantity = ${update.stock}
      FROM ${update.from} WHERE ${update.where}
      RETURNING ${changedColumns(update.before)}`,
  );
  return rows.map((row) => row.id);
}

/** A set-based INSERT of products (SQL text): the caller's columns and their SELECT. */
export interface StockSetInsert {
  /** The product's other columns, `name, description, …` (not the stock). */
  columns: SQL;
  /** Their values, and the stock's, over `from`. */
  values: SQL;
  stock: SQL;
  /** `unnest(…) AS v(…)` with whatever ORDER BY the caller needs (identities drawn in order). */
  from: SQL;
}

/** Adds products with their initial stock in one INSERT; their ids in `seq` order. */
export async function stockSetInsert(tx: Queryable, insert: StockSetInsert): Promise<string[]> {
  const rows = await setWithConsequences(
    tx,
    sql`INSERT INTO product (${insert.columns}, available_quantity)
      SELECT ${insert.values}, ${insert.stock} FROM ${insert.from}
      RETURNING ${changedColumns(sql`NULL::int`)}`,
  );
  return rows.sort((a, b) => a.seq - b.seq).map((row) => row.id);
}

/** One product's columns but the stock, as drizzle takes them (the admin's create and edit). */
export type ProductColumns = Omit<typeof product.$inferInsert, 'availableQuantity'>;

/** Adds one product with its initial stock (drizzle values), the consequences in its statement. */
export async function stockSetProductInsert(
  tx: Queryable,
  values: ProductColumns,
  stock: number,
): Promise<string> {
  const insert = tx
    .insert(product)
    .values({ ...values, availableQuantity: stock })
    .returning(changedReturning(null));
  const [row] = await setWithConsequences(tx, insert.getSQL());
  if (!row) throw new Error('INSERT … RETURNING gave no row');
  return row.id;
}

/**
 * Updates one product (drizzle values, `where` its row and any version condition) with its stock
 * in one UPDATE, the consequences in its statement. Returns whether a row matched.
 */
export async function stockSetProductUpdate(
  tx: Queryable,
  where: SQL | undefined,
  values: Partial<ProductColumns>,
  stock: { to: number; before: number },
): Promise<boolean> {
  const update = tx
    .update(product)
    .set({ ...values, availableQuantity: stock.to })
    .where(where)
    .returning(changedReturning(stock.before));
  const rows = await setWithConsequences(tx, update.getSQL());
  return rows.length > 0;
}

/** `changedColumns` for drizzle's RETURNING. */
function changedReturning(before: number | null) {
  return {
    id: product.id,
    name: product.name,
    priceCents: product.priceCents,
    minQuantity: product.minQuantity,
    withdrawn: product.withdrawn,
    availableBefore: sql<number | null>`${before}::int`.as('available_before'),
    availableQuantity: product.availableQuantity,
    version: product.version,
    seq: sql<number>`${product.seq}::int`.as('seq'),
  };
}
