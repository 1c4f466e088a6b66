import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ReturnSchema, WarrantySchema } from '../../../shared/aftersale.ts';
import { orderEvent, purchase } from '../../db/schema.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import {
  afterDirectWrite,
  createCheckout,
  createProduct,
  userIdOf,
  type TestProduct,
} from '../../testing/factories.ts';

// Issue 34: a kit's order took its parts' stock (stock_taken); a restocked return of some of its
// units gives back their share of the parts. Returns and serials name the variant and SKU sold.

const t = setUpAppWithAccounts();

let drill: TestProduct;
let battery: TestProduct;
let kitId = '';
let orderId = '';

const stock = async (variantId: string) =>
  (
    await t.database.db.execute<{ n: number }>(
      sql`SELECT available_quantity AS n FROM variant WHERE id = ${variantId}`,
    )
  ).rows[0]!.n;

const post = (url: string, who: { headers: Record<string, string> }, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: who.headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  drill = await createProduct(t.database.db, { name: 'Kit Drill', availableQuantity: 10 });
  battery = await createProduct(t.database.db, { name: 'Kit Battery', availableQuantity: 20 });
  const { rows } = await t.database.db.execute<{ id: string }>(sql`
    INSERT INTO variant (product_id, sku, option_values, label, position, price_cents,
      min_quantity, available_quantity)
    VALUES (${drill.id}, 'RET-KIT', '{"Kit":"2 batteries"}', '2 batteries', 1, 30000, 1, 0)
    RETURNING id`);
  kitId = rows[0]!.id;
  await t.database.db.execute(sql`
    INSERT INTO variant_part (kit_id, part_id, part_sku, quantity)
    VALUES (${kitId}, ${drill.variantId}, ${drill.sku}, 1),
      (${kitId}, ${battery.variantId}, ${battery.sku}, 2)`);
  await afterDirectWrite();
  // A shipped, paid order of 3 kits: it took 3 drills and 6 batteries.
  const userId = await userIdOf(t.database.db, t.customer.email);
  const [order] = await t.database.db
    .insert(purchase)
    .values({
      checkoutId: await createCheckout(t.database.db, userId),
      userId,
      productId: drill.id,
      productName: drill.name,
      variantId: kitId,
      sku: 'RET-KIT',
      variantLabel: '2 batteries',
      stockTaken: [
        { variantId: drill.variantId, quantity: 3 },
        { variantId: battery.variantId, quantity: 6 },
      ],
      unitPriceCents: 30_000,
      quantity: 3,
      totalCents: 90_000,
      customerName: t.customer.name,
      customerEmail: t.customer.email,
      status: 'shipped',
      paid: true,
      paidAt: sql`now()`,
    })
    .returning({ id: purchase.id });
  orderId = order!.id;
  await t.database.db
    .insert(orderEvent)
    .values({ purchaseId: orderId, event: 'shipped', actor: 'admin' });
});

describe('returns of a kit', () => {
  it("a restocked return gives back the returned units' share of the parts", async () => {
    const drillsBefore = await stock(drill.variantId);
    const batteriesBefore = await stock(battery.variantId);
    const asked = await post(`/api/purchase/${orderId}/returns`, t.customer, {
      quantity: 2,
      reason: 'Defective or damaged',
      note: '',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const ret = ReturnSchema.parse(asked.json());
    expect(ret).toMatchObject({ product: 'Kit Drill (2 batteries)', sku: 'RET-KIT' });
    for (const [step, payload] of [
      ['approve', undefined],
      ['receive', { restock: true }],
    ] as const) {
      const res = await post(`/api/returns/${ret._id}/${step}`, t.admin, payload);
      expect(res.statusCode, res.body).toBe(200);
    }
    // 2 of 3 kits: 2 drills and 4 batteries back; the kit's own stock stays 0.
    expect(await stock(drill.variantId)).toBe(drillsBefore + 2);
    expect(await stock(battery.variantId)).toBe(batteriesBefore + 4);
    expect(await stock(kitId)).toBe(0);
  });

  it('a registered serial names the variant and SKU sold', async () => {
    const registered = await post(`/api/purchase/${orderId}/serials`, t.customer, {
      serial: 'KIT-0001',
    });
    expect(registered.statusCode, registered.body).toBeLessThan(300);
    const found = await t.app.inject({ url: '/api/warranty/KIT-0001', headers: t.admin.headers });
    expect(found.statusCode, found.body).toBe(200);
    expect(WarrantySchema.parse(found.json())).toMatchObject({
      product: 'Kit Drill (2 batteries)',
      sku: 'RET-KIT',
    });
  });
});
