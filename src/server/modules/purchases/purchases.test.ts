import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ABOVE_STOCK_MESSAGE,
  BELOW_MINIMUM_MESSAGE,
  PurchaseListSchema,
  PurchaseSchema,
  type Purchase,
} from '../../../shared/purchase.ts';
import { auditLog, product, purchase, variant } from '../../db/schema.ts';
import { signUp, type SignedIn } from '../../testing/accounts.ts';
import { createProduct, stockOf, type TestProduct } from '../../testing/factories.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { markOrderPaid } from '../../testing/orders.ts';
import { expireStaleHolds, markCheckoutPaid } from './purchases.service.ts';

const t = setUpAppWithAccounts();

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const order = (who: SignedIn | undefined, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/purchase',
    ...(who && { headers: who.headers }),
    payload,
  });

/** Places an order that must succeed; returns it. */
async function placeOrder(
  who: SignedIn,
  item: TestProduct,
  orderQuantity = item.minQuantity,
): Promise<Purchase> {
  const res = await order(who, { productId: item.id, orderQuantity, address: 'A', phone: '1' });
  expect(res.statusCode, res.body).toBe(201);
  return PurchaseSchema.parse(res.json());
}

const listMine = (who: SignedIn, email = who.email) =>
  t.app.inject({
    url: `/api/purchase?customerEmail=${encodeURIComponent(email)}`,
    headers: who.headers,
  });
const readOne = (who: SignedIn, id: string) =>
  t.app.inject({ url: `/api/purchase/${encodeURIComponent(id)}`, headers: who.headers });
const remove = (who: SignedIn, id: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/purchase/${encodeURIComponent(id)}`,
    headers: who.headers,
  });
const ship = (who: SignedIn, id: string, payload: object | undefined = { stat: 'shipped' }) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/purchase/${encodeURIComponent(id)}`,
    headers: who.headers,
    ...(payload && { payload }),
  });

const available = async (productId: string) => (await stockOf(t.database.db, productId))!.available;

async function statusOf(id: string) {
  const [row] = await t.database.db
    .select({ status: purchase.status, paid: purchase.paid })
    .from(purchase)
    .where(eq(purchase.id, id));
  return row;
}

/** Moves an order's hold into the past, as if ORDER_HOLD_HOURS had gone by. */
const letHoldPass = (id: string) =>
  t.database.db
    .update(purchase)
    .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
    .where(eq(purchase.id, id));

describe('POST /api/purchase', () => {
  it('takes the stock and records the order at server prices, from the session', async () => {
    const item = await createProduct(t.database.db, {
      name: 'Brushless Drill',
      priceCents: 12_999,
      minQuantity: 2,
      availableQuantity: 50,
    });
    const before = await stockOf(t.database.db, item.id);
    const res = await order(t.customer, {
      productId: item.id,
      orderQuantity: 3,
      address: ' 1 Workshop Lane ',
      phone: '+1 555 0100',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(Object.keys(created).sort()).toEqual(Object.keys(PurchaseSchema.shape).sort());
    expect(created).toEqual({
      _id: expect.any(String),
      productId: item.id,
      product: 'Brushless Drill',
      sku: item.sku,
      variantLabel: '',
      price: 129.99,
      customerEmail: t.customer.email,
      customerName: 'Carla Customer',
      phone: '+1 555 0100',
      address: '1 Workshop Lane',
      orderQuantity: 3,
      totalPrice: 389.97,
      stat: 'pending',
      shipment: null,
      paid: false,
      transactionId: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      reservedUntil: expect.stringMatching(/^\d{4}-/),
      testMode: false,
      receiptNumber: null,
      checkoutId: expect.any(String),
      checkoutReference: expect.stringMatching(/^C-\d+$/),
      poReference: null,
      // A one-line address in a shop with no shipping zone and no tax collected at its origin.
      tax: 0,
      taxRate: 0,
      shipping: 0,
      shippingTax: 0,
      amount: 389.97,
      discount: 0,
      promotions: [],
      onAccount: false,
      invoiceNumber: null,
      companyId: null,
    });
    const after = await stockOf(t.database.db, item.id);
    expect(after).toEqual({ available: 47, version: before!.version + 1 });

    const [row] = await t.database.db
      .select({
        totalCents: purchase.totalCents,
        holdHours: sql<number>`extract(epoch from ${purchase.holdExpiresAt} - ${purchase.createdAt})::float8 / 3600`,
      })
      .from(purchase)
      .where(eq(purchase.id, created._id));
    expect(row).toEqual({ totalCents: 38_997, holdHours: t.config.orderHoldHours });
  });

  it('ignores price, total, customer, status and payment sent by the client', async () => {
    const item = await createProduct(t.database.db, { priceCents: 5_000 });
    const res = await order(t.customer, {
      productId: item.id,
      orderQuantity: 2,
      price: 0.01,
      totalPrice: 0.02,
      customerEmail: t.other.email,
      customerName: 'Mallory',
      stat: 'shipped',
      status: 'shipped',
      paid: true,
      transactionId: 'pi_forged',
      userId: 'someone-else',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      price: 50,
      totalPrice: 100,
      customerEmail: t.customer.email,
      customerName: 'Carla Customer',
      stat: 'pending',
      paid: false,
      transactionId: null,
      address: '',
      phone: '',
    });
    expect((await listMine(t.other)).json()).toEqual([]);
  });

  it('reads a quantity sent as text', async () => {
    const item = await createProduct(t.database.db);
    const res = await order(t.customer, { productId: item.id, orderQuantity: '4' });
    expect(res.statusCode).toBe(201);
    expect(res.json().orderQuantity).toBe(4);
  });

  it('refuses a quantity below the minimum (400, on the field) and leaves the stock alone', async () => {
    const item = await createProduct(t.database.db, { minQuantity: 10, availableQuantity: 100 });
    const res = await order(t.customer, { productId: item.id, orderQuantity: 9 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: BELOW_MINIMUM_MESSAGE,
      fields: { orderQuantity: BELOW_MINIMUM_MESSAGE },
    });
    expect(await available(item.id)).toBe(100);
  });

  it('refuses a quantity above the stock (409) and leaves the stock alone', async () => {
    const item = await createProduct(t.database.db, { minQuantity: 1, availableQuantity: 5 });
    const res = await order(t.customer, { productId: item.id, orderQuantity: 6 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: ABOVE_STOCK_MESSAGE });
    expect(await available(item.id)).toBe(5);
    expect((await order(t.customer, { productId: item.id, orderQuantity: 5 })).statusCode).toBe(
      201,
    );
    expect(await available(item.id)).toBe(0);
    expect((await order(t.customer, { productId: item.id, orderQuantity: 1 })).statusCode).toBe(
      409,
    );
  });

  it('refuses an order whose total would not fit, without taking stock', async () => {
    const item = await createProduct(t.database.db, {
      priceCents: 100_000_000,
      availableQuantity: 1_000,
    });
    const res = await order(t.customer, { productId: item.id, orderQuantity: 100 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('orderQuantity');
    expect(await available(item.id)).toBe(1_000);
  });

  it.each([
    ['negative', -1],
    ['zero', 0],
    ['fractional', 1.5],
    ['fractional text', '2.5'],
    ['text', 'abc'],
    ['empty text', ''],
    ['huge', 1e12],
    ['missing', undefined],
    ['null', null],
    ['a boolean', true],
    ['an array', [3]],
  ])('answers a %s quantity with 400 and takes nothing', async (_label, orderQuantity) => {
    const item = await createProduct(t.database.db, { availableQuantity: 100 });
    const res = await order(t.customer, { productId: item.id, orderQuantity });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { orderQuantity: expect.any(String) },
    });
    expect(await available(item.id)).toBe(100);
  });

  it.each([
    ['an unknown id', UNKNOWN_ID],
    ['a malformed id', 'not-a-uuid'],
    ['an id with SQL in it', "1' OR '1'='1"],
    ['a Mongo-style id', '507f1f77bcf86cd799439011'],
  ])('answers %s with 404 Product not found', async (_label, productId) => {
    const res = await order(t.customer, { productId, orderQuantity: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Product not found' });
  });

  it.each([
    ['missing', { orderQuantity: 1 }],
    ['a number', { productId: 42, orderQuantity: 1 }],
    ['an address too long', { productId: UNKNOWN_ID, orderQuantity: 1, address: 'x'.repeat(301) }],
  ])('answers a body with %s with 400', async (_label, payload) => {
    const res = await order(t.customer, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('needs a signed-in customer', async () => {
    const item = await createProduct(t.database.db);
    const res = await order(undefined, { productId: item.id, orderQuantity: 1 });
    expect(res.statusCode).toBe(401);
    expect(await available(item.id)).toBe(item.availableQuantity);
  });

  it('never oversells: 50 concurrent orders for a stock of 10 give exactly 10 orders', async () => {
    const item = await createProduct(t.database.db, { minQuantity: 1, availableQuantity: 10 });
    const buyers = await Promise.all(Array.from({ length: 5 }, () => signUp(t.app)));
    const results = await Promise.all(
      buyers.flatMap((buyer) =>
        Array.from({ length: 10 }, () => order(buyer, { productId: item.id, orderQuantity: 1 })),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    for (const res of results.filter((r) => r.statusCode === 409))
      expect(res.json().message).toBe(ABOVE_STOCK_MESSAGE);
    expect(await available(item.id)).toBe(0);
    const [orders] = await t.database.db
      .select({ n: count(), quantity: sql<number>`sum(${purchase.quantity})::int` })
      .from(purchase)
      .where(eq(purchase.productId, item.id));
    expect(orders).toEqual({ n: 10, quantity: 10 });
  });

  it("keeps the product's name and price as they were when ordered", async () => {
    const item = await createProduct(t.database.db, { name: 'Old Name', priceCents: 10_000 });
    const placed = await placeOrder(t.customer, item, 2);
    await t.database.db.update(product).set({ name: 'New Name' }).where(eq(product.id, item.id));
    await t.database.db
      .update(variant)
      .set({ priceCents: 99_900 })
      .where(eq(variant.productId, item.id));
    const res = await readOne(t.customer, placed._id);
    expect(res.json()).toMatchObject({ product: 'Old Name', price: 100, totalPrice: 200 });
  });
});

describe('GET /api/purchase?customerEmail=', () => {
  it("lists one's own active orders, newest first", async () => {
    const buyer = await signUp(t.app);
    const item = await createProduct(t.database.db);
    const first = await placeOrder(buyer, item);
    const second = await placeOrder(buyer, item);
    const third = await placeOrder(buyer, item);
    await placeOrder(t.other, item);
    expect((await remove(buyer, second._id)).statusCode).toBe(200);

    const res = await listMine(buyer);
    expect(res.statusCode).toBe(200);
    const orders = PurchaseListSchema.parse(res.json());
    expect(orders.map((o) => o._id)).toEqual([third._id, first._id]);
    expect((await listMine(buyer, buyer.email.toUpperCase())).json()).toHaveLength(2);
  });

  it("refuses a customer asking for someone else's orders; an admin may", async () => {
    const item = await createProduct(t.database.db);
    const placed = await placeOrder(t.other, item);
    const refused = await listMine(t.customer, t.other.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    const res = await listMine(t.admin, t.other.email);
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as Purchase[]).map((o) => o._id);
    expect(ids).toContain(placed._id);
    expect((res.json() as Purchase[]).every((o) => o.customerEmail === t.other.email)).toBe(true);
    expect((await listMine(t.admin, 'nobody@example.com')).json()).toEqual([]);
  });

  it('needs a signed-in caller and an e-mail', async () => {
    expect((await t.app.inject(`/api/purchase?customerEmail=${t.customer.email}`)).statusCode).toBe(
      401,
    );
    const res = await t.app.inject({ url: '/api/purchase', headers: t.customer.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('GET /api/purchase/{id}', () => {
  it('shows an order to its owner and to admins, and to nobody else', async () => {
    const item = await createProduct(t.database.db);
    const placed = await placeOrder(t.customer, item);
    const withTimeline = { ...placed, timeline: [expect.objectContaining({ event: 'placed' })] };
    expect((await readOne(t.customer, placed._id)).json()).toEqual(withTimeline);
    expect((await readOne(t.admin, placed._id)).json()).toEqual(withTimeline);
    const foreign = await readOne(t.other, placed._id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Order not found' });
    expect((await t.app.inject(`/api/purchase/${placed._id}`)).statusCode).toBe(401);
  });

  it.each([UNKNOWN_ID, 'not-a-uuid', "1' OR '1'='1", '507f1f77bcf86cd799439011'])(
    'answers 404 for %s',
    async (id) => {
      const res = await readOne(t.customer, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    },
  );
});

describe('GET /api/purchase1', () => {
  it('lists every active order to admins, newest first', async () => {
    const item = await createProduct(t.database.db);
    const a = await placeOrder(t.customer, item);
    const b = await placeOrder(t.other, item);
    const gone = await placeOrder(t.other, item);
    await remove(t.other, gone._id);
    const res = await t.app.inject({ url: '/api/purchase1', headers: t.admin.headers });
    expect(res.statusCode).toBe(200);
    const ids = PurchaseListSchema.parse(res.json()).map((o) => o._id);
    expect(ids).toContain(a._id);
    expect(ids.indexOf(b._id)).toBeLessThan(ids.indexOf(a._id));
    expect(ids).not.toContain(gone._id);
    const stats = new Set((res.json() as Purchase[]).map((o) => o.stat));
    expect([...stats].every((s) => s === 'pending' || s === 'shipped')).toBe(true);
  });

  it('is refused to customers and anonymous callers', async () => {
    expect(
      (await t.app.inject({ url: '/api/purchase1', headers: t.customer.headers })).statusCode,
    ).toBe(403);
    expect((await t.app.inject('/api/purchase1')).statusCode).toBe(401);
  });
});

describe('DELETE /api/purchase/{id}', () => {
  it('cancels an unpaid order: kept on record, out of the list, stock back', async () => {
    const item = await createProduct(t.database.db, { availableQuantity: 20 });
    const placed = await placeOrder(t.customer, item, 5);
    expect(await available(item.id)).toBe(15);
    const res = await remove(t.customer, placed._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await available(item.id)).toBe(20);
    expect(await statusOf(placed._id)).toEqual({ status: 'cancelled', paid: false });
    expect((await readOne(t.customer, placed._id)).json().stat).toBe('cancelled');
    expect((await listMine(t.customer)).json().map((o: Purchase) => o._id)).not.toContain(
      placed._id,
    );
    // Not audited: the customer is not an admin.
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, placed._id));
    expect(audits).toEqual([]);
  });

  it('returns the stock once however often it is repeated', async () => {
    const item = await createProduct(t.database.db, { availableQuantity: 20 });
    const placed = await placeOrder(t.customer, item, 4);
    expect((await remove(t.customer, placed._id)).statusCode).toBe(200);
    const again = await remove(t.customer, placed._id);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('NOT_FOUND');
    expect(await available(item.id)).toBe(20);
  });

  it('returns the stock once when sent 10 times in parallel', async () => {
    const item = await createProduct(t.database.db, { availableQuantity: 20 });
    const placed = await placeOrder(t.customer, item, 4);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => remove(t.customer, placed._id)),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(9).fill(404)]);
    expect(await available(item.id)).toBe(20);
  });

  it("refuses someone else's order as unknown, and leaves it alone", async () => {
    const item = await createProduct(t.database.db, { availableQuantity: 20 });
    const placed = await placeOrder(t.customer, item, 4);
    const res = await remove(t.other, placed._id);
    expect(res.statusCode).toBe(404);
    expect(await statusOf(placed._id)).toEqual({ status: 'pending', paid: false });
    expect(await available(item.id)).toBe(16);
  });

  it("lets an admin cancel a customer's order, audited with before and after", async () => {
    const item = await createProduct(t.database.db, { availableQuantity: 20 });
    const placed = await placeOrder(t.customer, item, 4);
    const res = await remove(t.admin, placed._id);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await available(item.id)).toBe(20);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, placed._id));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorEmail: t.admin.email,
      action: 'purchase.cancel',
      targetType: 'purchase',
      before: { _id: placed._id, stat: 'pending' },
      after: { _id: placed._id, stat: 'cancelled' },
    });
  });

  it('refuses paid and shipped orders with 409', async () => {
    const item = await createProduct(t.database.db, { availableQuantity: 20 });
    const paid = await placeOrder(t.customer, item, 2);
    await markOrderPaid(t.database.db, paid._id, `pi_${paid._id}`);
    const res = await remove(t.customer, paid._id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Paid orders cannot be deleted',
    });
    expect((await remove(t.admin, paid._id)).statusCode).toBe(409);
    expect((await ship(t.admin, paid._id)).statusCode).toBe(200);
    expect((await remove(t.customer, paid._id)).statusCode).toBe(409);
    expect(await available(item.id)).toBe(18);
  });

  it('answers 404 for an expired order, and for unknown or malformed ids', async () => {
    const item = await createProduct(t.database.db);
    const placed = await placeOrder(t.customer, item);
    await letHoldPass(placed._id);
    await expireStaleHolds(t.database.db);
    expect((await remove(t.customer, placed._id)).statusCode).toBe(404);
    expect((await remove(t.customer, UNKNOWN_ID)).statusCode).toBe(404);
    expect((await remove(t.customer, 'not-a-uuid')).statusCode).toBe(404);
    expect(await available(item.id)).toBe(item.availableQuantity);
  });

  it('cancels an order whose product was deleted meanwhile', async () => {
    const item = await createProduct(t.database.db);
    const placed = await placeOrder(t.customer, item);
    await t.database.db.delete(product).where(eq(product.id, item.id));
    expect((await remove(t.customer, placed._id)).statusCode).toBe(200);
    expect(await statusOf(placed._id)).toEqual({ status: 'cancelled', paid: false });
  });
});

describe('PUT /api/purchase/{id} (ship)', () => {
  it('ships a paid, pending order once, audited', async () => {
    const item = await createProduct(t.database.db);
    const placed = await placeOrder(t.customer, item);
    expect(await markOrderPaid(t.database.db, placed._id, `pi_ship_${placed._id}`)).toBe(true);
    const res = await ship(t.admin, placed._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: placed._id,
      stat: 'shipped',
      paid: true,
      transactionId: `pi_ship_${placed._id}`,
    });
    const again = await ship(t.admin, placed._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CONFLICT');
    const [mine] = (await listMine(t.customer)).json() as Purchase[];
    expect(mine).toMatchObject({ _id: placed._id, stat: 'shipped', paid: true });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, placed._id), eq(auditLog.action, 'purchase.ship')));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorEmail: t.admin.email,
      before: { stat: 'pending' },
      after: { stat: 'shipped' },
    });
  });

  it('accepts the request without a body', async () => {
    const item = await createProduct(t.database.db);
    const placed = await placeOrder(t.customer, item);
    await markOrderPaid(t.database.db, placed._id, `pi_nobody_${placed._id}`);
    expect((await ship(t.admin, placed._id, undefined)).statusCode).toBe(200);
  });

  it('refuses unpaid, cancelled and expired orders with 409', async () => {
    const item = await createProduct(t.database.db);
    const unpaid = await placeOrder(t.customer, item);
    const res = await ship(t.admin, unpaid._id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only paid orders can be shipped');
    expect(await statusOf(unpaid._id)).toEqual({ status: 'pending', paid: false });

    const cancelled = await placeOrder(t.customer, item);
    await remove(t.customer, cancelled._id);
    expect((await ship(t.admin, cancelled._id)).statusCode).toBe(409);

    const expired = await placeOrder(t.customer, item);
    await letHoldPass(expired._id);
    await expireStaleHolds(t.database.db);
    expect((await ship(t.admin, expired._id)).statusCode).toBe(409);
  });

  it('answers 404 for unknown and malformed ids, 400 for another change', async () => {
    expect((await ship(t.admin, UNKNOWN_ID)).statusCode).toBe(404);
    expect((await ship(t.admin, 'not-a-uuid')).statusCode).toBe(404);
    const item = await createProduct(t.database.db);
    const placed = await placeOrder(t.customer, item);
    const res = await ship(t.admin, placed._id, { stat: 'cancelled' });
    expect(res.statusCode).toBe(400);
    expect(await statusOf(placed._id)).toEqual({ status: 'pending', paid: false });
  });

  it('is for admins only', async () => {
    const item = await createProduct(t.database.db);
    const placed = await placeOrder(t.customer, item);
    await markOrderPaid(t.database.db, placed._id, `pi_own_${placed._id}`);
    expect((await ship(t.customer, placed._id)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/purchase/${placed._id}` })).statusCode,
    ).toBe(401);
    expect(await statusOf(placed._id)).toEqual({ status: 'pending', paid: true });
  });
});

describe('markCheckoutPaid', () => {
  it('marks a pending order paid once, idempotently, and it no longer expires', async () => {
    const item = await createProduct(t.database.db);
    const placed = await placeOrder(t.customer, item);
    const transactionId = `pi_once_${placed._id}`;
    expect(await markOrderPaid(t.database.db, placed._id, transactionId)).toBe(true);
    expect(await markOrderPaid(t.database.db, placed._id, transactionId)).toBe(false);
    expect(await markOrderPaid(t.database.db, placed._id, 'pi_another')).toBe(false);
    const [row] = await t.database.db
      .select({
        paid: purchase.paid,
        paidAt: purchase.paidAt,
        transactionId: purchase.transactionId,
        holdExpiresAt: purchase.holdExpiresAt,
      })
      .from(purchase)
      .where(eq(purchase.id, placed._id));
    expect(row).toEqual({
      paid: true,
      paidAt: expect.any(Date),
      transactionId,
      holdExpiresAt: null,
    });
    await letHoldPass(placed._id);
    await expireStaleHolds(t.database.db);
    expect(await statusOf(placed._id)).toEqual({ status: 'pending', paid: true });
    expect((await readOne(t.customer, placed._id)).json()).toMatchObject({
      paid: true,
      transactionId,
    });
  });

  it('changes nothing for cancelled, unknown or malformed orders, or a reused transaction id', async () => {
    const item = await createProduct(t.database.db);
    const cancelled = await placeOrder(t.customer, item);
    await remove(t.customer, cancelled._id);
    expect(await markOrderPaid(t.database.db, cancelled._id, 'pi_late')).toBe(false);
    expect(await statusOf(cancelled._id)).toEqual({ status: 'cancelled', paid: false });
    for (const checkoutId of [UNKNOWN_ID, 'not-a-uuid'])
      expect(
        await markCheckoutPaid(t.database.db, checkoutId, {
          transactionId: 'pi_x',
          amountCents: 1,
        }),
      ).toBe('nothing to pay');

    const first = await placeOrder(t.customer, item);
    const second = await placeOrder(t.customer, item);
    expect(await markOrderPaid(t.database.db, first._id, `pi_shared_${first._id}`)).toBe(true);
    expect(await markOrderPaid(t.database.db, second._id, `pi_shared_${first._id}`)).toBe(false);
    expect(await statusOf(second._id)).toEqual({ status: 'pending', paid: false });
  });

  it('gives a transaction id raced for by two orders to one of them only', async () => {
    const item = await createProduct(t.database.db);
    const orders = await Promise.all(Array.from({ length: 5 }, () => placeOrder(t.customer, item)));
    const transactionId = `pi_race_${orders[0]!._id}`;
    const results = await Promise.all(
      orders.map((o) => markOrderPaid(t.database.db, o._id, transactionId)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('cannot be reached through a route without a verified payment', async () => {
    const item = await createProduct(t.database.db);
    const placed = await placeOrder(t.customer, item);
    for (const method of ['PATCH', 'POST'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/purchase/${placed._id}`,
        headers: t.admin.headers,
        payload: { paid: true, transactionId: 'pi_forged' },
      });
      expect(res.statusCode).toBe(404);
    }
    const forgedByOwner = await t.app.inject({
      method: 'PATCH',
      url: `/api/purchase/${placed._id}`,
      headers: t.customer.headers,
      payload: { paid: true, transactionId: 'pi_forged' },
    });
    expect(forgedByOwner.statusCode).toBe(400);
    expect(await statusOf(placed._id)).toEqual({ status: 'pending', paid: false });
  });
});

describe('expiring holds', () => {
  it('expires an unpaid order after its hold and returns its stock exactly once', async () => {
    const item = await createProduct(t.database.db, { availableQuantity: 30 });
    const stale = await placeOrder(t.customer, item, 3);
    const fresh = await placeOrder(t.customer, item, 2);
    const stale2 = await placeOrder(t.other, item, 5);
    await letHoldPass(stale._id);
    await letHoldPass(stale2._id);
    const versionBefore = (await stockOf(t.database.db, item.id))!.version;

    const runs = await Promise.all([
      expireStaleHolds(t.database.db),
      expireStaleHolds(t.database.db),
      expireStaleHolds(t.database.db),
    ]);
    // At most 2 (the minute timer may have expired some first); the stock shows each came back once.
    expect(runs.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(2);
    expect(await expireStaleHolds(t.database.db)).toBe(0);
    expect(await available(item.id)).toBe(28);
    expect((await stockOf(t.database.db, item.id))!.version).toBeGreaterThan(versionBefore);
    expect(await statusOf(stale._id)).toEqual({ status: 'expired', paid: false });
    expect(await statusOf(stale2._id)).toEqual({ status: 'expired', paid: false });
    expect(await statusOf(fresh._id)).toEqual({ status: 'pending', paid: false });
    expect((await readOne(t.customer, stale._id)).json().stat).toBe('expired');
    const ids = ((await listMine(t.customer)).json() as Purchase[]).map((o) => o._id);
    expect(ids).toContain(fresh._id);
    expect(ids).not.toContain(stale._id);
  });

  it('counts every expired order once across parallel runs', async () => {
    const item = await createProduct(t.database.db, { availableQuantity: 30 });
    const placed = await Promise.all(
      Array.from({ length: 6 }, () => placeOrder(t.customer, item, 2)),
    );
    for (const p of placed) await letHoldPass(p._id);
    const runs = await Promise.all(
      Array.from({ length: 4 }, () => expireStaleHolds(t.database.db)),
    );
    expect(await expireStaleHolds(t.database.db)).toBe(0);
    expect(await available(item.id)).toBe(30);
    expect(runs.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(6);
    for (const p of placed) expect((await statusOf(p._id))!.status).toBe('expired');
  });

  it('happens before the lists answer, without waiting for the timer', async () => {
    const item = await createProduct(t.database.db, { availableQuantity: 10 });
    const placed = await placeOrder(t.customer, item, 4);
    await letHoldPass(placed._id);
    const admins = (await t.app.inject({ url: '/api/purchase1', headers: t.admin.headers })).json();
    expect(admins.map((o: Purchase) => o._id)).not.toContain(placed._id);
    expect(await available(item.id)).toBe(10);
    expect((await remove(t.customer, placed._id)).statusCode).toBe(404);
    expect(await available(item.id)).toBe(10);
  });

  it('expires an order whose product was deleted, with no stock to return', async () => {
    const item = await createProduct(t.database.db);
    const placed = await placeOrder(t.customer, item);
    await t.database.db.delete(product).where(eq(product.id, item.id));
    await letHoldPass(placed._id);
    await expireStaleHolds(t.database.db);
    expect(await statusOf(placed._id)).toEqual({ status: 'expired', paid: false });
    expect((await readOne(t.customer, placed._id)).json()).toMatchObject({
      productId: null,
      product: item.name,
      stat: 'expired',
    });
  });
});

describe('ORDER_HOLD_HOURS', () => {
  it('sets how long an unpaid order holds its stock', async () => {
    const short = await buildTestApp({ env: { ORDER_HOLD_HOURS: '0.5' } });
    try {
      const buyer = await signUp(short.app);
      const item = await createProduct(short.database.db);
      const res = await short.app.inject({
        method: 'POST',
        url: '/api/purchase',
        headers: buyer.headers,
        payload: { productId: item.id, orderQuantity: 1 },
      });
      const [row] = await short.database.db
        .select({
          minutes: sql<number>`extract(epoch from ${purchase.holdExpiresAt} - ${purchase.createdAt})::float8 / 60`,
        })
        .from(purchase)
        .where(eq(purchase.id, res.json()._id));
      expect(row?.minutes).toBe(30);
    } finally {
      await short.close();
    }
  });
});
