import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import type { StockTaken } from '../../db/schema.ts';
import { STOCK_LOW_THRESHOLD, stockLowEffectSql } from '../webhooks/index.ts';
import { releaseAlertsText } from './back-in-stock-release.ts';
import { forSaleSql } from './for-sale.ts';

/*
 * The one owner of stock (issue 33, docs/decisions/043). Stock belongs to variants (issue 34, ADR
 * 047; a kit has none of its own: its parts' stock is taken and given back). Every change of a
 * variant's available stock goes through `change_stock(ids, deltas)` (drizzle/0028; the only SQL that writes
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
 * The rows of a change, the relation `changed` each consequence reads, one per variant: `id,
 * product_id, sku, name, price_cents, min_quantity, withdrawn, available_before` (NULL for a
 * variant just created)`, available_quantity, version` (both as the change leaves them).
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
    // ADR 025: a variant for sale again (its minimum reached, not withdrawn by a recall: the one
    // rule, for-sale.ts) ends its subscriptions and mails each subscriber; so does a kit its
    // parts' stock puts on sale again (ADR 047).
    what: 'back-in-stock release',
    on: ['give', 'set'],
    ctes: (changed) =>
      releaseAlertsText(
        changed,
        `SELECT id FROM ${changed} WHERE ${forSaleSql(changed)} UNION ${kitsForSaleSql(changed)}`,
      ),
    names: (changed) => [`${changed}_alerts_gone`, `${changed}_alerts_queued`],
  },
  {
    // The stock.low webhook, once per crossing from above the threshold to at or under it.
    what: 'stock.low webhook',
    on: ['take', 'set'],
    ctes: (changed) =>
      stockLowEffectSql(
        `SELECT id, product_id, sku, name, price_cents, min_quantity, available_quantity, version
      FROM ${changed}
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
 * The kits made of the variants `changed` whose parts' stock, as the change leaves it, reaches the
 * kit's minimum (none of them withdrawn or deleted): a SELECT of their ids. The statement's
 * snapshot does not see its own change, so a changed part's stock is read from `changed`.
 */
function kitsForSaleSql(changed: string): string {
  return `SELECT kit.id FROM variant kit
    WHERE kit.id IN (SELECT kit_id FROM variant_part WHERE part_id IN (SELECT id FROM ${changed}))
      AND NOT kit.withdrawn
      AND (SELECT bool_and(part.id IS NOT NULL AND NOT part.withdrawn)
          AND min(coalesce(now_.available_quantity, part.available_quantity) / vp.quantity)
            >= kit.min_quantity
        FROM variant_part vp LEFT JOIN variant part ON part.id = vp.part_id
          LEFT JOIN ${changed} now_ ON now_.id = vp.part_id
        WHERE vp.kit_id = kit.id)`;
}

/**
 * The CTEs of a stock change, as plain text for the statements built once as constant strings
 * (the order statement): `changed` the changed rows (`change_stock(ids, deltas)`, two SQL array
 * expressions of variant ids and deltas; rows the caller has locked in id order change without a
 * second walk: drizzle/0014), then its consequences (`stockConsequenceNames`).
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

/** One variant's change: `delta` units more (or fewer) available. */
export interface StockDelta {
  variantId: string;
  delta: number;
}

/**
 * The stock an order took (purchase.stock_taken) as the deltas that give it back: all of it, or
 * the share of `units` of the order's `of` units (a partial return; a kit's parts in proportion).
 */
export const givingBack = (
  taken: readonly StockTaken[],
  share?: { units: number; of: number },
): StockDelta[] =>
  taken.map((part) => ({
    variantId: part.variantId,
    delta: share ? (part.quantity / share.of) * share.units : part.quantity,
  }));

/**
 * Changes the stock of `changes` (in the caller's transaction) with its consequences: first the
 * rows are locked in variant-id order (so the consequences read them as they will commit, and
 * concurrent changes queue rather than deadlock), then one statement changes them and fires the
 * consequences. A variant deleted meanwhile is skipped; deltas of one variant are added up.
 * Returns the ids changed.
 */
export async function changeStock(
  tx: Queryable,
  changes: readonly StockDelta[],
  direction: StockDirection,
): Promise<string[]> {
  if (changes.length === 0) return [];
  const summed = new Map<string, number>();
  for (const change of changes)
    summed.set(change.variantId, (summed.get(change.variantId) ?? 0) + change.delta);
  const sorted = [...summed].sort(([a], [b]) => (a < b ? -1 : 1));
  const ids = sql`${sql.param(sorted.map(([id]) => id))}::uuid[]`;
  await tx.execute(
    sql`SELECT id FROM variant WHERE id = ANY(${ids}) ORDER BY id FOR NO KEY UPDATE`,
  );
  const deltas = sql`${sql.param(sorted.map(([, delta]) => delta))}::int[]`;
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
