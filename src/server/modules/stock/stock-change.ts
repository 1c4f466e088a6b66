import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { STOCK_LOW_THRESHOLD, stockLowEffectSql } from '../webhooks/index.ts';
import { releaseAlertsText } from './back-in-stock-release.ts';
import { forSaleSql } from './for-sale.ts';

/*
 * The one owner of stock (issue 33, docs/decisions/043). Every change of a product's available
 * stock goes through `change_stock(ids, deltas)` (drizzle/0027; the only SQL that writes
 * available_quantity on existing rows, stock-writers.test.ts keeps it so, but for the two
 * whole-product writes, which set it in their one UPDATE or INSERT through stock-set.ts) wrapped by
 * this file, and every consequence of a change is
 * attached HERE, once, in the change's own statement: a new consequence is one entry of
 * CONSEQUENCES, and stock-change.test.ts proves each of the six paths fires it.
 *
 * The paths: placing an order takes stock (the order statement, purchases/order-statement.ts);
 * cancelling and the hold expiry give it back (purchases); receiving a return with restock gives
 * it back (aftersale/returns.service.ts); the CSV import and the admin's edit set it
 * (product-import, catalog: `stock-set.ts`, the stock column and the consequences in the same statement
 * as the product's other columns). The data version (ADR 031) and
 * product.version (ADR 020) are counted by triggers on the product row, whoever writes it.
 */

/** Which way a change goes: a consequence that cannot fire on it is left out of its statement. */
export type StockDirection = 'take' | 'give' | 'set';

/**
 * The rows of a change, the relation `changed` each consequence reads: `id, name, price_cents,
 * min_quantity, withdrawn, available_before` (NULL for a product just created)`,
 * available_quantity, version` (both as the change leaves them).
 */
interface StockConsequence {
  /** What it does, for the docs and the tests. */
  what: string;
  /** The directions on which it can fire (e.g. taking stock never puts a product on sale). */
  on: readonly StockDirection[];
  /** Its CTEs (plain SQL text, no parameters) over `changed`, each named `<changed>_…`. */
  ctes(changed: string): string;
  /** The names of those CTEs. */
  names(changed: string): string[];
}

const CONSEQUENCES: readonly StockConsequence[] = [
  {
    // ADR 025: a product for sale again (its minimum reached, not withdrawn by a recall: the one
    // rule, for-sale.ts) ends its subscriptions and mails each subscriber.
    what: 'back-in-stock release',
    on: ['give', 'set'],
    ctes: (changed) =>
      releaseAlertsText(changed, `SELECT id FROM ${changed} WHERE ${forSaleSql(changed)}`),
    names: (changed) => [`${changed}_alerts_gone`, `${changed}_alerts_queued`],
  },
  {
    // The stock.low webhook, once per crossing from above the threshold to at or under it.
    what: 'stock.low webhook',
    on: ['take', 'set'],
    ctes: (changed) =>
      stockLowEffectSql(
        `SELECT id, name, price_cents, min_quantity, available_quantity, version FROM ${changed}
      WHERE (available_before IS NULL OR available_before > ${STOCK_LOW_THRESHOLD})
        AND available_quantity <= ${STOCK_LOW_THRESHOLD}`,
        `${changed}_stock_low`,
      ),
    names: (changed) => [`${changed}_stock_low`],
  },
];

const firing = (direction: StockDirection) =>
  CONSEQUENCES.filter((consequence) => consequence.on.includes(direction));

/** The consequences' CTEs over the rows of a change named `changed`, as text. */
export function consequencesText(changed: string, direction: StockDirection): string {
  return firing(direction)
    .map((consequence) => `, ${consequence.ctes(changed)}`)
    .join('');
}

/** The names of the CTEs `stockChangeText(changed, …, direction)` adds after `changed` itself. */
export function stockConsequenceNames(changed: string, direction: StockDirection): string[] {
  return firing(direction).flatMap((consequence) => consequence.names(changed));
}

/**
 * The CTEs of a stock change, as plain text for the statements built once as constant strings
 * (the order statement): `changed` the changed rows (`change_stock(ids, deltas)`, two SQL array
 * expressions; rows the caller has locked in product-id order change without a second walk:
 * drizzle/0014), then its consequences (`stockConsequenceNames`).
 */
export function stockChangeText(
  changed: string,
  ids: string,
  deltas: string,
  direction: StockDirection,
): string {
  return `${changed} AS (
      SELECT * FROM change_stock(${ids}, ${deltas})
    )${consequencesText(changed, direction)}`;
}

/** `stockChangeText` for drizzle statements: `ids` and `deltas` are SQL array expressions. */
export function stockChangeCtes(
  changed: string,
  ids: SQL,
  deltas: SQL,
  direction: StockDirection,
): SQL {
  return sql`${sql.raw(changed)} AS (
      SELECT * FROM change_stock(${ids}, ${deltas})
    )${sql.raw(consequencesText(changed, direction))}`;
}

/** One product's change: `delta` units more (or fewer) available. */
export interface StockDelta {
  productId: string;
  delta: number;
}

/**
 * Changes the stock of `changes` (in the caller's transaction) with its consequences: first the
 * rows are locked in product-id order (so the consequences read them as they will commit, and
 * concurrent changes queue rather than deadlock), then one statement changes them and fires the
 * consequences. A product deleted meanwhile is skipped. Returns the ids changed.
 */
export async function changeStock(
  tx: Queryable,
  changes: readonly StockDelta[],
  direction: StockDirection,
): Promise<string[]> {
  if (changes.length === 0) return [];
  const sorted = [...changes].sort((a, b) => (a.productId < b.productId ? -1 : 1));
  const ids = sql`${sql.param(sorted.map((c) => c.productId))}::uuid[]`;
  await tx.execute(
    sql`SELECT id FROM product WHERE id = ANY(${ids}) ORDER BY id FOR NO KEY UPDATE`,
  );
  const deltas = sql`${sql.param(sorted.map((c) => c.delta))}::int[]`;
  const { rows } = await tx.execute<{ id: string }>(
    sql`WITH ${stockChangeCtes('changed', ids, deltas, direction)} SELECT id FROM changed`,
  );
  return rows.map((row) => row.id);
}

/** What fires on each direction, for the docs and the tests. */
export const STOCK_CONSEQUENCES: Readonly<Record<StockDirection, readonly string[]>> = {
  take: firing('take').map((c) => c.what),
  give: firing('give').map((c) => c.what),
  set: firing('set').map((c) => c.what),
};
