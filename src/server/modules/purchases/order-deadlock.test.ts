import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../shared/errors.ts';
import { isLostRace } from '../../errors.ts';
import { purchase } from '../../db/schema.ts';
import { signUp, type SignedIn } from '../../testing/accounts.ts';
import { createProduct, stockOf, userIdOf, type TestProduct } from '../../testing/factories.ts';
import { markOrderPaid } from '../../testing/orders.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { ORDER_BUSY_MESSAGE } from './order-statement.ts';
import { PLACE_CHECKOUT_CALL } from './order-statement-function.ts';
import { ACTIVE_STATUSES } from './purchase-lifecycle.ts';

// Issue 22's deadlock: "deadlock detected … while locking updated version of tuple" between two
// order statements on one product row. The statement locked the row's newest version (`locked`)
// and then its own UPDATE reached the row again through the statement's older snapshot; when
// that old version still carried a live KEY SHARE lock (a basket line's or an order's foreign-key
// check), the UPDATE queued for the old version's tuple lock, held by another order that was
// waiting for this one. The stock is now changed by `change_stock` (drizzle/0014), which sees the
// locked version. Every writer of products and orders runs here at once, on two instances (as
// behind nginx), for a few seconds: no order statement may lose a race, and no answer be a 5xx.

const LOAD_MS = 4_000;
const STARTING_STOCK = 1_000_000;

let a: TestApp;
let b: TestApp;
let customers: SignedIn[];
let products: TestProduct[];
/** SQLSTATEs the order statement failed with, even when its retry then placed the order. */
const lostRaces: string[] = [];

/** The next `n` order statements sent through `app`'s pool fail as a deadlock's victim would. */
const failNext = new Map<TestApp, number>();

/** Records every statement sent with the pools' `query` (the order statement's too) that lost a race. */
function watchLostRaces(app: TestApp) {
  const pool = app.database.pool;
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  Object.assign(pool, {
    query: async (...args: unknown[]) => {
      const failing = failNext.get(app) ?? 0;
      if (failing > 0 && args[0] === PLACE_CHECKOUT_CALL) {
        failNext.set(app, failing - 1);
        throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      }
      try {
        return await query(...args);
      } catch (error) {
        if (isLostRace(error)) lostRaces.push((error as { code: string }).code);
        throw error;
      }
    },
  });
}

beforeAll(async () => {
  a = await buildTestApp();
  b = await buildTestApp({ shareDatabaseOf: a });
  watchLostRaces(a);
  watchLostRaces(b);
  customers = await Promise.all(Array.from({ length: 6 }, () => signUp(a.app)));
  products = await Promise.all(
    Array.from({ length: 3 }, () =>
      createProduct(a.database.db, { availableQuantity: STARTING_STOCK }),
    ),
  );
}, 60_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const someProducts = (n: number) => [...products].sort(() => Math.random() - 0.5).slice(0, n);

describe('orders, checkouts, baskets, cancels, hold expiry and payments at once', () => {
  it('never deadlock, never answer 5xx, and keep every unit of stock accounted for', async () => {
    const { db } = a.database;
    const statuses = new Map<string, number>();
    const count = (what: string, status: number) => {
      const key = `${what} ${status}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    };
    const unpaidOrderOf = async (who: SignedIn) => {
      const [row] = await db
        .select({ id: purchase.id })
        .from(purchase)
        .where(
          and(
            eq(purchase.userId, await userIdOf(db, who.email)),
            eq(purchase.status, 'pending'),
            eq(purchase.paid, false),
          ),
        )
        .orderBy(sql`random()`)
        .limit(1);
      return row?.id;
    };
    const steps: Record<string, (app: TestApp, who: SignedIn) => Promise<void>> = {
      async purchase(app, who) {
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/purchase',
          headers: who.headers,
          payload: { productId: pick(products).id, orderQuantity: 1, address: '1 Race Street' },
        });
        count('purchase', res.statusCode);
      },
      async basket(app, who) {
        const lines = someProducts(2).map((item) => ({ productId: item.id, quantity: 1 }));
        const res = await app.app.inject({
          method: 'PUT',
          url: '/api/basket',
          headers: who.headers,
          payload: { lines },
        });
        count('basket', res.statusCode);
      },
      async checkout(app, who) {
        await steps.basket!(app, who);
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/checkout',
          headers: who.headers,
          payload: { address: '1 Race Street' },
        });
        count('checkout', res.statusCode);
      },
      async cancel(app, who) {
        const id = await unpaidOrderOf(who);
        if (!id) return;
        const res = await app.app.inject({
          method: 'DELETE',
          url: `/api/purchase/${id}`,
          headers: who.headers,
        });
        count('cancel', res.statusCode);
      },
      async expire(app, who) {
        const id = await unpaidOrderOf(who);
        if (id)
          await db
            .update(purchase)
            .set({ holdExpiresAt: sql`now() - interval '1 second'` })
            .where(eq(purchase.id, id));
        const res = await app.app.inject({
          method: 'GET',
          url: `/api/purchase?customerEmail=${encodeURIComponent(who.email)}`,
          headers: who.headers,
        });
        count('expire', res.statusCode);
      },
      async pay(_app, who) {
        const id = await unpaidOrderOf(who);
        if (id) await markOrderPaid(db, id, `race-${id}`);
      },
    };
    const mix = [
      'purchase',
      'purchase',
      'purchase',
      'basket',
      'checkout',
      'cancel',
      'expire',
      'pay',
    ];
    const end = Date.now() + LOAD_MS;
    await Promise.all(
      Array.from({ length: 16 }, async (_, worker) => {
        const app = worker % 2 === 0 ? a : b;
        while (Date.now() < end) await steps[pick(mix)]!(app, pick(customers));
      }),
    );

    expect(lostRaces).toEqual([]);
    const answered = [...statuses].map(([key, n]) => `${key} (${n})`);
    expect(answered.filter((line) => / 5\d\d /.test(line))).toEqual([]);
    expect(statuses.get('purchase 201') ?? 0).toBeGreaterThan(0);
    expect(statuses.get('checkout 201') ?? 0).toBeGreaterThan(0);
    // Every unit is on the shelf or held by a live order: none lost, none sold twice.
    for (const item of products) {
      const [held] = await db
        .select({ quantity: sql<number>`coalesce(sum(${purchase.quantity}), 0)::int` })
        .from(purchase)
        .where(
          and(eq(purchase.productId, item.id), inArray(purchase.status, [...ACTIVE_STATUSES])),
        );
      expect((await stockOf(db, item.id))?.available).toBe(STARTING_STOCK - (held?.quantity ?? 0));
    }
  }, 60_000);
});

describe('an order statement that still loses a race', () => {
  const order = (who: SignedIn, productId: string) =>
    a.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: who.headers,
      payload: { productId, orderQuantity: 2, address: '1 Race Street' },
    });

  it('is sent once more (it is atomic: the lost one left nothing), and the order is placed', async () => {
    const who = await signUp(a.app);
    const item = await createProduct(a.database.db, { availableQuantity: 10 });
    expect((await order(who, item.id)).statusCode).toBe(201); // the account's row exists now
    failNext.set(a, 1);
    const res = await order(who, item.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(failNext.get(a)).toBe(0);
    expect((await stockOf(a.database.db, item.id))?.available).toBe(6);
  });

  it('twice in a row is a 503 saying the order was not placed, never a 500', async () => {
    const who = await signUp(a.app);
    const item = await createProduct(a.database.db, { availableQuantity: 10 });
    expect((await order(who, item.id)).statusCode).toBe(201);
    failNext.set(a, 2);
    const res = await order(who, item.id);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json()).toMatchObject({ code: ErrorCode.Unavailable, message: ORDER_BUSY_MESSAGE });
    expect((await stockOf(a.database.db, item.id))?.available).toBe(8);
  });
});
