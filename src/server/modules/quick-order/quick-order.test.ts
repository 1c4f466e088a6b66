import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/api-paths.ts';
import type { Basket } from '../../../shared/basket.ts';
import type { QuickOrderResult } from '../../../shared/variant.ts';
import { product, variant, variantPart } from '../../db/schema.ts';
import { signUp, type SignedIn } from '../../testing/accounts.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { afterDirectWrite, createProduct, type TestProduct } from '../../testing/factories.ts';

const t = setUpAppWithAccounts();

const quickOrder = (who: SignedIn | null, lines: unknown) =>
  t.app.inject({
    method: 'POST',
    url: apiPaths.quickOrder,
    headers: who?.headers ?? {},
    payload: { lines },
  });
const basketOf = async (who: SignedIn) =>
  (
    await t.app.inject({ method: 'GET', url: apiPaths.basket, headers: who.headers })
  ).json<Basket>();
const held = (basket: Basket) => basket.lines.map((line) => [line.sku, line.quantity]);
const problems = (result: QuickOrderResult) => result.lines.map((line) => line.problem);

/**
 * A kit of `parts` (variant, how many) on a product of its own: its stock is what its parts allow
 * (its own available_quantity is unused).
 */
async function createKit(name: string, sku: string, parts: [TestProduct, number][]) {
  const db = t.database.db;
  const [made] = await db
    .insert(product)
    .values({ name, imageUrl: `/images/${'0'.repeat(64)}.webp` })
    .returning({ id: product.id });
  const [kit] = await db
    .insert(variant)
    .values({ productId: made!.id, sku, priceCents: 29_900, minQuantity: 1, availableQuantity: 0 })
    .returning({ id: variant.id });
  await db.insert(variantPart).values(
    parts.map(([part, quantity]) => ({
      kitId: kit!.id,
      partId: part.variantId,
      partSku: part.sku,
      quantity,
    })),
  );
  await afterDirectWrite();
  return { productId: made!.id, sku };
}

describe('POST /api/quick-order', () => {
  it('is for signed-in customers only', async () => {
    const res = await quickOrder(null, [{ sku: 'ANY-1', quantity: 1 }]);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', requestId: expect.any(String) });
  });

  it('adds known SKUs in any case to the basket, saying each line was added', async () => {
    const buyer = await signUp(t.app);
    const drill = await createProduct(t.database.db, { name: 'QO Drill', availableQuantity: 10 });
    const saw = await createProduct(t.database.db, { name: 'QO Saw', availableQuantity: 10 });
    const res = await quickOrder(buyer, [
      { sku: drill.sku.toLowerCase(), quantity: 2 },
      { sku: ` ${saw.sku} `, quantity: 3 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      lines: [
        { sku: drill.sku.toLowerCase(), quantity: 2, problem: null, name: 'QO Drill' },
        { sku: saw.sku, quantity: 3, problem: null, name: 'QO Saw' },
      ],
      added: 2,
      notices: [],
    });
    expect(held(await basketOf(buyer))).toEqual([
      [drill.sku, 2],
      [saw.sku, 3],
    ]);
  });

  it('refuses an unknown or malformed SKU, a blank one and a quantity that is not whole', async () => {
    const buyer = await signUp(t.app);
    const drill = await createProduct(t.database.db, { availableQuantity: 10 });
    const res = await quickOrder(buyer, [
      { sku: 'NO-SUCH-SKU-42', quantity: 1 },
      { sku: 'not a sku!', quantity: 1 },
      { sku: '  ', quantity: 1 },
      { sku: drill.sku, quantity: 1.5 },
    ]);
    expect(res.statusCode).toBe(200);
    const result = res.json<QuickOrderResult>();
    expect(problems(result)).toEqual([
      'Unknown SKU NO-SUCH-SKU-42',
      'Unknown SKU not a sku!',
      'SKU is required',
      'Quantity must be a whole number',
    ]);
    expect(result.added).toBe(0);
    expect(result.lines[0]!.name).toBeNull();
    expect(result.lines[3]!.name).toBe(drill.name);
    expect((await basketOf(buyer)).lines).toEqual([]);
  });

  it('refuses a line below the variant’s minimum and one above its stock', async () => {
    const buyer = await signUp(t.app);
    const screws = await createProduct(t.database.db, { minQuantity: 5, availableQuantity: 100 });
    const grinder = await createProduct(t.database.db, { minQuantity: 1, availableQuantity: 3 });
    const res = await quickOrder(buyer, [
      { sku: screws.sku, quantity: 4 },
      { sku: screws.sku, quantity: 0 },
      { sku: grinder.sku, quantity: 4 },
    ]);
    expect(problems(res.json())).toEqual([
      'Ordered Quantity is less than minimum quantity (5)',
      'Ordered Quantity is less than minimum quantity (5)',
      'Ordered Quantity is more than available quantity in stock (3 available)',
    ]);
    expect((await basketOf(buyer)).lines).toEqual([]);
  });

  it('counts what the basket already holds and earlier lines of the same SKU', async () => {
    const buyer = await signUp(t.app);
    const grinder = await createProduct(t.database.db, { availableQuantity: 5 });
    expect((await quickOrder(buyer, [{ sku: grinder.sku, quantity: 2 }])).statusCode).toBe(200);
    const res = await quickOrder(buyer, [
      { sku: grinder.sku, quantity: 2 },
      { sku: grinder.sku, quantity: 2 },
      { sku: grinder.sku, quantity: 1 },
    ]);
    expect(problems(res.json())).toEqual([
      null,
      'Ordered Quantity is more than available quantity in stock (5 available)',
      null,
    ]);
    expect(held(await basketOf(buyer))).toEqual([[grinder.sku, 5]]);
  });

  it('refuses a kit above what its parts allow', async () => {
    const buyer = await signUp(t.app);
    const drill = await createProduct(t.database.db, { name: 'Bare drill', availableQuantity: 10 });
    const battery = await createProduct(t.database.db, { name: 'Battery', availableQuantity: 5 });
    // Two batteries a kit: five batteries make two kits.
    const kit = await createKit('Drill kit', `QO-KIT-${Date.now()}`, [
      [drill, 1],
      [battery, 2],
    ]);
    const res = await quickOrder(buyer, [{ sku: kit.sku, quantity: 3 }]);
    expect(res.json<QuickOrderResult>().lines).toEqual([
      {
        sku: kit.sku,
        quantity: 3,
        problem: 'Ordered Quantity is more than available quantity in stock (2 available)',
        name: 'Drill kit',
      },
    ]);
    expect((await basketOf(buyer)).lines).toEqual([]);
    const ok = await quickOrder(buyer, [{ sku: kit.sku, quantity: 2 }]);
    expect(problems(ok.json())).toEqual([null]);
    expect(held(await basketOf(buyer))).toEqual([[kit.sku, 2]]);
  });

  it('refuses a withdrawn variant', async () => {
    const buyer = await signUp(t.app);
    const recalled = await createProduct(t.database.db);
    await t.database.db
      .update(variant)
      .set({ withdrawn: true })
      .where(eq(variant.id, recalled.variantId));
    await afterDirectWrite();
    const res = await quickOrder(buyer, [{ sku: recalled.sku, quantity: 1 }]);
    expect(problems(res.json())).toEqual(['Withdrawn from sale for a safety recall']);
    expect((await basketOf(buyer)).lines).toEqual([]);
  });

  it('adds only the good lines of a mixed list and leaves the rest of the basket as it was', async () => {
    const buyer = await signUp(t.app);
    const kept = await createProduct(t.database.db, { availableQuantity: 10 });
    const good = await createProduct(t.database.db, { availableQuantity: 10 });
    const short = await createProduct(t.database.db, { availableQuantity: 1 });
    const bulk = await createProduct(t.database.db, { minQuantity: 10, availableQuantity: 50 });
    await t.app.inject({
      method: 'PUT',
      url: apiPaths.basket,
      headers: buyer.headers,
      payload: { lines: [{ productId: kept.id, quantity: 4 }] },
    });
    const res = await quickOrder(buyer, [
      { sku: 'UNKNOWN-SKU-XYZ', quantity: 1 },
      { sku: good.sku, quantity: 2 },
      { sku: short.sku, quantity: 2 },
      { sku: bulk.sku, quantity: 3 },
    ]);
    expect(res.statusCode).toBe(200);
    const result = res.json<QuickOrderResult>();
    expect(problems(result)).toEqual([
      'Unknown SKU UNKNOWN-SKU-XYZ',
      null,
      'Ordered Quantity is more than available quantity in stock (1 available)',
      'Ordered Quantity is less than minimum quantity (10)',
    ]);
    expect(result.added).toBe(1);
    expect(held(await basketOf(buyer))).toEqual([
      [kept.sku, 4],
      [good.sku, 2],
    ]);
  });

  it('refuses a body that is not a list of lines with 400', async () => {
    const buyer = await signUp(t.app);
    for (const lines of [[], 'ABC 1', [{ sku: 'ABC' }]]) {
      const res = await quickOrder(buyer, lines);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: expect.any(String), requestId: expect.any(String) });
    }
  });
});
