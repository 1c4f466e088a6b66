import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  BASKET_DUPLICATE_LINE_MESSAGE,
  BASKET_MAX_LINES,
  BASKET_TOO_LONG_MESSAGE,
  basketNotices,
  PRODUCT_GONE_MESSAGE,
  type Basket,
  type BasketLineInput,
} from '../../../shared/basket.ts';
import { apiPaths } from '../../../shared/api-paths.ts';
import { ABOVE_STOCK_MESSAGE, BELOW_MINIMUM_MESSAGE } from '../../../shared/purchase.ts';
import { product, variant } from '../../db/schema.ts';
import { signUp, type SignedIn } from '../../testing/accounts.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { createProduct, type TestProduct } from '../../testing/factories.ts';

const t = setUpAppWithAccounts();

const getBasket = (who: SignedIn) =>
  t.app.inject({ method: 'GET', url: apiPaths.basket, headers: who.headers });
const putBasket = (who: SignedIn, lines: unknown) =>
  t.app.inject({ method: 'PUT', url: apiPaths.basket, headers: who.headers, payload: { lines } });
const merge = (who: SignedIn, lines: unknown) =>
  t.app.inject({
    method: 'POST',
    url: apiPaths.basketMerge,
    headers: who.headers,
    payload: { lines },
  });
const line = (p: TestProduct, quantity: number): BasketLineInput => ({ productId: p.id, quantity });
const quantities = (basket: Basket) => basket.lines.map((l) => [l.productId, l.quantity]);

/** n products for filling a basket up to its cap. */
const manyProducts = (n: number) =>
  Promise.all(Array.from({ length: n }, () => createProduct(t.database.db)));

describe('the basket is its owner’s only', () => {
  it('answers a signed-out caller with 401 on every basket route', async () => {
    for (const [method, url] of [
      ['GET', apiPaths.basket],
      ['PUT', apiPaths.basket],
      ['POST', apiPaths.basketMerge],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: { lines: [] } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', requestId: expect.any(String) });
    }
  });

  it('shows and changes only the caller’s own lines', async () => {
    const drill = await createProduct(t.database.db);
    const buyer = await signUp(t.app);
    expect((await putBasket(buyer, [line(drill, 2)])).statusCode).toBe(200);
    expect((await getBasket(t.other)).json<Basket>().lines).toEqual([]);
    // Another account's writes leave it alone.
    expect((await putBasket(t.other, [])).statusCode).toBe(200);
    expect((await merge(t.other, [line(drill, 1)])).statusCode).toBe(200);
    expect(quantities((await getBasket(buyer)).json())).toEqual([[drill.id, 2]]);
  });
});

describe('GET and PUT /api/basket', () => {
  it('starts empty', async () => {
    const buyer = await signUp(t.app);
    const res = await getBasket(buyer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ lines: [], totalPrice: 0, notices: [] });
  });

  it('replaces the whole basket and prices it today, in the order sent, rule breaks kept', async () => {
    const buyer = await signUp(t.app);
    const drill = await createProduct(t.database.db, {
      name: 'Drill',
      priceCents: 12_999,
      minQuantity: 1,
      availableQuantity: 10,
    });
    const saw = await createProduct(t.database.db, {
      name: 'Saw',
      priceCents: 5_000,
      minQuantity: 5,
      availableQuantity: 100,
    });
    const bits = await createProduct(t.database.db, {
      name: 'Bits',
      priceCents: 250,
      minQuantity: 1,
      availableQuantity: 3,
    });
    await putBasket(buyer, [line(drill, 9)]);
    const res = await putBasket(buyer, [line(saw, 2), line(bits, 4), line(drill, 1)]);
    expect(res.statusCode).toBe(200);
    const basket = res.json<Basket>();
    expect(basket).toEqual({
      lines: [
        {
          productId: saw.id,
          sku: saw.sku,
          variantLabel: '',
          name: 'Saw',
          img: expect.stringMatching(/^\/images\//),
          price: 50,
          basePrice: 50,
          priceBreaks: [],
          quantity: 2,
          lineTotal: 100,
          minQuantity: 5,
          availableQuantity: 100,
          problem: BELOW_MINIMUM_MESSAGE,
        },
        expect.objectContaining({ productId: bits.id, quantity: 4, lineTotal: 10 }),
        expect.objectContaining({ productId: drill.id, quantity: 1, price: 129.99 }),
      ],
      totalPrice: 239.99,
      notices: [],
    });
    expect(basket.lines[1]!.problem).toBe(ABOVE_STOCK_MESSAGE);
    expect(basket.lines[2]!.problem).toBeNull();
    expect((await getBasket(buyer)).json()).toEqual(basket);
    // An empty list empties it.
    expect((await putBasket(buyer, [])).json<Basket>().lines).toEqual([]);
  });

  it('drops lines of unknown and malformed product ids, saying so', async () => {
    const buyer = await signUp(t.app);
    const drill = await createProduct(t.database.db);
    const res = await putBasket(buyer, [
      { productId: randomUUID(), quantity: 1 },
      line(drill, 1),
      { productId: 'not-a-product', quantity: 2 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(quantities(res.json())).toEqual([[drill.id, 1]]);
    expect(res.json<Basket>().notices).toEqual([basketNotices.gone(), basketNotices.gone()]);
    // Notices belong to the answer that made the change, not to the stored basket.
    expect((await getBasket(buyer)).json<Basket>().notices).toEqual([]);
  });

  it('prices at today’s price and keeps the line of a deleted product, no longer available', async () => {
    const buyer = await signUp(t.app);
    const [kept, deleted] = await manyProducts(2);
    await putBasket(buyer, [line(deleted!, 1), line(kept!, 2)]);
    await t.database.db
      .update(variant)
      .set({ priceCents: 1_000 })
      .where(eq(variant.productId, kept!.id));
    await t.database.db.delete(product).where(eq(product.id, deleted!.id));
    const basket = (await getBasket(buyer)).json<Basket>();
    // Issue 39: the line stays, named as the product was, so the checkout can refuse it by name.
    expect(quantities(basket)).toEqual([
      [deleted!.id, 1],
      [kept!.id, 2],
    ]);
    expect(basket.lines[0]).toMatchObject({ name: deleted!.name, problem: PRODUCT_GONE_MESSAGE });
    expect(basket.totalPrice).toBe(20);
  });

  it.each([
    [
      'a fractional quantity',
      { lines: [{ productId: randomUUID(), quantity: 1.5 }] },
      'lines.0.quantity',
    ],
    [
      'a quantity as text',
      { lines: [{ productId: randomUUID(), quantity: '2' }] },
      'lines.0.quantity',
    ],
    ['a zero quantity', { lines: [{ productId: randomUUID(), quantity: 0 }] }, 'lines.0.quantity'],
    ['a missing quantity', { lines: [{ productId: randomUUID() }] }, 'lines.0.quantity'],
    ['a missing product', { lines: [{ quantity: 1 }] }, 'lines.0.productId'],
    ['no lines', {}, 'lines'],
    [
      `${BASKET_MAX_LINES + 1} lines`,
      {
        lines: Array.from({ length: BASKET_MAX_LINES + 1 }, () => ({
          productId: randomUUID(),
          quantity: 1,
        })),
      },
      'lines',
    ],
  ])('refuses %s with 400 in the one error shape', async (_label, payload, field) => {
    for (const [method, url] of [
      ['PUT', apiPaths.basket],
      ['POST', apiPaths.basketMerge],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: t.customer.headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.any(String),
        fields: { [field]: expect.any(String) },
        requestId: expect.any(String),
      });
    }
  });

  it('refuses the same product twice, also spelled in another case, and changes nothing', async () => {
    const buyer = await signUp(t.app);
    const drill = await createProduct(t.database.db);
    await putBasket(buyer, [line(drill, 3)]);
    for (const second of [drill.id, drill.id.toUpperCase()]) {
      for (const send of [putBasket, merge]) {
        const res = await send(buyer, [line(drill, 1), { productId: second, quantity: 2 }]);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          fields: { lines: BASKET_DUPLICATE_LINE_MESSAGE },
        });
      }
    }
    expect(quantities((await getBasket(buyer)).json())).toEqual([[drill.id, 3]]);
  });
});

describe('POST /api/basket/merge', () => {
  it('adds quantities, adjusts every merged line to today’s rules and says each change', async () => {
    const buyer = await signUp(t.app);
    const stored = await createProduct(t.database.db, { minQuantity: 5, availableQuantity: 50 });
    const added = await createProduct(t.database.db, { minQuantity: 1, availableQuantity: 50 });
    const small = await createProduct(t.database.db, { name: 'Clamp', minQuantity: 4 });
    const scarce = await createProduct(t.database.db, { name: 'Planer', availableQuantity: 3 });
    const soldOut = await createProduct(t.database.db, { name: 'Router', availableQuantity: 0 });
    const tooFew = await createProduct(t.database.db, {
      name: 'Sander',
      minQuantity: 5,
      availableQuantity: 2,
    });
    const untouched = await createProduct(t.database.db, { minQuantity: 10 });
    // Stored lines not merged keep their quantity, even one that breaks a rule.
    await putBasket(buyer, [line(stored, 2), line(untouched, 1)]);
    const res = await merge(buyer, [
      line(small, 1),
      line(stored, 4),
      { productId: randomUUID(), quantity: 1 },
      line(scarce, 10),
      line(soldOut, 1),
      line(tooFew, 1),
      line(added, 2),
    ]);
    expect(res.statusCode).toBe(200);
    const basket = res.json<Basket>();
    expect(quantities(basket)).toEqual([
      [stored.id, 6],
      [untouched.id, 1],
      [small.id, 4],
      [scarce.id, 3],
      [added.id, 2],
    ]);
    expect(basket.notices).toEqual([
      basketNotices.raisedToMinimum('Clamp', 4),
      basketNotices.gone(),
      basketNotices.loweredToStock('Planer', 3),
      basketNotices.outOfStock('Router'),
      basketNotices.outOfStock('Sander'),
    ]);
    expect(basket.lines[1]!.problem).toBe(BELOW_MINIMUM_MESSAGE);
    expect((await getBasket(buyer)).json<Basket>().lines).toEqual(basket.lines);
  });

  it('lowers a stored line merged again to the stock and drops one now out of stock', async () => {
    const buyer = await signUp(t.app);
    const drill = await createProduct(t.database.db, { name: 'Drill', availableQuantity: 5 });
    const saw = await createProduct(t.database.db, { name: 'Saw', availableQuantity: 5 });
    await putBasket(buyer, [line(drill, 4), line(saw, 1)]);
    await t.database.db
      .update(variant)
      .set({ availableQuantity: 0 })
      .where(eq(variant.productId, saw.id));
    const res = await merge(buyer, [line(drill, 3), line(saw, 1)]);
    expect(quantities(res.json())).toEqual([[drill.id, 5]]);
    expect(res.json<Basket>().notices).toEqual([
      basketNotices.loweredToStock('Drill', 5),
      basketNotices.outOfStock('Saw'),
    ]);
  });

  it('refuses a merge that would pass the line cap with 409 and changes nothing', async () => {
    const buyer = await signUp(t.app);
    const products = await manyProducts(BASKET_MAX_LINES + 1);
    const first = products.slice(0, BASKET_MAX_LINES - 1).map((p) => line(p, 1));
    await putBasket(buyer, first);
    const res = await merge(
      buyer,
      products.slice(BASKET_MAX_LINES - 1).map((p) => line(p, 1)),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: BASKET_TOO_LONG_MESSAGE });
    expect((await getBasket(buyer)).json<Basket>().lines).toHaveLength(BASKET_MAX_LINES - 1);
    // Lines that are dropped do not count against it.
    const gone = { productId: randomUUID(), quantity: 1 };
    const fits = await merge(buyer, [line(products[BASKET_MAX_LINES - 1]!, 1), gone]);
    expect(fits.statusCode).toBe(200);
    expect(fits.json<Basket>().lines).toHaveLength(BASKET_MAX_LINES);
  });

  it('loses no line and no quantity under parallel merges', async () => {
    const buyer = await signUp(t.app);
    const shared = await createProduct(t.database.db, { availableQuantity: 1_000 });
    const own = await manyProducts(10);
    const results = await Promise.all(own.map((p) => merge(buyer, [line(shared, 1), line(p, 2)])));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const basket = (await getBasket(buyer)).json<Basket>();
    expect(basket.lines).toHaveLength(11);
    expect(basket.lines[0]).toMatchObject({ productId: shared.id, quantity: 10 });
    expect(new Set(basket.lines.slice(1).map((l) => l.productId))).toEqual(
      new Set(own.map((p) => p.id)),
    );
  });

  it('holds the line cap under parallel merges', async () => {
    const buyer = await signUp(t.app);
    const products = await manyProducts(BASKET_MAX_LINES + 5);
    await putBasket(
      buyer,
      products.slice(0, BASKET_MAX_LINES - 5).map((p) => line(p, 1)),
    );
    const extra = products.slice(BASKET_MAX_LINES - 5);
    const results = await Promise.all([
      merge(
        buyer,
        extra.slice(0, 5).map((p) => line(p, 1)),
      ),
      merge(
        buyer,
        extra.slice(5).map((p) => line(p, 1)),
      ),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await getBasket(buyer)).json<Basket>().lines).toHaveLength(BASKET_MAX_LINES);
  });
});
