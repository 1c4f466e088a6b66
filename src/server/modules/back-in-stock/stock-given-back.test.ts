import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { product, purchase, variant } from '../../db/schema.ts';
import { readOutbox } from '../../testing/accounts.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { paidOrder, returnedIntoStock } from '../../testing/aftersale.ts';
import { placeTestOrder } from '../../testing/orders.ts';
import { stockConsequenceHelpers } from '../../testing/stock-alerts.ts';
import { expireStaleHolds } from '../purchases/purchases.service.ts';

// Back-in-stock alerts fire wherever stock comes back, not only on an admin's edit (ADR 025): a
// cancelled order, a hold that expired unpaid, a return put back into stock. Each subscriber gets
// exactly one mail job, in the transaction that gave the stock back.

const t = setUpAppWithAccounts({ customerName: 'Bea Buyer' });

const { subscribe, alertsOf, backInStockJobs: jobsFor } = stockConsequenceHelpers(t);

/** The customer's order takes the stock below the minimum; the other customer subscribes. */
async function soldOutByAnOrder() {
  const placed = await placeTestOrder(t, t.customer, {
    product: { minQuantity: 2, availableQuantity: 3 },
    orderQuantity: 2,
  });
  await subscribe(placed.productId);
  return placed;
}

describe('stock given back releases the back-in-stock alerts', () => {
  it('when the order is cancelled: one mail per subscriber', async () => {
    const { order, productId } = await soldOutByAnOrder();
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/purchase/${order._id}`,
      headers: t.customer.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await alertsOf(productId)).toHaveLength(0);
    expect(await jobsFor(productId)).toHaveLength(1);
    const [row] = await t.database.db
      .select({ name: product.name })
      .from(product)
      .where(eq(product.id, productId));
    const name = row!.name;
    await vi.waitFor(
      () =>
        expect(
          readOutbox(t, t.other.email).filter((m) => m.subject === `${name} is back in stock`),
        ).toHaveLength(1),
      { timeout: 10_000, interval: 100 },
    );
  });

  it('when the hold expires unpaid: one mail per subscriber, also when the sweep runs again', async () => {
    const { order, productId } = await soldOutByAnOrder();
    await t.database.db
      .update(purchase)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(purchase.id, order._id));
    const [first, second] = await Promise.all([
      expireStaleHolds(t.database.db),
      expireStaleHolds(t.database.db),
    ]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    await expireStaleHolds(t.database.db);
    expect(await alertsOf(productId)).toHaveLength(0);
    expect(await jobsFor(productId)).toHaveLength(1);
  });

  it('not when what comes back is still below the minimum', async () => {
    const { order, productId } = await placeTestOrder(t, t.customer, {
      product: { minQuantity: 5, availableQuantity: 6 },
      orderQuantity: 5,
    });
    // The minimum is raised meanwhile: the 5 that come back make 1 + 5 = 6 < 10.
    await t.database.db
      .update(variant)
      .set({ minQuantity: 10 })
      .where(eq(variant.productId, productId));
    await subscribe(productId);
    await t.database.db
      .update(purchase)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(purchase.id, order._id));
    expect(await expireStaleHolds(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await alertsOf(productId)).toHaveLength(1);
    expect(await jobsFor(productId)).toHaveLength(0);
  });

  it('when a returned unit is put back into stock', async () => {
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
    expect(await alertsOf(productId)).toHaveLength(0);
    expect(await jobsFor(productId)).toHaveLength(1);
  });
});
