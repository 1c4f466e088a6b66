import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/api-paths.ts';
import { PRODUCT_GONE_MESSAGE, type Basket } from '../../../shared/basket.ts';
import { CHECKOUT_LINES_FAILED_MESSAGE } from '../../../shared/checkout.ts';
import { checkout, purchase } from '../../db/schema.ts';
import { signUp, type SignedIn } from '../../testing/accounts.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { createProduct, stockOf, userIdOf, type TestProduct } from '../../testing/factories.ts';
import { storeBasket, tryCheckOut } from '../../testing/orders.ts';

// Issue 39: deleting a product no longer deletes the basket lines of it (the foreign key's
// cascade did, and the checkout then placed the rest without a word). The line stays, named and
// "no longer available", and the checkout refuses the whole basket with a 409 naming it.

const t = setUpAppWithAccounts();

const getBasket = (who: SignedIn) =>
  t.app.inject({ method: 'GET', url: apiPaths.basket, headers: who.headers });

const checkOut = (who: SignedIn) => tryCheckOut(t, who);

const deleteProduct = async (item: TestProduct) => {
  const res = await t.app.inject({
    method: 'DELETE',
    url: `/api/products/${item.id}`,
    headers: t.admin.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
};

const available = async (item: TestProduct) => (await stockOf(t.database.db, item.id))!.available;

/** A basket of a drill (kept) and a saw (deleted by an admin afterwards). */
async function basketWithADeletedProduct() {
  const buyer = await signUp(t.app);
  const drill = await createProduct(t.database.db, { name: 'Kept Drill', availableQuantity: 10 });
  const saw = await createProduct(t.database.db, { name: 'Vanishing Saw 7' });
  await storeBasket(t, buyer, [
    [drill, 2],
    [saw, 1],
  ]);
  await deleteProduct(saw);
  return { buyer, drill, saw };
}

describe('a basket line whose product was deleted', () => {
  it('stays in the basket, named and no longer available', async () => {
    const { buyer, drill, saw } = await basketWithADeletedProduct();
    const basket = (await getBasket(buyer)).json<Basket>();
    expect(basket.lines.map((line) => [line.productId, line.quantity])).toEqual([
      [drill.id, 2],
      [saw.id, 1],
    ]);
    expect(basket.lines[1]).toMatchObject({
      name: 'Vanishing Saw 7',
      problem: PRODUCT_GONE_MESSAGE,
      lineTotal: 0,
    });
    expect(basket.lines[0]!.problem).toBeNull();
  });

  it('makes the checkout answer 409 naming it, place nothing and take no stock', async () => {
    const { buyer, drill, saw } = await basketWithADeletedProduct();
    const res = await checkOut(buyer);
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json<{ code: string; message: string; fields: Record<string, string> }>();
    expect(body).toEqual({
      code: 'CONFLICT',
      message: expect.stringContaining('Vanishing Saw 7'),
      fields: { [saw.id]: PRODUCT_GONE_MESSAGE },
      requestId: expect.any(String),
    });
    expect(body.message).not.toBe(CHECKOUT_LINES_FAILED_MESSAGE);
    expect(await available(drill)).toBe(10);
    const userId = await userIdOf(t.database.db, buyer.email);
    const [checkouts] = await t.database.db
      .select({ n: count() })
      .from(checkout)
      .where(eq(checkout.userId, userId));
    const [orders] = await t.database.db
      .select({ n: count() })
      .from(purchase)
      .where(eq(purchase.userId, userId));
    expect([checkouts?.n, orders?.n]).toEqual([0, 0]);
    // The basket is kept as it was.
    expect((await getBasket(buyer)).json<Basket>().lines).toHaveLength(2);
  });

  it('stays when the basket is saved with it, goes when removed, and then the rest checks out', async () => {
    const { buyer, drill, saw } = await basketWithADeletedProduct();
    // The basket page saves every line it shows when a quantity changes.
    const saved = await t.app.inject({
      method: 'PUT',
      url: apiPaths.basket,
      headers: buyer.headers,
      payload: {
        lines: [
          { productId: drill.id, quantity: 3 },
          { productId: saw.id, quantity: 1 },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Basket>().lines.map((line) => [line.name, line.problem])).toEqual([
      ['Kept Drill', null],
      ['Vanishing Saw 7', PRODUCT_GONE_MESSAGE],
    ]);
    // A visitor's basket merged in at sign-in leaves it where it is, too.
    const merged = await t.app.inject({
      method: 'POST',
      url: apiPaths.basketMerge,
      headers: buyer.headers,
      payload: { lines: [{ productId: drill.id, quantity: 1 }] },
    });
    expect(merged.json<Basket>().lines.map((line) => [line.name, line.quantity])).toEqual([
      ['Kept Drill', 4],
      ['Vanishing Saw 7', 1],
    ]);
    expect((await checkOut(buyer)).statusCode).toBe(409);

    const removed = await t.app.inject({
      method: 'PUT',
      url: apiPaths.basket,
      headers: buyer.headers,
      payload: { lines: [{ productId: drill.id, quantity: 4 }] },
    });
    expect(removed.json<Basket>().lines).toHaveLength(1);
    const placed = await checkOut(buyer);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await available(drill)).toBe(6);
  });
});
