import { asc, eq, sql } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  QUOTE_BELOW_MINIMUM_MESSAGE,
  QUOTE_DAYS_MESSAGE,
  QUOTE_EXPIRED_MESSAGE,
  quoteStateMessage,
  type Quote,
} from '../../../shared/quote.ts';
import { ABOVE_STOCK_MESSAGE, WRONG_PRODUCT_SKU_MESSAGE } from '../../../shared/purchase.ts';
import { purchase, quote, quoteEvent } from '../../db/schema.ts';
import { ORDER_BUSY_MESSAGE } from '../purchases/order-statement.ts';
import { PLACE_CHECKOUT_CALL } from '../purchases/order-statement-function.ts';
import { readOutbox, signUp, signUpAdmin, type SignedIn } from '../../testing/accounts.ts';
import {
  afterDirectWrite,
  createProduct,
  stockOf,
  type TestProduct,
} from '../../testing/factories.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: SignedIn;
let buyer: SignedIn;
let other: SignedIn;
let drill: TestProduct;

beforeAll(async () => {
  t = await buildTestApp({ env: { ORDER_RATE_LIMIT_PER_HOUR: '1000', MAX_UNPAID_ORDERS: '1000' } });
  admin = await signUpAdmin(t);
  buyer = await signUp(t.app, { name: 'Tara Trade' });
  other = await signUp(t.app);
  drill = await createProduct(t.database.db, {
    name: 'Hammer Drill',
    priceCents: 10_000,
    minQuantity: 5,
    availableQuantity: 40,
  });
});
afterAll(() => t.close());

const post = (url: string, who: SignedIn | null, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: who?.headers, payload });
const get = (url: string, who: SignedIn) => t.app.inject({ url, headers: who.headers });

async function requested(quantity = 20, who = buyer, productId = drill.id): Promise<Quote> {
  const res = await post('/api/quotes', who, {
    productId,
    quantity,
    targetPrice: 70,
    message: 'For our fleet',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function quoted(quantity = 20, price = 75, who = buyer): Promise<Quote> {
  const q = await requested(quantity, who);
  const res = await post(`/api/quotes/${q._id}/answer`, admin, { price, validDays: 14 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const accept = (id: string, who: SignedIn = buyer) =>
  post(`/api/quotes/${id}/accept`, who, { address: '9 Dock Rd', phone: '555 0100' });
const timeline = async (id: string) =>
  (
    await t.database.db
      .select({ event: quoteEvent.event, actor: quoteEvent.actor })
      .from(quoteEvent)
      .where(eq(quoteEvent.quoteId, id))
      .orderBy(asc(quoteEvent.id))
  ).map((row) => `${row.event}:${row.actor}`);

describe('requesting a quote', () => {
  it('is for signed-in customers, at least the minimum, may exceed the stock', async () => {
    expect(
      (await post('/api/quotes', null, { productId: drill.id, quantity: 10 })).statusCode,
    ).toBe(401);
    const low = await post('/api/quotes', buyer, { productId: drill.id, quantity: 4 });
    expect(low.statusCode).toBe(400);
    expect(low.json().fields.quantity).toBe(QUOTE_BELOW_MINIMUM_MESSAGE);
    const q = await requested(500);
    expect(q).toMatchObject({
      status: 'requested',
      quantity: 500,
      targetPrice: 70,
      price: null,
      product: 'Hammer Drill',
      customerEmail: buyer.email,
    });
    expect(await timeline(q._id)).toEqual(['requested:customer']);
  });

  it('is seen by its customer and the admins only (another customer: 404)', async () => {
    const q = await requested();
    expect((await get(`/api/quotes/${q._id}`, buyer)).statusCode).toBe(200);
    expect((await get(`/api/quotes/${q._id}`, admin)).statusCode).toBe(200);
    expect((await get(`/api/quotes/${q._id}`, other)).statusCode).toBe(404);
    expect((await post(`/api/quotes/${q._id}/withdraw`, other)).statusCode).toBe(404);
    expect((await accept(q._id, other)).statusCode).toBe(404);
    const mine: Quote[] = (await get('/api/quotes', buyer)).json();
    expect(mine.some((x) => x._id === q._id)).toBe(true);
    expect((await get('/api/quotes', other)).json()).toEqual([]);
    const all: Quote[] = (await get('/api/quotes', admin)).json();
    expect(all.some((x) => x._id === q._id)).toBe(true);
    expect((await get('/api/quotes/not-an-id', buyer)).statusCode).toBe(404);
  });
});

describe('answering and declining', () => {
  it('answer is for admins only, at most 30 days, and mails the customer', async () => {
    const q = await requested();
    expect(
      (await post(`/api/quotes/${q._id}/answer`, buyer, { price: 1, validDays: 5 })).statusCode,
    ).toBe(403);
    const long = await post(`/api/quotes/${q._id}/answer`, admin, { price: 75, validDays: 31 });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.validDays).toBe(QUOTE_DAYS_MESSAGE);
    const res = await post(`/api/quotes/${q._id}/answer`, admin, {
      price: 75,
      validDays: 14,
      note: 'Trade price',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'quoted', price: 75, reply: 'Trade price' });
    const again = await post(`/api/quotes/${q._id}/answer`, admin, { price: 70, validDays: 14 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(quoteStateMessage('quoted'));
    await vi.waitFor(
      () => {
        const mail = readOutbox(t, buyer.email).find((m) =>
          m.subject.startsWith(`Your quote ${res.json().reference}`),
        );
        if (!mail) throw new Error('no mail yet');
        expect(mail.text).toContain('$75.00 each');
      },
      { timeout: 15_000, interval: 100 },
    );
  });

  it('decline by the admin keeps the reason; a declined quote cannot be accepted', async () => {
    const q = await quoted();
    const res = await post(`/api/quotes/${q._id}/decline`, admin, { reason: 'Out of season' });
    expect(res.json()).toMatchObject({ status: 'declined', reply: 'Out of season' });
    expect((await accept(q._id)).statusCode).toBe(409);
    expect(await timeline(q._id)).toEqual(['requested:customer', 'quoted:admin', 'declined:admin']);
  });

  it('withdraw: by the customer while requested only', async () => {
    const q = await requested();
    expect((await post(`/api/quotes/${q._id}/withdraw`, buyer)).json().status).toBe('withdrawn');
    expect((await post(`/api/quotes/${q._id}/withdraw`, buyer)).statusCode).toBe(409);
    const answered = await quoted();
    expect((await post(`/api/quotes/${answered._id}/withdraw`, buyer)).statusCode).toBe(409);
  });
});

describe('accepting', () => {
  it('places an order at the quoted unit price, takes the stock, once', async () => {
    const item = await createProduct(t.database.db, { priceCents: 10_000, availableQuantity: 50 });
    const q = await requested(20, buyer, item.id);
    await post(`/api/quotes/${q._id}/answer`, admin, { price: 75.5, validDays: 7 });
    const res = await accept(q._id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().quote).toMatchObject({
      status: 'accepted',
      checkoutId: res.json().checkoutId,
    });
    const orders = await t.database.db
      .select({ unit: purchase.unitPriceCents, total: purchase.totalCents, qty: purchase.quantity })
      .from(purchase)
      .where(eq(purchase.checkoutId, res.json().checkoutId));
    expect(orders).toEqual([{ unit: 7550, total: 7550 * 20, qty: 20 }]);
    expect((await stockOf(t.database.db, item.id))?.available).toBe(30);
    expect((await accept(q._id)).statusCode).toBe(409);
    const checkout = await get(`/api/checkouts/${res.json().checkoutId}`, buyer);
    expect(checkout.json().totalPrice).toBe(1510);
  });

  it('under parallel accepts, exactly one order is placed', async () => {
    const item = await createProduct(t.database.db, { priceCents: 10_000, availableQuantity: 100 });
    const q = await requested(10, buyer, item.id);
    await post(`/api/quotes/${q._id}/answer`, admin, { price: 80, validDays: 7 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => accept(q._id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(7).fill(409)]);
    expect((await stockOf(t.database.db, item.id))?.available).toBe(90);
  });

  it('stock short: 409, nothing taken, and the quote stays quoted', async () => {
    const item = await createProduct(t.database.db, { priceCents: 10_000, availableQuantity: 5 });
    const q = await requested(20, buyer, item.id);
    await post(`/api/quotes/${q._id}/answer`, admin, { price: 80, validDays: 7 });
    const res = await accept(q._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ABOVE_STOCK_MESSAGE);
    expect((await get(`/api/quotes/${q._id}`, buyer)).json().status).toBe('quoted');
    expect(await timeline(q._id)).toEqual(['requested:customer', 'quoted:admin']);
    expect((await stockOf(t.database.db, item.id))?.available).toBe(5);
  });

  it('ignores any price or quantity in the body', async () => {
    const item = await createProduct(t.database.db, { priceCents: 10_000, availableQuantity: 50 });
    const q = await requested(10, buyer, item.id);
    await post(`/api/quotes/${q._id}/answer`, admin, { price: 90, validDays: 7 });
    const res = await post(`/api/quotes/${q._id}/accept`, buyer, {
      address: 'x',
      phone: '1',
      price: 0.01,
      quantity: 1,
      unitPriceCents: 1,
    });
    expect(res.statusCode).toBe(201);
    const [order] = await t.database.db
      .select({ unit: purchase.unitPriceCents, qty: purchase.quantity })
      .from(purchase)
      .where(eq(purchase.checkoutId, res.json().checkoutId));
    expect(order).toEqual({ unit: 9000, qty: 10 });
  });

  it('after the expiry: refused (409), and the sweep marks it expired', async () => {
    const q = await quoted();
    await t.database.db
      .update(quote)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(quote.id, q._id));
    await afterDirectWrite();
    const res = await accept(q._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(QUOTE_EXPIRED_MESSAGE);
    const listed: Quote[] = (await get('/api/quotes', buyer)).json();
    expect(listed.find((x) => x._id === q._id)?.status).toBe('expired');
    expect(await timeline(q._id)).toEqual(['requested:customer', 'quoted:admin', 'expired:system']);
  });
});

describe('accepting, when the order statement loses a race', () => {
  /**
   * The next `n` order statements sent on a client of the pool (the acceptance's transaction) fail
   * as a deadlock's victim would.
   */
  function loseNextRaces(n: number) {
    const pool = t.database.pool;
    const connect = pool.connect.bind(pool) as () => Promise<PoolClient>;
    let left = n;
    return vi.spyOn(pool, 'connect').mockImplementation((async () => {
      const client = await connect();
      const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
      Object.assign(client, {
        query: async (...args: unknown[]) => {
          if (left > 0 && args[0] === PLACE_CHECKOUT_CALL) {
            left -= 1;
            throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
          }
          return query(...args);
        },
      });
      return client;
    }) as never);
  }

  it('is accepted as every order is placed: the whole transaction once more', async () => {
    const item = await createProduct(t.database.db, { priceCents: 10_000, availableQuantity: 50 });
    const q = await requested(20, buyer, item.id);
    await post(`/api/quotes/${q._id}/answer`, admin, { price: 80, validDays: 7 });
    const spy = loseNextRaces(1);
    try {
      const res = await accept(q._id);
      expect(res.statusCode, res.body).toBe(201);
    } finally {
      spy.mockRestore();
    }
    expect((await stockOf(t.database.db, item.id))?.available).toBe(30);
    expect(await timeline(q._id)).toEqual([
      'requested:customer',
      'quoted:admin',
      'accepted:customer',
    ]);
  });

  it('twice in a row: 503 saying the order was not placed, and the quote stays quoted', async () => {
    const item = await createProduct(t.database.db, { priceCents: 10_000, availableQuantity: 50 });
    const q = await requested(20, buyer, item.id);
    await post(`/api/quotes/${q._id}/answer`, admin, { price: 80, validDays: 7 });
    const spy = loseNextRaces(2);
    try {
      const res = await accept(q._id);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().message).toBe(ORDER_BUSY_MESSAGE);
    } finally {
      spy.mockRestore();
    }
    expect((await get(`/api/quotes/${q._id}`, buyer)).json().status).toBe('quoted');
    expect((await stockOf(t.database.db, item.id))?.available).toBe(50);
  });
});

describe('quotes per variant (issue 34)', () => {
  let kitId = '';
  const variantStock = async (id: string) =>
    (
      await t.database.db.execute<{ n: number }>(
        sql`SELECT available_quantity AS n FROM variant WHERE id = ${id}`,
      )
    ).rows[0]!.n;

  beforeAll(async () => {
    const { rows } = await t.database.db.execute<{ id: string }>(sql`
      INSERT INTO variant (product_id, sku, option_values, label, position, price_cents,
        min_quantity, available_quantity)
      VALUES (${drill.id}, 'HD-KIT-Q', '{"Kit":"Kit"}', 'Kit', 1, 25000, 2, 30) RETURNING id`);
    kitId = rows[0]!.id;
    await afterDirectWrite();
  });

  it("quotes the SKU given at that variant's minimum, and accepting places that variant", async () => {
    // 3 is below the default variant's minimum (5), not the kit's (2).
    const res = await post('/api/quotes', buyer, {
      productId: drill.id,
      sku: 'hd-kit-q',
      quantity: 3,
    });
    expect(res.statusCode, res.body).toBe(201);
    const q: Quote = res.json();
    expect(q).toMatchObject({ sku: 'HD-KIT-Q', product: 'Hammer Drill (Kit)', quantity: 3 });
    const [row] = await t.database.db
      .select({ variantId: quote.variantId, sku: quote.sku })
      .from(quote)
      .where(eq(quote.id, q._id));
    expect(row).toEqual({ variantId: kitId, sku: 'HD-KIT-Q' });
    const listed: Quote[] = (await get('/api/quotes', admin)).json();
    expect(listed.find((each) => each._id === q._id)?.sku).toBe('HD-KIT-Q');

    const answered = await post(`/api/quotes/${q._id}/answer`, admin, { price: 200, validDays: 7 });
    expect(answered.statusCode, answered.body).toBe(200);
    const kitBefore = await variantStock(kitId);
    const defaultBefore = await variantStock(drill.variantId);
    const accepted = await accept(q._id);
    expect(accepted.statusCode, accepted.body).toBe(201);
    const [order] = await t.database.db
      .select({
        variantId: purchase.variantId,
        sku: purchase.sku,
        label: purchase.variantLabel,
        unit: purchase.unitPriceCents,
      })
      .from(purchase)
      .where(eq(purchase.id, accepted.json().orderId));
    expect(order).toEqual({ variantId: kitId, sku: 'HD-KIT-Q', label: 'Kit', unit: 20_000 });
    expect(await variantStock(kitId)).toBe(kitBefore - 3);
    expect(await variantStock(drill.variantId)).toBe(defaultBefore);
  });

  it("without a SKU it is the default variant's; another product's SKU is refused (409)", async () => {
    const plain = await requested(20);
    expect(plain.sku).toBe(drill.sku);
    const low = await post('/api/quotes', buyer, { productId: drill.id, quantity: 3 });
    expect(low.statusCode).toBe(400);

    const saw = await createProduct(t.database.db, { name: 'Quote Saw' });
    const wrong = await post('/api/quotes', buyer, {
      productId: drill.id,
      sku: saw.sku,
      quantity: 20,
    });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ code: 'CONFLICT', message: WRONG_PRODUCT_SKU_MESSAGE });
    const unknown = await post('/api/quotes', buyer, {
      productId: drill.id,
      sku: 'NO-SUCH-SKU',
      quantity: 20,
    });
    expect(unknown.statusCode).toBe(404);
  });
});
