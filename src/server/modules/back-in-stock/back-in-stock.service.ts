import { and, eq, sql } from 'drizzle-orm';
import { IdSchema } from '../../../shared/ids.ts';
import { NOTIFY_IN_STOCK_MESSAGE, type StockAlert } from '../../../shared/back-in-stock.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { outbox, product, stockAlert, user } from '../../db/schema.ts';
import { Conflict, NotFound } from '../../errors.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { SHOP } from '../notifications/shop-identity.ts';

/**
 * Back-in-stock alerts (issue 24, docs/decisions/025). A subscription is a row; the stock change
 * that brings the product back (at least its minimum order quantity) deletes the product's rows
 * and queues one outbox job per deleted row, keyed by the row's id, in ONE statement of the
 * change's own transaction: the change, the end of the subscriptions and the mails commit
 * together or not at all, on any instance, and a row can be deleted (so mailed) only once.
 */

export const BACK_IN_STOCK_KIND = 'back-in-stock';

export interface BackInStockJob {
  alertId: string;
  userId: string;
  productId: string;
}

const NOT_FOUND = 'Product not found';

/**
 * POST /api/products/{id}/notify. Only while the product cannot be ordered: the INSERT reads the
 * product row FOR SHARE, so it waits for a running stock change and then sees its result (a
 * restock committed first makes this a 409; one committed after finds this row and mails it).
 */
export async function subscribe(db: Db, userId: string, productId: string): Promise<StockAlert> {
  if (!IdSchema.safeParse(productId).success) throw new NotFound(NOT_FOUND);
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ available: product.availableQuantity, min: product.minQuantity })
      .from(product)
      .where(eq(product.id, productId))
      .for('share');
    if (!found) throw new NotFound(NOT_FOUND);
    if (found.available >= found.min) throw new Conflict(NOTIFY_IN_STOCK_MESSAGE);
    await tx.insert(stockAlert).values({ productId, userId }).onConflictDoNothing();
    return { subscribed: true };
  });
}

/** DELETE /api/products/{id}/notify: idempotent. */
export async function unsubscribe(db: Db, userId: string, productId: string): Promise<StockAlert> {
  if (!IdSchema.safeParse(productId).success) throw new NotFound(NOT_FOUND);
  await db
    .delete(stockAlert)
    .where(and(eq(stockAlert.productId, productId), eq(stockAlert.userId, userId)));
  return { subscribed: false };
}

/** Whether the caller is subscribed (the product page's button). */
export async function isSubscribed(db: Db, userId: string, productId: string): Promise<StockAlert> {
  if (!IdSchema.safeParse(productId).success) throw new NotFound(NOT_FOUND);
  const [row] = await db
    .select({ id: stockAlert.id })
    .from(stockAlert)
    .where(and(eq(stockAlert.productId, productId), eq(stockAlert.userId, userId)));
  return { subscribed: row !== undefined };
}

/**
 * Ends every subscription of the product and queues each one's mail: call it inside the
 * transaction that brought the stock back (the caller holds the product row's lock).
 */
export async function releaseStockAlerts(tx: Queryable, productId: string): Promise<number> {
  const result = await tx.execute(sql`
    WITH gone AS (
      DELETE FROM ${stockAlert} WHERE ${stockAlert.productId} = ${productId}
      RETURNING id, user_id, product_id
    )
    INSERT INTO ${outbox} (kind, dedupe_key, payload)
    SELECT ${BACK_IN_STOCK_KIND}, ${BACK_IN_STOCK_KIND} || ':' || gone.id::text,
      jsonb_build_object('alertId', gone.id, 'userId', gone.user_id, 'productId', gone.product_id)
    FROM gone
    ON CONFLICT (dedupe_key) DO NOTHING
  `);
  return result.rowCount ?? 0;
}

/**
 * `releaseStockAlerts` for many products in one statement (a product import): those of
 * `productIds` whose stock is now at least their minimum order quantity.
 */
export async function releaseStockAlertsOf(
  tx: Queryable,
  productIds: readonly string[],
): Promise<number> {
  if (productIds.length === 0) return 0;
  const result = await tx.execute(sql`
    WITH gone AS (
      DELETE FROM ${stockAlert} a USING ${product} p
      WHERE a.product_id = p.id AND p.id = ANY(${sql.param([...productIds])}::uuid[])
        AND p.available_quantity >= p.min_quantity
      RETURNING a.id, a.user_id, a.product_id
    )
    INSERT INTO ${outbox} (kind, dedupe_key, payload)
    SELECT ${BACK_IN_STOCK_KIND}, ${BACK_IN_STOCK_KIND} || ':' || gone.id::text,
      jsonb_build_object('alertId', gone.id, 'userId', gone.user_id, 'productId', gone.product_id)
    FROM gone
    ON CONFLICT (dedupe_key) DO NOTHING
  `);
  return result.rowCount ?? 0;
}

/** The mail of one job, or null when the product or the account is gone (nothing to tell). */
export async function backInStockMail(
  db: Db,
  job: BackInStockJob,
  publicUrl: string,
): Promise<MailMessage | null> {
  const [row] = await db
    .select({ email: user.email, customer: user.name, productName: product.name })
    .from(user)
    .innerJoin(product, eq(product.id, job.productId))
    .where(eq(user.id, job.userId));
  if (!row) return null;
  const link = `${publicUrl}/purchase/${job.productId}`;
  return {
    to: row.email,
    subject: `${row.productName} is back in stock`,
    text: [
      `Hello ${row.customer},`,
      '',
      `${row.productName} is back in stock at ${SHOP.name}. You asked us to tell you once:`,
      link,
      '',
      'You will not get this mail again for this product unless you ask again.',
    ].join('\n'),
  };
}
