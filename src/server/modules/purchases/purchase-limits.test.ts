import { count, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ABOVE_MAXIMUM_MESSAGE,
  ABOVE_STOCK_MESSAGE,
  ORDER_QUANTITY_MAX,
} from '../../../shared/purchase.ts';
import { basketLine, orderEvent, outbox, purchase } from '../../db/schema.ts';
import { signUp, type SignedIn } from '../../testing/accounts.ts';
import { createProduct, stockOf, userIdOf } from '../../testing/factories.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { TOO_MANY_REQUESTS_MESSAGE } from '../../../shared/errors.ts';
import { tooManyUnpaidOrdersMessage } from './purchase-limits.ts';

// The limits as an operator configures them: here small, so the test stays short.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { MAX_UNPAID_ORDERS: '3', ORDER_RATE_LIMIT_PER_HOUR: '6' } });
});
afterAll(() => t?.close());

const order = (
  who: SignedIn,
  productId: string,
  remoteAddress = '127.0.0.1',
  orderQuantity = 1,
  app: TestApp = t,
) =>
  app.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: who.headers,
    remoteAddress,
    payload: { productId, orderQuantity },
  });

/** What an account's orders left in the database: orders, timeline entries, mails queued. */
async function tracesOf(app: TestApp, who: SignedIn) {
  const { db } = app.database;
  const userId = await userIdOf(db, who.email);
  const orders = await db
    .select({ id: purchase.id, checkoutId: purchase.checkoutId })
    .from(purchase)
    .where(eq(purchase.userId, userId));
  if (orders.length === 0) return { orders: 0, events: 0, mails: 0 };
  const [events] = await db
    .select({ n: count() })
    .from(orderEvent)
    .where(
      inArray(
        orderEvent.purchaseId,
        orders.map((o) => o.id),
      ),
    );
  // One "order received" mail per checkout.
  const mails = await Promise.all(
    [...new Set(orders.map((o) => o.checkoutId))].map(async (id) => {
      const [row] = await db
        .select({ n: count() })
        .from(outbox)
        .where(like(outbox.dedupeKey, `${id}:placed:%`));
      return row?.n ?? 0;
    }),
  );
  return {
    orders: orders.length,
    events: events?.n ?? 0,
    mails: mails.reduce((a, b) => a + b, 0),
  };
}

describe('limits on placing orders', () => {
  it('holds at most MAX_UNPAID_ORDERS unpaid orders per account (409), freed by a cancel', async () => {
    const item = await createProduct(t.database.db, { availableQuantity: 100 });
    const buyer = await signUp(t.app);
    const placed = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await order(buyer, item.id, '10.0.0.1');
      expect(res.statusCode).toBe(201);
      placed.push(res.json()._id as string);
    }
    const fourth = await order(buyer, item.id, '10.0.0.1');
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({
      code: 'CONFLICT',
      message: tooManyUnpaidOrdersMessage(3),
      requestId: expect.any(String),
    });
    // Another account is not affected.
    expect((await order(await signUp(t.app), item.id, '10.0.0.2')).statusCode).toBe(201);

    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/purchase/${placed[0]}`,
      headers: buyer.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect((await order(buyer, item.id, '10.0.0.1')).statusCode).toBe(201);
  });

  it('limits orders per account, whatever the IP, and per IP, whatever the account', async () => {
    const item = await createProduct(t.database.db, { availableQuantity: 100 });
    const buyer = await signUp(t.app);
    const statuses: number[] = [];
    // Each order is cancelled at once, so only the rate limit can refuse.
    for (let i = 0; i < 7; i += 1) {
      const res = await order(buyer, item.id, `10.1.0.${i}`);
      statuses.push(res.statusCode);
      if (res.statusCode === 201)
        await t.app.inject({
          method: 'DELETE',
          url: `/api/purchase/${res.json()._id}`,
          headers: buyer.headers,
        });
      else expect(res.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);

    const shared = [];
    for (let i = 0; i < 7; i += 1)
      shared.push((await order(await signUp(t.app), item.id, '10.2.0.1')).statusCode);
    expect(shared).toEqual([201, 201, 201, 201, 201, 201, 429]);
  });

  it('counts every attempt, refused or not, and answers the limits before the product', async () => {
    const item = await createProduct(t.database.db, { availableQuantity: 100 });
    const buyer = await signUp(t.app);
    let ip = 0;
    const next = (productId: string, quantity = 1) =>
      order(buyer, productId, `10.4.0.${(ip += 1)}`, quantity);
    expect((await next('0b9c4a8e-3f0e-4c55-9a39-2f0d2f4f4e11')).statusCode).toBe(404);
    expect((await next('not-an-id')).statusCode).toBe(404);
    const above = await next(item.id, 101);
    expect(above.statusCode).toBe(409);
    expect(above.json()).toMatchObject({ message: ABOVE_STOCK_MESSAGE });
    for (let i = 0; i < 3; i += 1) expect((await next(item.id)).statusCode).toBe(201);
    // The 7th attempt of the hour: refused by the rate, before the unpaid orders and the product.
    const seventh = await next('not-an-id');
    expect(seventh.statusCode).toBe(429);
    expect(seventh.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: TOO_MANY_REQUESTS_MESSAGE,
      requestId: expect.any(String),
    });
    expect((await next(item.id)).statusCode).toBe(429);
    expect((await stockOf(t.database.db, item.id))?.available).toBe(97);
    expect(await tracesOf(t, buyer)).toEqual({ orders: 3, events: 3, mails: 3 });
  });

  it('takes no stock and writes nothing for an order refused over the unpaid orders', async () => {
    const item = await createProduct(t.database.db, { availableQuantity: 100 });
    const buyer = await signUp(t.app);
    for (let i = 0; i < 3; i += 1)
      expect((await order(buyer, item.id, `10.5.0.${i}`)).statusCode).toBe(201);
    const refused = await order(buyer, item.id, '10.5.0.9', 2);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: tooManyUnpaidOrdersMessage(3) });
    expect((await stockOf(t.database.db, item.id))?.available).toBe(97);
    expect(await tracesOf(t, buyer)).toEqual({ orders: 3, events: 3, mails: 3 });
  });

  it('names the largest allowed quantity, not the stock, when the stock is larger', async () => {
    const item = await createProduct(t.database.db, {
      availableQuantity: 2_000_000,
      priceCents: 1,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: (await signUp(t.app)).headers,
      remoteAddress: '10.3.0.1',
      payload: { productId: item.id, orderQuantity: ORDER_QUANTITY_MAX + 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: ABOVE_MAXIMUM_MESSAGE,
      fields: { orderQuantity: ABOVE_MAXIMUM_MESSAGE },
    });
  });
});

describe('the order rate under parallel orders', () => {
  // Only the rate limits here: the unpaid orders' limit is out of the way.
  let r: TestApp;
  beforeAll(async () => {
    r = await buildTestApp({ env: { MAX_UNPAID_ORDERS: '1000', ORDER_RATE_LIMIT_PER_HOUR: '5' } });
  });
  afterAll(() => r?.close());

  it('places exactly the limit of 20 parallel orders of one account; the others leave no trace', async () => {
    const item = await createProduct(r.database.db, { availableQuantity: 100 });
    const buyer = await signUp(r.app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => order(buyer, item.id, `10.6.0.${i}`, 1, r)),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(201), ...Array(15).fill(429)]);
    for (const res of answers.filter((a) => a.statusCode === 429))
      expect(res.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect((await stockOf(r.database.db, item.id))?.available).toBe(95);
    expect(await tracesOf(r, buyer)).toEqual({ orders: 5, events: 5, mails: 5 });
  });

  it('lets a burst from one IP pass the limit by at most the orders in flight, then refuses', async () => {
    // The per-address count reads recent checkouts without a lock (no row every order from one
    // address must queue on): parallel orders do not see each other, so a burst may pass the
    // limit; once they are committed, the next order from that address is refused.
    const item = await createProduct(r.database.db, { availableQuantity: 100 });
    const buyers = await Promise.all(Array.from({ length: 13 }, () => signUp(r.app)));
    const answers = await Promise.all(
      buyers.slice(0, 12).map((b) => order(b, item.id, '10.7.0.1', 1, r)),
    );
    const placed = answers.filter((res) => res.statusCode === 201).length;
    expect(placed).toBeGreaterThanOrEqual(5);
    expect(answers.every((res) => res.statusCode === 201 || res.statusCode === 429)).toBe(true);
    expect((await stockOf(r.database.db, item.id))?.available).toBe(100 - placed);
    const after = await order(buyers[12]!, item.id, '10.7.0.1', 1, r);
    expect(after.statusCode).toBe(429);
  });
});

describe('the per-address bound, as documented (docs/configuration.md, docs/operations.md)', () => {
  // Written here from the docs, not read from the code: ORDER_RATE_LIMIT_PER_HOUR defaults to 60
  // checkouts per client IP per hour; a burst may pass it by at most the order statements running
  // at once, that is the database connections (the test app's pool has 4).
  const DOCUMENTED_DEFAULT_PER_ADDRESS = 60;
  const TEST_POOL_CONNECTIONS = 4;
  let d: TestApp;
  beforeAll(async () => {
    // The default rate (the test app raises it, so unset it again); no limit on unpaid orders.
    d = await buildTestApp({
      env: { ORDER_RATE_LIMIT_PER_HOUR: undefined, MAX_UNPAID_ORDERS: '100000' },
    });
  });
  afterAll(() => d?.close());

  it('places 60 orders from one address by default (several accounts), refuses the 61st', async () => {
    const item = await createProduct(d.database.db, { availableQuantity: 1000 });
    // Four accounts, 15 orders each: no account comes near its own limit.
    const buyers = await Promise.all(Array.from({ length: 4 }, () => signUp(d.app)));
    const statuses: number[] = [];
    for (let i = 0; i < DOCUMENTED_DEFAULT_PER_ADDRESS; i += 1)
      statuses.push((await order(buyers[i % 4]!, item.id, '10.9.9.9', 1, d)).statusCode);
    expect(statuses).toEqual(Array(DOCUMENTED_DEFAULT_PER_ADDRESS).fill(201));

    const next = await order(await signUp(d.app), item.id, '10.9.9.9', 1, d);
    expect(next.statusCode, next.body).toBe(429);
    expect(next.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: TOO_MANY_REQUESTS_MESSAGE,
    });
    // The same accounts from another address: the address was the limit.
    expect((await order(buyers[0]!, item.id, '10.9.9.10', 1, d)).statusCode).toBe(201);
  });

  it('lets a burst from one address pass the limit by at most the connections, then refuses', async () => {
    expect(d.database.pool.options.max).toBe(TEST_POOL_CONNECTIONS);
    const limit = 5;
    const r = await buildTestApp({
      env: { MAX_UNPAID_ORDERS: '100000', ORDER_RATE_LIMIT_PER_HOUR: String(limit) },
    });
    try {
      const item = await createProduct(r.database.db, { availableQuantity: 1000 });
      const buyers = await Promise.all(Array.from({ length: 31 }, () => signUp(r.app)));
      const answers = await Promise.all(
        buyers.slice(0, 30).map((b) => order(b, item.id, '10.9.8.1', 1, r)),
      );
      const placed = answers.filter((res) => res.statusCode === 201).length;
      expect(answers.filter((res) => res.statusCode === 429)).toHaveLength(30 - placed);
      expect(placed).toBeGreaterThanOrEqual(limit);
      expect(placed).toBeLessThanOrEqual(limit + TEST_POOL_CONNECTIONS);
      const after = await order(buyers[30]!, item.id, '10.9.8.1', 1, r);
      expect(after.statusCode).toBe(429);
    } finally {
      await r.close();
    }
  });
});

describe('the unpaid orders under parallel orders', () => {
  let u: TestApp;
  beforeAll(async () => {
    u = await buildTestApp({ env: { MAX_UNPAID_ORDERS: '3', ORDER_RATE_LIMIT_PER_HOUR: '1000' } });
  });
  afterAll(() => u?.close());

  it('leaves a fresh account exactly MAX_UNPAID_ORDERS unpaid after 25 parallel orders', async () => {
    const item = await createProduct(u.database.db, { availableQuantity: 100 });
    const buyer = await signUp(u.app);
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => order(buyer, item.id, `10.8.0.${i}`, 1, u)),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([...Array(3).fill(201), ...Array(22).fill(409)]);
    for (const res of answers.filter((a) => a.statusCode === 409))
      expect(res.json()).toMatchObject({ message: tooManyUnpaidOrdersMessage(3) });
    expect((await stockOf(u.database.db, item.id))?.available).toBe(97);
    expect(await tracesOf(u, buyer)).toEqual({ orders: 3, events: 3, mails: 3 });

    // Cancelling one frees exactly one slot, also under a second burst.
    const placed = answers.find((res) => res.statusCode === 201)!.json()._id as string;
    const cancel = await u.app.inject({
      method: 'DELETE',
      url: `/api/purchase/${placed}`,
      headers: buyer.headers,
    });
    expect(cancel.statusCode).toBe(200);
    const again = await Promise.all(
      Array.from({ length: 10 }, (_, i) => order(buyer, item.id, `10.8.1.${i}`, 1, u)),
    );
    expect(again.filter((res) => res.statusCode === 201)).toHaveLength(1);
  });

  it('counts a checkout of several lines once', async () => {
    const buyer = await signUp(u.app);
    const userId = await userIdOf(u.database.db, buyer.email);
    const items = await Promise.all([1, 2, 3].map(() => createProduct(u.database.db)));
    for (let i = 0; i < 3; i += 1) {
      await u.database.db.insert(basketLine).values(
        items.map((item, position) => ({
          userId,
          productId: item.id,
          variantId: item.variantId,
          quantity: 1,
          position,
        })),
      );
      const res = await u.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: buyer.headers,
        payload: { address: 'A' },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().orders).toHaveLength(3);
    }
    // Nine unpaid orders in three checkouts: the fourth checkout is one too many.
    expect((await order(buyer, items[0]!.id, '10.9.0.1', 1, u)).statusCode).toBe(409);
  });
});
