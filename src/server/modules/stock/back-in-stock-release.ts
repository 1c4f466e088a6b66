import { eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { product, stockAlert, user, variant } from '../../db/schema.ts';
import { variantDisplayName } from '../../../shared/variant.ts';
import type { MailMessage } from '../mail/index.ts';
import { SHOP } from '../notifications/index.ts';
import { enqueueSql, enqueueText, defineJob } from '../outbox/index.ts';
import { pageRoutes } from '../../../shared/page-routes.ts';

/**
 * The back-in-stock release (issue 24, docs/decisions/025), one consequence of stock changing
 * (stock-change.ts, ADR 043): the change that puts a product on sale again ends its subscriptions
 * and queues one mail per ended subscription, in the change's own statement. Lifting a recall
 * releases them too (back-in-stock.service.ts releaseStockAlertsOf).
 */

export const BACK_IN_STOCK_KIND = 'back-in-stock';

export interface BackInStockJob {
  alertId: string;
  userId: string;
  productId: string;
  /** Issue 34: the variant awaited (absent in jobs queued before: the product's default). */
  variantId?: string | undefined;
}

/**
 * The CTEs (`alerts_gone`, `alerts_queued`) that end every subscription of the variants `backIds`
 * (a SQL list or subquery of variant ids judged for sale again, `forSaleSql`, on their locked
 * rows) and queue each one's mail, to splice into the statement that brought the stock back, after
 * the product rows are locked: a subscription row can be deleted (so mailed) only once, and the
 * outbox's dedupe key repeats that. `alerts_queued` returns one row per mail queued.
 */
export function releaseAlertsCtes(backIds: SQL): SQL {
  return sql`alerts_gone AS (
      DELETE FROM ${stockAlert} WHERE variant_id IN (${backIds})
      RETURNING id, user_id, product_id, variant_id
    ), alerts_queued AS (
      ${enqueueSql(backInStockJob, {
        key: sql`${BACK_IN_STOCK_KIND} || ':' || alerts_gone.id::text`,
        from: sql`alerts_gone`,
        payload: {
          alertId: sql`alerts_gone.id`,
          userId: sql`alerts_gone.user_id`,
          productId: sql`alerts_gone.product_id`,
          variantId: sql`alerts_gone.variant_id`,
        },
      })}
    )`;
}

/**
 * `releaseAlertsCtes` as plain SQL text for the stock's entry point (stock-change.ts), its CTEs
 * named after `prefix` (`<prefix>_alerts_gone`, `<prefix>_alerts_queued`) so a statement can hold
 * more than one: ends every subscription of the products `backIds` (a SELECT of product ids) and
 * queues each one's mail (`backIds` a SELECT of variant ids).
 */
export function releaseAlertsText(prefix: string, backIds: string): string {
  return `${prefix}_alerts_gone AS (
      DELETE FROM stock_alert WHERE variant_id IN (${backIds})
      RETURNING id, user_id, product_id, variant_id
    ), ${prefix}_alerts_queued AS (
      ${enqueueText(backInStockJob, {
        key: `'${BACK_IN_STOCK_KIND}:' || ${prefix}_alerts_gone.id::text`,
        from: `${prefix}_alerts_gone`,
        payload: {
          alertId: `${prefix}_alerts_gone.id`,
          userId: `${prefix}_alerts_gone.user_id`,
          productId: `${prefix}_alerts_gone.product_id`,
          variantId: `${prefix}_alerts_gone.variant_id`,
        },
      })}
    )`;
}

/** The mail of one job, or null when the product or the account is gone (nothing to tell). */
export async function backInStockMail(
  db: Db,
  job: BackInStockJob,
  publicUrl: string,
): Promise<MailMessage | null> {
  const variantId = job.variantId ?? null;
  const [row] = await db
    .select({
      email: user.email,
      customer: user.name,
      productName: product.name,
      label: sql<string>`coalesce((SELECT ${variant.label} FROM ${variant}
        WHERE ${variant.id} = ${variantId}::uuid), '')`,
      sku: sql<string | null>`(SELECT ${variant.sku} FROM ${variant}
        WHERE ${variant.id} = ${variantId}::uuid)`,
    })
    .from(user)
    .innerJoin(product, eq(product.id, job.productId))
    .where(eq(user.id, job.userId));
  if (!row) return null;
  const productName = variantDisplayName(row.productName, row.label);
  const page = pageRoutes.purchase.href({ productId: job.productId });
  const link = `${publicUrl}${page}${row.label !== '' && row.sku ? `?sku=${encodeURIComponent(row.sku)}` : ''}`;
  return {
    to: row.email,
    subject: `${productName} is back in stock`,
    text: [
      `Hello ${row.customer},`,
      '',
      `${productName} is back in stock at ${SHOP.name}. You asked us to tell you once:`,
      link,
      '',
      'You will not get this mail again for this product unless you ask again.',
    ].join('\n'),
  };
}

/** The mail of one ended subscription (kind `back-in-stock`, queued by releaseAlertsCtes). */
export const backInStockJob = defineJob({
  kind: BACK_IN_STOCK_KIND,
  payload: z.object({
    alertId: z.string(),
    userId: z.string(),
    productId: z.string(),
    variantId: z.string().optional(),
  }) satisfies z.ZodType<BackInStockJob>,
  async handle(job, context) {
    const mail = await backInStockMail(context.db, job, context.publicUrl);
    if (mail) await context.mailer.send(mail);
  },
});
