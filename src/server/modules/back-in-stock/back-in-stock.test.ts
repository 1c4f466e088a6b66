import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { NOTIFY_IN_STOCK_MESSAGE } from '../../../shared/back-in-stock.ts';
import { outbox, stockAlert } from '../../db/schema.ts';
import { readOutbox, signUp } from '../../testing/accounts.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { createProduct } from '../../testing/factories.ts';
import { storeWebp, toWebp } from '../images/images.service.ts';
import { buildTestApp } from '../../testing/test-app.ts';

const t = setUpAppWithAccounts();

const notify = (method: 'POST' | 'DELETE' | 'GET', productId: string, who = t.customer) =>
  t.app.inject({ method, url: `/api/products/${productId}/notify`, headers: who?.headers });

async function soldOut() {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  const img = (await storeWebp(t.database.db, await toWebp(png, 800, 800))).url;
  const item = await createProduct(t.database.db, { minQuantity: 5, availableQuantity: 2 });
  const restock = (availableQuantity: number, app = t.app) =>
    app.inject({
      method: 'PUT',
      url: `/api/products/${item.id}`,
      headers: t.admin.headers,
      payload: {
        name: item.name,
        price: 129.99,
        img,
        minQuantity: 5,
        availableQuantity,
      },
    });
  return { item, restock };
}

const alertsOf = (productId: string) =>
  t.database.db.select().from(stockAlert).where(eq(stockAlert.productId, productId));

describe('POST/DELETE /api/products/{id}/notify', () => {
  it('needs a session, 404s an unknown or malformed product, and 409s one in stock', async () => {
    const { item } = await soldOut();
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/products/${item.id}/notify` })).statusCode,
    ).toBe(401);
    expect((await notify('POST', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await notify('POST', 'nope')).statusCode).toBe(404);
    const inStock = await createProduct(t.database.db, { minQuantity: 1, availableQuantity: 9 });
    const res = await notify('POST', inStock.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NOTIFY_IN_STOCK_MESSAGE);
  });

  it('subscribes once (twice is the same), and DELETE stops it', async () => {
    const { item } = await soldOut();
    expect((await notify('POST', item.id)).json()).toEqual({ subscribed: true });
    expect((await notify('POST', item.id)).json()).toEqual({ subscribed: true });
    expect(await alertsOf(item.id)).toHaveLength(1);
    expect((await notify('GET', item.id)).json()).toEqual({ subscribed: true });
    expect((await notify('DELETE', item.id)).json()).toEqual({ subscribed: false });
    expect((await notify('GET', item.id)).json()).toEqual({ subscribed: false });
    expect(await alertsOf(item.id)).toHaveLength(0);
  });
});

describe('the restock', () => {
  it('mails each subscriber exactly once and ends the subscriptions', async () => {
    const { item, restock } = await soldOut();
    const second = await signUp(t.app, { name: 'Sam Second' });
    const stopped = await signUp(t.app, { name: 'Stella Stopped' });
    for (const who of [t.customer, second, stopped])
      expect((await notify('POST', item.id, who)).statusCode).toBe(200);
    await notify('DELETE', item.id, stopped);

    // Still below the minimum: nobody is told.
    expect((await restock(4)).statusCode).toBe(200);
    expect(await alertsOf(item.id)).toHaveLength(2);

    expect((await restock(50)).statusCode).toBe(200);
    expect(await alertsOf(item.id)).toHaveLength(0);
    const subject = `${item.name} is back in stock`;
    for (const who of [t.customer, second]) {
      const mail = await vi.waitFor(
        () => {
          const found = readOutbox(t, who.email).filter((m) => m.subject === subject);
          expect(found).toHaveLength(1);
          return found[0]!;
        },
        { timeout: 10_000, interval: 100 },
      );
      expect(mail.text).toContain(`/purchase/${item.id}`);
    }
    // Another raise mails nobody again.
    expect((await restock(60)).statusCode).toBe(200);
    const jobs = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'back-in-stock'));
    expect(
      jobs.filter((j) => (j.payload as { productId: string }).productId === item.id),
    ).toHaveLength(2);
    expect(readOutbox(t, stopped.email).filter((m) => m.subject === subject)).toHaveLength(0);
  });

  it('with two instances restocking at once, still one mail per subscriber', async () => {
    const { item, restock } = await soldOut();
    expect((await notify('POST', item.id)).statusCode).toBe(200);
    const second = await buildTestApp({ shareDatabaseOf: t });
    try {
      const [a, b] = await Promise.all([restock(30), restock(40, second.app)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const jobs = await t.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.kind, 'back-in-stock'));
      expect(
        jobs.filter((j) => (j.payload as { productId: string }).productId === item.id),
      ).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
