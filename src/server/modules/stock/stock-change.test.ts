import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { productOffer, purchase, variant } from '../../db/schema.ts';
import { paidOrder, returnedIntoStock } from '../../testing/aftersale.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { createProduct, stockOf } from '../../testing/factories.ts';
import { placeTestOrder } from '../../testing/orders.ts';
import { column, edited, productImportHelpers } from '../../testing/product-import.ts';
import { queueStockLowWebhooks, stockConsequenceHelpers } from '../../testing/stock-alerts.ts';
import { expireStaleHolds } from '../purchases/purchases.service.ts';
import { STOCK_LOW_THRESHOLD } from '../webhooks/webhooks.service.ts';
import { STOCK_CONSEQUENCES } from './stock-change.ts';

// One owner for stock (issue 33, ADR 043): each of the six paths that change a product's stock
// goes through modules/stock/stock-change.ts and so fires every consequence of the change there:
// back-in-stock mails when it puts the product on sale again, stock.low when it takes the stock
// from above the threshold to at or under it. One table, one row per path and consequence.

const t = setUpAppWithAccounts({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
const { exportCsv, send } = productImportHelpers(t);
const T = STOCK_LOW_THRESHOLD;

queueStockLowWebhooks(t);

const { subscribe, backInStockJobs, stockLowJobs, storedImage } = stockConsequenceHelpers(t);

const setStock = (productId: string, availableQuantity: number) =>
  t.database.db.update(variant).set({ availableQuantity }).where(eq(variant.productId, productId));

/** An unpaid order takes the stock below the minimum (3 → 1, minimum 2); a customer subscribes. */
async function soldOut() {
  const placed = await placeTestOrder(t, t.customer, {
    product: { minQuantity: 2, availableQuantity: 3 },
    orderQuantity: 2,
  });
  await subscribe(placed.productId);
  return placed;
}

/** The product CSV applied with the product's stock set to `stock`. */
async function importStock(productId: string, stock: number) {
  const img = await storedImage();
  const csv = edited(await exportCsv(), (rows) => {
    const row = rows.find((cells) => cells[column('Product ID')] === productId)!;
    row[column('Available Quantity')] = String(stock);
    row[column('Image')] = img; // the factory's picture is not one the shop stores
    return [row];
  });
  const applied = await send('apply', csv);
  expect(applied.statusCode, applied.body).toBe(200);
}

/** The admin's edit (PUT /api/products/{id}) setting the product's stock to `stock`. */
async function editStock(productId: string, stock: number) {
  const [row] = await t.database.db
    .select()
    .from(productOffer)
    .where(eq(productOffer.id, productId));
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/products/${productId}`,
    headers: t.admin.headers,
    payload: {
      name: row!.name,
      price: row!.priceCents / 100,
      img: await storedImage(),
      minQuantity: row!.minQuantity,
      availableQuantity: stock,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

interface Path {
  path: string;
  consequence: 'back-in-stock release' | 'stock.low webhook';
  /** Sets the scene and changes the stock through the path; the product and its stock after. */
  run(): Promise<{ productId: string; stock: number }>;
}

const PATHS: Path[] = [
  {
    path: 'placing an order',
    consequence: 'stock.low webhook',
    async run() {
      const { productId } = await placeTestOrder(t, t.customer, {
        product: { availableQuantity: T + 2 },
        orderQuantity: 2,
      });
      return { productId, stock: T };
    },
  },
  {
    path: 'cancelling an order',
    consequence: 'back-in-stock release',
    async run() {
      const { order, productId } = await soldOut();
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/purchase/${order._id}`,
        headers: t.customer.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return { productId, stock: 3 };
    },
  },
  {
    path: 'a hold expiring unpaid',
    consequence: 'back-in-stock release',
    async run() {
      const { order, productId } = await soldOut();
      await t.database.db
        .update(purchase)
        .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
        .where(eq(purchase.id, order._id));
      expect(await expireStaleHolds(t.database.db)).toBeGreaterThanOrEqual(1);
      return { productId, stock: 3 };
    },
  },
  {
    path: 'a return received into stock',
    consequence: 'back-in-stock release',
    async run() {
      const { order, productId } = await paidOrder(t, t.customer, {
        admin: t.admin,
        ship: true,
        quantity: 2,
      });
      await t.database.db
        .update(variant)
        .set({ availableQuantity: 0, minQuantity: 1 })
        .where(eq(variant.productId, productId));
      await subscribe(productId);
      await returnedIntoStock(t, t.customer, t.admin, order._id);
      return { productId, stock: 1 };
    },
  },
  {
    path: 'a CSV import',
    consequence: 'back-in-stock release',
    async run() {
      const item = await createProduct(t.database.db, { availableQuantity: 0 });
      await subscribe(item.id);
      await importStock(item.id, 500);
      return { productId: item.id, stock: 500 };
    },
  },
  {
    path: 'a CSV import',
    consequence: 'stock.low webhook',
    async run() {
      const item = await createProduct(t.database.db, { availableQuantity: T + 5 });
      await importStock(item.id, T - 1);
      return { productId: item.id, stock: T - 1 };
    },
  },
  {
    path: "an admin's edit",
    consequence: 'back-in-stock release',
    async run() {
      const item = await createProduct(t.database.db, { availableQuantity: 0 });
      await subscribe(item.id);
      await editStock(item.id, 500);
      return { productId: item.id, stock: 500 };
    },
  },
  {
    path: "an admin's edit",
    consequence: 'stock.low webhook',
    async run() {
      const item = await createProduct(t.database.db, { availableQuantity: T + 5 });
      await editStock(item.id, T);
      return { productId: item.id, stock: T };
    },
  },
];

describe('every path that changes stock fires its consequences', () => {
  it.each(PATHS)('$path: $consequence', async ({ consequence, run }) => {
    const { productId, stock } = await run();
    expect((await stockOf(t.database.db, productId))!.available).toBe(stock);
    const fired = { 'back-in-stock release': 0, 'stock.low webhook': 0 };
    fired[consequence] = 1;
    expect({
      'back-in-stock release': (await backInStockJobs(productId)).length,
      'stock.low webhook': (await stockLowJobs(productId)).length,
    }).toEqual(fired);
  });

  it('and not twice: a change that does not cross fires nothing', async () => {
    const { productId } = await placeTestOrder(t, t.customer, {
      product: { availableQuantity: T + 2 },
      orderQuantity: 1,
    });
    await setStock(productId, T + 10);
    await editStock(productId, T + 3);
    expect(await stockLowJobs(productId)).toHaveLength(0);
    expect(await backInStockJobs(productId)).toHaveLength(0);
  });

  it('declares which consequence can fire on which direction', () => {
    expect(STOCK_CONSEQUENCES).toEqual({
      take: ['stock.low webhook'],
      give: ['back-in-stock release'],
      set: ['back-in-stock release', 'stock.low webhook'],
    });
  });
});
