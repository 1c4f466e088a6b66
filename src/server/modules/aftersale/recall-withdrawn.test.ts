import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RECALL_NOTHING_TO_LIFT_MESSAGE, RecallSchema } from '../../../shared/aftersale.ts';
import { basketNotices } from '../../../shared/basket.ts';
import { PRODUCT_WITHDRAWN_MESSAGE } from '../../../shared/for-sale.ts';
import { ProductSchema, type Product } from '../../../shared/product.ts';
import { purchase } from '../../db/schema.ts';
import { signUp, type SignedIn } from '../../testing/accounts.ts';
import { paidOrder, returnedIntoStock } from '../../testing/aftersale.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { createProduct, stockOf, type TestProduct } from '../../testing/factories.ts';
import {
  askPaymentIntent,
  placeTestOrder,
  storeBasket,
  tryCheckOut,
} from '../../testing/orders.ts';
import { column, edited, productImportHelpers } from '../../testing/product-import.ts';
import { stockConsequenceHelpers } from '../../testing/stock-alerts.ts';
import { withdrawnOrdersMessage } from '../payments/payments.service.ts';
import { expireStaleHolds } from '../purchases/purchases.service.ts';

// Issue 39: a recall's "withdrawn from sale" lasts until an admin lifts it. Whatever gives stock
// back (a cancelled order, an expired hold, a returned unit, an import, an admin's edit) counts
// the stock but does not put the product back on sale: nobody can buy it, and its back-in-stock
// subscribers are not mailed. Lifting the recall puts it back on sale and mails them.

const t = setUpAppWithAccounts({ customerName: 'Bea Buyer' });
const { exportCsv, send } = productImportHelpers(t);

const today = () => new Date().toISOString().slice(0, 10);

async function recallOf(productId: string, withdraw = true) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/recalls',
    headers: t.admin.headers,
    payload: {
      productId,
      paidFrom: '2020-01-01',
      paidTo: today(),
      title: 'Battery may overheat',
      hazard: 'The battery pack can overheat while charging.',
      remedy: 'Stop charging it and contact us for a replacement.',
      withdraw,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return RecallSchema.parse(res.json());
}

const lift = (recallId: string, who: SignedIn = t.admin) =>
  t.app.inject({ method: 'POST', url: `/api/recalls/${recallId}/lift`, headers: who.headers });

const productOf = async (productId: string): Promise<Product> =>
  ProductSchema.parse((await t.app.inject(`/api/products/${productId}`)).json());

const {
  subscribe,
  alertsOf,
  backInStockJobs: mailJobsOf,
  storedImage,
} = stockConsequenceHelpers(t);

const buy = (productId: string, who: SignedIn = t.customer) =>
  t.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: who.headers,
    payload: { productId, orderQuantity: 1, address: '9 Anvil Road' },
  });

/**
 * Still withdrawn after a restock to `stock`: the stock is counted, the product says it is
 * withdrawn, a purchase is refused with 409, and its subscriber is still waiting, unmailed.
 */
async function expectStillWithdrawn(productId: string, stock: number) {
  expect(await mailJobsOf(productId)).toHaveLength(0);
  expect(await alertsOf(productId)).toHaveLength(1);
  const bought = await buy(productId);
  expect(bought.statusCode, bought.body).toBe(409);
  expect(bought.json()).toMatchObject({ code: 'CONFLICT', message: PRODUCT_WITHDRAWN_MESSAGE });
  expect((await stockOf(t.database.db, productId))!.available).toBe(stock);
  const shown = await productOf(productId);
  expect(shown).toMatchObject({ withdrawn: true, availableQuantity: stock });
}

/** A product with an unpaid order of 2 placed before it was recalled and withdrawn (3 left). */
async function withdrawnWithAnUnpaidOrder() {
  const placed = await placeTestOrder(t, t.customer, {
    product: { minQuantity: 1, availableQuantity: 5 },
    orderQuantity: 2,
  });
  await recallOf(placed.productId);
  await subscribe(placed.productId);
  return placed;
}

/** An uploaded image (an admin's edit needs one the shop stores). */
/** An admin's edit of the product's stock (PUT /api/products/{id}). */
async function editStock(item: TestProduct, availableQuantity: number) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/products/${item.id}`,
    headers: t.admin.headers,
    payload: {
      name: item.name,
      price: item.priceCents / 100,
      img: await storedImage(),
      minQuantity: item.minQuantity,
      availableQuantity,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return ProductSchema.parse(res.json());
}

describe('a product withdrawn by a recall', () => {
  it('cannot be bought, and says so, while its stock is still counted', async () => {
    const item = await createProduct(t.database.db, { availableQuantity: 40 });
    await recallOf(item.id);
    await subscribe(item.id);
    await expectStillWithdrawn(item.id, 40);
  });

  it('stays withdrawn when an unpaid order of it is cancelled', async () => {
    const { order, productId } = await withdrawnWithAnUnpaidOrder();
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/purchase/${order._id}`,
      headers: t.customer.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await expectStillWithdrawn(productId, 5);
  });

  it('cannot be paid for when it was ordered before the withdrawal', async () => {
    const { order } = await withdrawnWithAnUnpaidOrder();
    const res = await askPaymentIntent(t, t.customer, { purchaseId: order._id });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message: withdrawnOrdersMessage([order.product]),
    });
  });

  it('stays withdrawn when an unpaid hold of it expires', async () => {
    const { order, productId } = await withdrawnWithAnUnpaidOrder();
    await t.database.db
      .update(purchase)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(purchase.id, order._id));
    expect(await expireStaleHolds(t.database.db)).toBeGreaterThanOrEqual(1);
    const [expired] = await t.database.db
      .select({ status: purchase.status })
      .from(purchase)
      .where(eq(purchase.id, order._id));
    expect(expired?.status).toBe('expired');
    await expectStillWithdrawn(productId, 5);
  });

  it('stays withdrawn when a returned unit is put back into stock', async () => {
    const { order, productId } = await paidOrder(t, t.customer, {
      admin: t.admin,
      ship: true,
      quantity: 2,
    });
    const stock = (await stockOf(t.database.db, productId))!.available;
    await recallOf(productId);
    await subscribe(productId);
    await returnedIntoStock(t, t.customer, t.admin, order._id);
    await expectStillWithdrawn(productId, stock + 1);
  });

  it('stays withdrawn when a product import restocks it', async () => {
    const item = await createProduct(t.database.db, { availableQuantity: 0 });
    await recallOf(item.id);
    await subscribe(item.id);
    const img = await storedImage();
    const restocked = edited(await exportCsv(), (rows) => {
      const row = rows.find((cells) => cells[column('Product ID')] === item.id)!;
      row[column('Available Quantity')] = '500';
      // The factory's picture is not one the shop stores: the import would refuse the row.
      row[column('Image')] = img;
      return [row];
    });
    const applied = await send('apply', restocked);
    expect(applied.statusCode, applied.body).toBe(200);
    await expectStillWithdrawn(item.id, 500);
  });

  it("stays withdrawn when an admin's edit restocks it", async () => {
    const item = await createProduct(t.database.db, { availableQuantity: 0 });
    await recallOf(item.id);
    await subscribe(item.id);
    expect(await editStock(item, 500)).toMatchObject({ withdrawn: true, availableQuantity: 500 });
    await expectStillWithdrawn(item.id, 500);
  });

  it('fails the whole checkout of a basket holding it (409 naming the line), taking nothing', async () => {
    const buyer = await signUp(t.app);
    const fine = await createProduct(t.database.db, { availableQuantity: 10 });
    const recalled = await createProduct(t.database.db, { availableQuantity: 10 });
    await recallOf(recalled.id);
    await storeBasket(t, buyer, [
      [fine, 1],
      [recalled, 1],
    ]);
    const res = await tryCheckOut(t, buyer);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().fields).toEqual({ [recalled.id]: PRODUCT_WITHDRAWN_MESSAGE });
    expect((await stockOf(t.database.db, fine.id))!.available).toBe(10);
    expect((await stockOf(t.database.db, recalled.id))!.available).toBe(10);
    const basket = await t.app.inject({ url: '/api/basket', headers: buyer.headers });
    expect(basket.json().lines[1]).toMatchObject({ problem: PRODUCT_WITHDRAWN_MESSAGE });
  });

  it('is left out of a basket merged at sign-in, and out of "In stock only"', async () => {
    const buyer = await signUp(t.app);
    const item = await createProduct(t.database.db, {
      name: 'Recalled Sander',
      availableQuantity: 9,
    });
    await recallOf(item.id);
    const merged = await t.app.inject({
      method: 'POST',
      url: '/api/basket/merge',
      headers: buyer.headers,
      payload: { lines: [{ productId: item.id, quantity: 1 }] },
    });
    expect(merged.json()).toMatchObject({
      lines: [],
      notices: [basketNotices.withdrawn('Recalled Sander')],
    });
    const found = await t.app.inject('/api/products/search?q=Recalled%20Sander&inStock=1');
    expect(found.statusCode, found.body).toBe(200);
    expect(JSON.stringify(found.json())).not.toContain(item.id);
    const all = await t.app.inject('/api/products/search?q=Recalled%20Sander');
    expect(JSON.stringify(all.json())).toContain(item.id);
  });
});

describe('POST /api/recalls/{id}/lift', () => {
  it('puts the product back on sale and then mails its subscribers, once', async () => {
    const item = await createProduct(t.database.db, { availableQuantity: 0 });
    const recall = await recallOf(item.id);
    await subscribe(item.id);
    await editStock(item, 30);
    await expectStillWithdrawn(item.id, 30);

    expect((await lift(recall._id, t.customer)).statusCode).toBe(403);
    const lifted = await lift(recall._id);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(RecallSchema.parse(lifted.json())).toMatchObject({
      withdrawn: true,
      liftedAt: expect.any(String),
    });
    expect(await productOf(item.id)).toMatchObject({ withdrawn: false, availableQuantity: 30 });
    expect(await alertsOf(item.id)).toHaveLength(0);
    expect(await mailJobsOf(item.id)).toHaveLength(1);
    const bought = await buy(item.id);
    expect(bought.statusCode, bought.body).toBe(201);

    const again = await lift(recall._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RECALL_NOTHING_TO_LIFT_MESSAGE);
    expect(await mailJobsOf(item.id)).toHaveLength(1);
  });

  it('mails nobody while the stock is below the minimum, and 409s a recall that withdrew nothing', async () => {
    const item = await createProduct(t.database.db, { availableQuantity: 0 });
    const recall = await recallOf(item.id);
    await subscribe(item.id);
    expect((await lift(recall._id)).statusCode).toBe(200);
    expect(await productOf(item.id)).toMatchObject({ withdrawn: false, availableQuantity: 0 });
    expect(await alertsOf(item.id)).toHaveLength(1);
    expect(await mailJobsOf(item.id)).toHaveLength(0);

    const noticeOnly = await recallOf(item.id, false);
    const res = await lift(noticeOnly._id);
    expect(res.statusCode).toBe(409);
    expect((await lift('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('keeps the product withdrawn while another recall of it still withdraws it', async () => {
    const item = await createProduct(t.database.db, { availableQuantity: 20 });
    const first = await recallOf(item.id);
    const second = await recallOf(item.id);
    await subscribe(item.id);
    expect((await lift(first._id)).statusCode).toBe(200);
    await expectStillWithdrawn(item.id, 20);
    expect((await lift(second._id)).statusCode).toBe(200);
    expect(await productOf(item.id)).toMatchObject({ withdrawn: false });
    expect(await mailJobsOf(item.id)).toHaveLength(1);
  });
});
