import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RecallSchema, type Recall } from '../../../shared/aftersale.ts';
import { WRONG_PRODUCT_SKU_MESSAGE } from '../../../shared/purchase.ts';
import { purchase } from '../../db/schema.ts';
import { signUp, type SignedIn } from '../../testing/accounts.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import {
  afterDirectWrite,
  createCheckout,
  createProduct,
  userIdOf,
  type TestProduct,
} from '../../testing/factories.ts';

// Issue 34: a recall may name one variant by its SKU. Only that variant is withdrawn and only its
// buyers are told (its orders, and kits that took it); lifting it puts back exactly what it
// withdrew unless another open recall still holds it.

const t = setUpAppWithAccounts();

let drill: TestProduct;
let kitBox: TestProduct;
const ids: Record<string, string> = {};
const buyers: Record<string, SignedIn> = {};

const today = () => new Date().toISOString().slice(0, 10);

const recall = (productId: string, sku: string | undefined, withdraw = true) =>
  t.app.inject({
    method: 'POST',
    url: '/api/recalls',
    headers: t.admin.headers,
    payload: {
      productId,
      ...(sku === undefined ? {} : { sku }),
      paidFrom: '2020-01-01',
      paidTo: today(),
      title: 'Battery may overheat',
      hazard: 'The pack can overheat.',
      remedy: 'Stop using it.',
      withdraw,
    },
  });
const recalled = async (productId: string, sku?: string): Promise<Recall> => {
  const res = await recall(productId, sku);
  expect(res.statusCode, res.body).toBe(201);
  return RecallSchema.parse(res.json());
};
const lift = async (id: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/recalls/${id}/lift`,
    headers: t.admin.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
};

/** Which of the drill's variants (and the kit) are withdrawn, by name. */
const withdrawn = async () => {
  const { rows } = await t.database.db.execute<{ sku: string; withdrawn: boolean }>(sql`
    SELECT sku, withdrawn FROM variant_offer
    WHERE id IN (${ids.a}, ${ids.b}, ${ids.kit}) ORDER BY sku`);
  return Object.fromEntries(rows.map((row) => [row.sku, row.withdrawn]));
};

const told = async (recallId: string) => {
  const { rows } = await t.database.db.execute<{ user_id: string }>(
    sql`SELECT user_id FROM recall_notice WHERE recall_id = ${recallId} ORDER BY user_id`,
  );
  return rows.map((row) => row.user_id).sort();
};

async function paidPurchase(
  who: SignedIn,
  item: { productId: string; variantId: string; sku: string; taken: string },
) {
  const userId = await userIdOf(t.database.db, who.email);
  await t.database.db.insert(purchase).values({
    checkoutId: await createCheckout(t.database.db, userId),
    userId,
    productId: item.productId,
    productName: 'Drill',
    variantId: item.variantId,
    sku: item.sku,
    stockTaken: [{ variantId: item.taken, quantity: 1 }],
    unitPriceCents: 100,
    quantity: 1,
    totalCents: 100,
    customerName: who.name,
    customerEmail: who.email,
    paid: true,
    paidAt: sql`now()`,
  });
  return userId;
}

beforeAll(async () => {
  drill = await createProduct(t.database.db, { name: 'Recall Drill', availableQuantity: 10 });
  kitBox = await createProduct(t.database.db, { name: 'Recall Kit Box', availableQuantity: 10 });
  ids.a = drill.variantId;
  const added = await t.database.db.execute<{ id: string; sku: string }>(sql`
    INSERT INTO variant (product_id, sku, option_values, label, position, price_cents,
      min_quantity, available_quantity)
    VALUES (${drill.id}, 'RCL-B', '{"Voltage":"18V"}', '18V', 1, 5000, 1, 10),
      (${kitBox.id}, 'RCL-KIT', '{"Kit":"Kit"}', 'Kit', 1, 9000, 1, 0)
    RETURNING id, sku`);
  ids.b = added.rows.find((row) => row.sku === 'RCL-B')!.id;
  ids.kit = added.rows.find((row) => row.sku === 'RCL-KIT')!.id;
  await t.database.db.execute(sql`
    INSERT INTO variant_part (kit_id, part_id, part_sku, quantity)
    VALUES (${ids.kit}, ${ids.b}, 'RCL-B', 1)`);
  await afterDirectWrite();
  for (const name of ['a', 'b', 'kit']) buyers[name] = await signUp(t.app);
  ids.buyerA = await paidPurchase(buyers.a!, {
    productId: drill.id,
    variantId: ids.a,
    sku: drill.sku,
    taken: ids.a,
  });
  ids.buyerB = await paidPurchase(buyers.b!, {
    productId: drill.id,
    variantId: ids.b,
    sku: 'RCL-B',
    taken: ids.b,
  });
  // A kit of another product that took the 18V variant as its part.
  ids.buyerKit = await paidPurchase(buyers.kit!, {
    productId: kitBox.id,
    variantId: ids.kit,
    sku: 'RCL-KIT',
    taken: ids.b,
  });
});

describe('a recall by SKU', () => {
  it("withdraws that variant only and tells only its buyers (a kit's too)", async () => {
    const made = await recalled(drill.id, 'rcl-b');
    expect(made).toMatchObject({ sku: 'RCL-B', product: 'Recall Drill (18V)', notified: 2 });
    expect(await told(made._id)).toEqual([ids.buyerB, ids.buyerKit].sort());
    expect(await withdrawn()).toEqual({ [drill.sku]: false, 'RCL-B': true, 'RCL-KIT': true });

    // Lifting it restores exactly that variant.
    await lift(made._id);
    expect(await withdrawn()).toEqual({ [drill.sku]: false, 'RCL-B': false, 'RCL-KIT': false });
  });

  it('a recall of the whole product still covers every variant and every buyer', async () => {
    const made = await recalled(drill.id);
    expect(made.sku).toBeNull();
    expect(await told(made._id)).toEqual([ids.buyerA, ids.buyerB].sort());
    expect(await withdrawn()).toEqual({ [drill.sku]: true, 'RCL-B': true, 'RCL-KIT': true });
    await lift(made._id);
    expect(await withdrawn()).toEqual({ [drill.sku]: false, 'RCL-B': false, 'RCL-KIT': false });
  });

  it('lifting keeps withdrawn what another open recall still holds', async () => {
    const bySku = await recalled(drill.id, 'RCL-B');
    const whole = await recalled(drill.id);
    // The whole product's recall lifted: the SKU's recall still holds its variant.
    await lift(whole._id);
    expect(await withdrawn()).toEqual({ [drill.sku]: false, 'RCL-B': true, 'RCL-KIT': true });
    // The other order: the SKU's lifted while the product's holds every variant.
    const again = await recalled(drill.id);
    await lift(bySku._id);
    expect(await withdrawn()).toEqual({ [drill.sku]: true, 'RCL-B': true, 'RCL-KIT': true });
    await lift(again._id);
    expect(await withdrawn()).toEqual({ [drill.sku]: false, 'RCL-B': false, 'RCL-KIT': false });
  });

  it("refuses another product's SKU or an unknown one, naming the field", async () => {
    const wrong = await recall(drill.id, kitBox.sku);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ sku: WRONG_PRODUCT_SKU_MESSAGE });
    const unknown = await recall(drill.id, 'NO-SUCH');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields.sku).toBeDefined();
  });
});
