import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect } from 'vitest';
import { outbox, stockAlert } from '../db/schema.ts';
import { storeWebp, toWebp } from '../modules/images/images.service.ts';
import { BACK_IN_STOCK_KIND } from '../modules/stock/back-in-stock-release.ts';
import type { WebhookJob } from '../modules/webhooks/webhooks.service.ts';
import type { AppWithAccounts } from './app-with-accounts.ts';

/**
 * What the tests of stock's consequences read and do (back-in-stock alerts and their mails, the
 * `stock.low` webhook jobs), bound to the file's app: the stock, back-in-stock, recall and
 * webhook tests share them.
 */
export function stockConsequenceHelpers(t: AppWithAccounts) {
  /** `who` (the other customer by default) asks to hear when the product is back. */
  const subscribe = async (productId: string, who = t.other) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/products/${productId}/notify`,
      headers: who.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  const alertsOf = (productId: string) =>
    t.database.db.select().from(stockAlert).where(eq(stockAlert.productId, productId));

  /** The back-in-stock mails queued in the outbox for the product. */
  const backInStockJobs = async (productId: string) =>
    (await t.database.db.select().from(outbox).where(eq(outbox.kind, BACK_IN_STOCK_KIND))).filter(
      (job) => (job.payload as { productId: string }).productId === productId,
    );

  /** The `stock.low` webhook deliveries queued in the outbox for the product. */
  const stockLowJobs = async (productId: string): Promise<WebhookJob[]> =>
    (
      await t.database.db
        .select({ payload: outbox.payload })
        .from(outbox)
        .where(sql`${outbox.kind} = 'webhook' AND ${outbox.payload}->>'event' = 'stock.low'`)
    )
      .map((row) => row.payload as WebhookJob)
      .filter((job) => job.data.productId === productId);

  /** A picture the shop stores (a CSV row must name one). */
  const storedImage = async (): Promise<string> => {
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#345678' },
    })
      .png()
      .toBuffer();
    return (await storeWebp(t.database.db, await toWebp(png, 800, 800))).url;
  };

  return { subscribe, alertsOf, backInStockJobs, stockLowJobs, storedImage };
}

/**
 * Registers a `stock.low` webhook endpoint where nobody listens: each delivery fails and waits for
 * its retry, so the jobs stay queued for the file's tests to read.
 */
export function queueStockLowWebhooks(t: AppWithAccounts): void {
  beforeAll(async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: t.admin.headers,
      payload: { url: 'http://127.0.0.1:9/hooks', events: ['stock.low'] },
    });
    expect(created.statusCode, created.body).toBe(201);
  });
}
