import { and, eq, sql } from 'drizzle-orm';
import { IdSchema } from '../../../shared/ids.ts';
import { NOTIFY_IN_STOCK_MESSAGE, type StockAlert } from '../../../shared/back-in-stock.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { product, stockAlert, variant, variantOffer } from '../../db/schema.ts';
import { Conflict, NotFound } from '../../errors.ts';
import { WRONG_PRODUCT_SKU_MESSAGE } from '../../../shared/purchase.ts';
import { VARIANT_NOT_FOUND_MESSAGE } from '../../../shared/variant.ts';
import { forSaleSql, releaseAlertsCtes } from '../stock/index.ts';

/**
 * Back-in-stock alerts (issue 24, docs/decisions/025). A subscription is a row; the stock change
 * that brings the product back (at least its minimum order quantity) deletes the product's rows
 * and queues one outbox job per deleted row, keyed by the row's id, in ONE statement of the
 * change's own transaction: the change, the end of the subscriptions and the mails commit
 * together or not at all, on any instance, and a row can be deleted (so mailed) only once.
 */

// The release of the alerts when stock comes back, and its mail, are a consequence of stock
// changing: they live with the stock's one entry point (modules/stock, ADR 043).
export {
  BACK_IN_STOCK_KIND,
  backInStockJob,
  backInStockMail,
  type BackInStockJob,
} from '../stock/index.ts';

const NOT_FOUND = 'Product not found';

/**
 * The variant an alert is for (issue 34): the SKU's (any case), which must be the product's (409),
 * or the product's default; `lock` reads its row FOR SHARE.
 */
async function alertVariant(
  tx: Queryable,
  productId: string,
  sku: string | undefined,
  lock: boolean,
): Promise<string> {
  if (!IdSchema.safeParse(productId).success) throw new NotFound(NOT_FOUND);
  const query = tx
    .select({ id: variant.id, productId: variant.productId })
    .from(variant)
    .where(
      sku === undefined
        ? eq(variant.productId, productId)
        : eq(sql`lower(${variant.sku})`, sku.toLowerCase()),
    )
    .orderBy(variant.position, variant.id)
    .limit(1);
  const [chosen] = await (lock ? query.for('share') : query);
  if (!chosen) {
    const [exists] = await tx
      .select({ id: product.id })
      .from(product)
      .where(eq(product.id, productId));
    throw new NotFound(exists ? VARIANT_NOT_FOUND_MESSAGE : NOT_FOUND);
  }
  if (chosen.productId !== productId) throw new Conflict(WRONG_PRODUCT_SKU_MESSAGE);
  return chosen.id;
}

/**
 * POST /api/products/{id}/notify[?sku=]. Only while the variant cannot be ordered (below its
 * minimum, or withdrawn by a recall: its subscribers are mailed when the recall is lifted; a kit:
 * while its parts do not allow its minimum, and it is released when they come back): the INSERT
 * reads the variant row FOR SHARE, so it waits for a running stock change and then sees its result
 * (a restock committed first makes this a 409; one committed after finds this row and mails it).
 */
export async function subscribe(
  db: Db,
  userId: string,
  productId: string,
  sku?: string,
): Promise<StockAlert> {
  return db.transaction(async (tx) => {
    const variantId = await alertVariant(tx, productId, sku, true);
    const [found] = await tx
      .select({ forSale: sql<boolean>`${sql.raw(forSaleSql('variant_offer'))}` })
      .from(variantOffer)
      .where(eq(variantOffer.id, variantId));
    if (!found) throw new NotFound(NOT_FOUND);
    if (found.forSale) throw new Conflict(NOTIFY_IN_STOCK_MESSAGE);
    await tx.insert(stockAlert).values({ productId, variantId, userId }).onConflictDoNothing();
    return { subscribed: true };
  });
}

/** DELETE /api/products/{id}/notify[?sku=]: idempotent. */
export async function unsubscribe(
  db: Db,
  userId: string,
  productId: string,
  sku?: string,
): Promise<StockAlert> {
  const variantId = await alertVariant(db, productId, sku, false);
  await db
    .delete(stockAlert)
    .where(and(eq(stockAlert.variantId, variantId), eq(stockAlert.userId, userId)));
  return { subscribed: false };
}

/** GET /api/products/{id}/notify[?sku=]: whether the caller is subscribed (the page's button). */
export async function isSubscribed(
  db: Db,
  userId: string,
  productId: string,
  sku?: string,
): Promise<StockAlert> {
  const variantId = await alertVariant(db, productId, sku, false);
  const [row] = await db
    .select({ id: stockAlert.id })
    .from(stockAlert)
    .where(and(eq(stockAlert.variantId, variantId), eq(stockAlert.userId, userId)));
  return { subscribed: row !== undefined };
}

/**
 * Ends every subscription of those of `productIds` that are for sale now (stock at least their
 * minimum order quantity, not withdrawn by a recall: `productForSale`) and queues each one's mail,
 * in one statement: for every path that gives stock back (an admin's edit, a product import, a
 * cancelled order, a return put back into stock) and for lifting a recall, in its transaction,
 * after its change (which holds the product rows' locks, so this reads them as they will commit).
 */
export async function releaseStockAlertsOf(
  tx: Queryable,
  productIds: readonly (string | null)[],
): Promise<number> {
  const ids = productIds.filter((id): id is string => id !== null);
  if (ids.length === 0) return 0;
  const backIds = sql`SELECT id FROM variant_offer
    WHERE product_id = ANY(${sql.param(ids)}::uuid[]) AND ${sql.raw(forSaleSql('variant_offer'))}`;
  const { rows } = await tx.execute<{ queued: number }>(
    sql`WITH ${releaseAlertsCtes(backIds)} SELECT count(*)::int AS queued FROM alerts_queued`,
  );
  return rows[0]?.queued ?? 0;
}
