import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OverviewSchema, type Overview } from '../../../shared/admin-overview.ts';
import { product, purchase, variant } from '../../db/schema.ts';
import { expectAdminsOnly } from '../../testing/access.ts';
import { signUp, signUpAdmin, type SignedIn } from '../../testing/accounts.ts';
import {
  createCheckout,
  createProduct,
  userIdOf,
  type TestProduct,
} from '../../testing/factories.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: SignedIn;
let customer: SignedIn;
let customerId: string;
let drill: TestProduct;
let saw: TestProduct;

/** An order written straight to the database, paid (or not) at a time given in SQL. */
async function order(
  item: TestProduct,
  quantity: number,
  fields: {
    status?: 'pending' | 'shipped' | 'cancelled' | 'expired';
    paidAt?: ReturnType<typeof sql> | null;
  },
) {
  const paid = fields.paidAt !== undefined && fields.paidAt !== null;
  await t.database.db.insert(purchase).values({
    checkoutId: await createCheckout(t.database.db, customerId),
    userId: customerId,
    productId: item.id,
    productName: item.name,
    unitPriceCents: item.priceCents,
    quantity,
    totalCents: item.priceCents * quantity,
    customerName: customer.name,
    customerEmail: customer.email,
    status: fields.status ?? 'pending',
    paid,
    paidAt: paid ? fields.paidAt : null,
  });
}

const overview = async (query: string, who: SignedIn = admin): Promise<Overview> => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/overview?${query}`,
    headers: who.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return OverviewSchema.parse(res.json());
};

// "Today at 00:30 in Tokyo": the previous calendar day in UTC.
const tokyoEarlyToday = sql`((now() AT TIME ZONE 'Asia/Tokyo')::date)::timestamp AT TIME ZONE 'Asia/Tokyo' + interval '30 minutes'`;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUpAdmin(t);
  customer = await signUp(t.app, { name: 'Olga Overview' });
  customerId = await userIdOf(t.database.db, customer.email);
  // Only these products count as low stock below: the seeded ones have plenty.
  drill = await createProduct(t.database.db, {
    name: 'Overview Drill',
    priceCents: 10_000,
    minQuantity: 5,
    availableQuantity: 9,
  });
  saw = await createProduct(t.database.db, {
    name: 'Overview Saw',
    priceCents: 2_500,
    minQuantity: 1,
    availableQuantity: 50,
  });

  await order(drill, 2, { paidAt: sql`now() - interval '2 days'` }); // $200
  await order(drill, 1, { status: 'shipped', paidAt: sql`now() - interval '3 days'` }); // $100
  await order(saw, 4, { paidAt: tokyoEarlyToday }); // $100
  await order(saw, 1, { paidAt: sql`now() - interval '20 days'` }); // $25, outside 7 days
  await order(saw, 2, { paidAt: sql`now() - interval '200 days'` }); // outside every period
  await order(drill, 3, {}); // unpaid: no revenue
  await order(drill, 1, { status: 'cancelled' }); // never revenue
  await order(saw, 1, { status: 'expired' });
});
afterAll(() => t.close());

describe('GET /api/admin/overview', () => {
  it('is for admins only', async () => {
    await expectAdminsOnly(t.app, { url: '/api/admin/overview' }, customer);
  });

  it('sums revenue of paid orders that still stand, and leaves out unpaid, cancelled and expired ones', async () => {
    const week = await overview('days=7&tz=Asia/Tokyo');
    expect(week.revenue).toBe(400);
    expect(week.paidOrders).toBe(3);
    expect(week.averageOrderValue).toBeCloseTo(133.33, 2);
    expect(week.daily).toHaveLength(7);
    expect(week.daily.reduce((sum, d) => sum + d.revenue, 0)).toBe(400);

    const month = await overview('days=30&tz=UTC');
    expect(month.revenue).toBe(425);
    expect(month.paidOrders).toBe(4);
    expect(month.daily).toHaveLength(30);
    const quarter = await overview('days=90');
    expect(quarter.revenue).toBe(425);
  });

  it("counts a sale on the day it was paid in the admin's time zone", async () => {
    const [row] = (
      await t.database.db.execute<{ tokyo: string; utc: string }>(sql`
        SELECT ((${tokyoEarlyToday}) AT TIME ZONE 'Asia/Tokyo')::date::text AS tokyo,
               ((${tokyoEarlyToday}) AT TIME ZONE 'UTC')::date::text AS utc`)
    ).rows;
    expect(row!.tokyo).not.toBe(row!.utc);

    const tokyo = await overview('days=7&tz=Asia/Tokyo');
    expect(tokyo.daily.find((d) => d.day === row!.tokyo)?.revenue).toBe(100);
    const utc = await overview('days=7&tz=UTC');
    expect(utc.daily.find((d) => d.day === row!.utc)?.revenue).toBeGreaterThanOrEqual(100);
    expect(utc.daily.find((d) => d.day === row!.tokyo)?.revenue ?? 0).not.toBe(100);
  });

  it('lists orders by status, the top products by revenue, and the low-stock products', async () => {
    const month = await overview('days=30');
    // By when the order was placed: every fixture was placed just now, however long ago it was paid.
    expect(Object.fromEntries(month.ordersByStatus.map((s) => [s.status, s.count]))).toEqual({
      paid: 4,
      shipped: 1,
      unpaid: 1,
      cancelled: 1,
      expired: 1,
    });
    expect(month.topProducts.map((p) => [p.name, p.revenue, p.quantity])).toEqual([
      ['Overview Drill', 300, 3],
      ['Overview Saw', 125, 5],
    ]);
    expect(month.lowStock).toEqual([
      { _id: drill.id, name: 'Overview Drill', availableQuantity: 9, minQuantity: 5 },
    ]);
    await t.database.db
      .update(variant)
      .set({ availableQuantity: 10 })
      .where(sql`${variant.productId} = ${drill.id}`);
    expect((await overview('days=30')).lowStock).toEqual([]);
  });

  it('refuses periods and time zones it does not know', async () => {
    for (const query of [
      'days=5',
      'days=abc',
      'tz=Mars/Olympus',
      `tz=${'x'.repeat(100)}`,
      // Known to the browser's Intl, not among PostgreSQL's zone names.
      'tz=SystemV/AST4',
      'tz=US/Pacific-New',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/overview?${query}`,
        headers: admin.headers,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });
});
