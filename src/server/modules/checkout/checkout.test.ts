import { count, eq, inArray, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BASKET_EMPTY_MESSAGE } from '../../../shared/basket.ts';
import {
  CHECKOUT_LINES_FAILED_MESSAGE,
  CheckoutSchema,
  PO_REFERENCE_MAX,
} from '../../../shared/checkout.ts';
import { ABOVE_STOCK_MESSAGE, BELOW_MINIMUM_MESSAGE } from '../../../shared/purchase.ts';
import { basketLine, checkout, orderEvent, outbox, purchase } from '../../db/schema.ts';
import { signUp, type SignedIn } from '../../testing/accounts.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { createProduct, stockOf, userIdOf, type TestProduct } from '../../testing/factories.ts';
import { checkOutBasket, storeBasket } from '../../testing/orders.ts';

const t = setUpAppWithAccounts();

const fillBasket = (who: SignedIn, lines: [TestProduct, number][]) => storeBasket(t, who, lines);

const basketOf = async (who: SignedIn) =>
  t.database.db
    .select({ productId: basketLine.productId, quantity: basketLine.quantity })
    .from(basketLine)
    .where(eq(basketLine.userId, await userIdOf(t.database.db, who.email)));

const checkOut = (who: SignedIn | undefined, payload: object = { address: '1 Bench Street' }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    ...(who && { headers: who.headers }),
    payload,
  });

const readCheckout = (who: SignedIn, id: string) =>
  t.app.inject({ url: `/api/checkouts/${encodeURIComponent(id)}`, headers: who.headers });

const available = async (item: TestProduct) => (await stockOf(t.database.db, item.id))!.available;

const placed = (who: SignedIn, payload?: object) => checkOutBasket(t, who, payload);

describe('POST /api/checkout', () => {
  it('places one order per basket line under one checkout, at server prices, and empties the basket', async () => {
    const buyer = await signUp(t.app, { name: 'Bea Basket' });
    const drill = await createProduct(t.database.db, { name: 'Drill', priceCents: 12_999 });
    const battery = await createProduct(t.database.db, {
      name: 'Battery',
      priceCents: 4_950,
      minQuantity: 2,
    });
    await fillBasket(buyer, [
      [drill, 1],
      [battery, 2],
    ]);
    const body = await placed(buyer, {
      address: ' 9 Anvil Road ',
      phone: '555',
      poReference: ' PO-2026-17 ',
      totalPrice: 1,
    });
    expect(body).toMatchObject({ reference: expect.stringMatching(/^C-\d+$/), totalPrice: 228.99 });
    expect(body.orders.map((o) => [o.product, o.orderQuantity, o.price, o.totalPrice])).toEqual([
      ['Drill', 1, 129.99, 129.99],
      ['Battery', 2, 49.5, 99],
    ]);
    for (const order of body.orders)
      expect(order).toMatchObject({
        checkoutId: body.checkoutId,
        checkoutReference: body.reference,
        poReference: 'PO-2026-17',
        customerName: 'Bea Basket',
        address: '9 Anvil Road',
        phone: '555',
        stat: 'pending',
        paid: false,
      });
    expect(await available(drill)).toBe(99);
    expect(await available(battery)).toBe(98);
    expect(await basketOf(buyer)).toEqual([]);

    const ids = body.orders.map((o) => o._id);
    const [events] = await t.database.db
      .select({ n: count() })
      .from(orderEvent)
      .where(inArray(orderEvent.purchaseId, ids));
    expect(events?.n).toBe(2);
    // One "order received" mail for the checkout, not one per line.
    const mails = await t.database.db
      .select({ key: outbox.dedupeKey, payload: outbox.payload })
      .from(outbox)
      .where(like(outbox.dedupeKey, `${body.checkoutId}:%`));
    expect(mails).toEqual([
      {
        key: `${body.checkoutId}:placed:customer`,
        payload: { template: 'order.placed', checkoutId: body.checkoutId, audience: 'customer' },
      },
    ]);

    // My Orders shows the checkout's and the buyer's references on each order.
    const mine = await t.app.inject({
      url: `/api/purchase?customerEmail=${encodeURIComponent(buyer.email)}`,
      headers: buyer.headers,
    });
    expect(mine.json()).toEqual(
      expect.arrayContaining(
        body.orders.map((o) => expect.objectContaining({ _id: o._id, poReference: 'PO-2026-17' })),
      ),
    );
  });

  it('takes nothing when a line fails, keeps the basket and names every failing line (409)', async () => {
    const buyer = await signUp(t.app);
    const fine = await createProduct(t.database.db, { availableQuantity: 10 });
    const scarce = await createProduct(t.database.db, { availableQuantity: 2 });
    const bulk = await createProduct(t.database.db, { minQuantity: 5 });
    await fillBasket(buyer, [
      [fine, 1],
      [scarce, 3],
      [bulk, 4],
    ]);
    const res = await checkOut(buyer);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'CONFLICT',
      message: CHECKOUT_LINES_FAILED_MESSAGE,
      fields: { [scarce.id]: ABOVE_STOCK_MESSAGE, [bulk.id]: BELOW_MINIMUM_MESSAGE },
      requestId: expect.any(String),
    });
    expect([await available(fine), await available(scarce), await available(bulk)]).toEqual([
      10, 2, 100,
    ]);
    expect(await basketOf(buyer)).toHaveLength(3);
    const [placedAny] = await t.database.db
      .select({ n: count() })
      .from(checkout)
      .where(eq(checkout.userId, await userIdOf(t.database.db, buyer.email)));
    expect(placedAny?.n).toBe(0);
  });

  it('refuses a basket whose total would not fit, naming its lines', async () => {
    const buyer = await signUp(t.app);
    const pricey = await createProduct(t.database.db, { priceCents: 1_500_000_000 });
    const other = await createProduct(t.database.db, { priceCents: 1_000_000_000 });
    await fillBasket(buyer, [
      [pricey, 1],
      [other, 1],
    ]);
    const res = await checkOut(buyer);
    expect(res.statusCode).toBe(409);
    expect(Object.keys(res.json().fields).sort()).toEqual([pricey.id, other.id].sort());
    expect(await available(pricey)).toBe(100);
  });

  it('answers an empty basket with 409 and places nothing', async () => {
    const res = await checkOut(await signUp(t.app));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: BASKET_EMPTY_MESSAGE });
  });

  it('places a basket once when Place order is sent twice at the same time', async () => {
    const buyer = await signUp(t.app);
    const item = await createProduct(t.database.db);
    await fillBasket(buyer, [[item, 3]]);
    const answers = await Promise.all([checkOut(buyer), checkOut(buyer)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(await available(item)).toBe(97);
  });

  it.each([
    ['a PO reference too long', { address: 'A', poReference: 'x'.repeat(PO_REFERENCE_MAX + 1) }],
    ['an address too long', { address: 'x'.repeat(301) }],
    ['a number as PO reference', { address: 'A', poReference: 42 }],
    ['a number as phone', { address: 'A', phone: 5 }],
  ])('answers %s with 400 in the one error shape', async (_label, payload) => {
    const buyer = await signUp(t.app);
    const item = await createProduct(t.database.db);
    await fillBasket(buyer, [[item, 1]]);
    const res = await checkOut(buyer, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.any(String),
      requestId: expect.any(String),
    });
    expect(await available(item)).toBe(100);
  });

  it('needs a signed-in customer', async () => {
    expect((await checkOut(undefined)).statusCode).toBe(401);
  });

  it('never oversells nor deadlocks: 50 concurrent checkouts of [A×1, B×1], A at 10, sell 10 of each', async () => {
    const a = await createProduct(t.database.db, { availableQuantity: 10 });
    const b = await createProduct(t.database.db, { availableQuantity: 100 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => signUp(t.app)));
    // Half the baskets list B first: the statement locks by product id whatever the basket order.
    await Promise.all(
      buyers.map((buyer, i) =>
        fillBasket(
          buyer,
          i % 2
            ? [
                [a, 1],
                [b, 1],
              ]
            : [
                [b, 1],
                [a, 1],
              ],
        ),
      ),
    );
    const answers = await Promise.all(buyers.map((buyer) => checkOut(buyer)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    for (const res of answers.filter((r) => r.statusCode === 409))
      expect(res.json().fields).toEqual({ [a.id]: ABOVE_STOCK_MESSAGE });
    expect(await available(a)).toBe(0);
    expect(await available(b)).toBe(90);
    const sold = await t.database.db
      .select({ productId: purchase.productId, n: count() })
      .from(purchase)
      .where(inArray(purchase.productId, [a.id, b.id]))
      .groupBy(purchase.productId);
    expect(sold.map((row) => row.n)).toEqual([10, 10]);
  });
});

describe('GET /api/checkouts/{id}', () => {
  it('shows a checkout to its owner and admins only, with what is left to pay', async () => {
    const one = await createProduct(t.database.db, { priceCents: 1_000 });
    const two = await createProduct(t.database.db, { priceCents: 2_500 });
    await fillBasket(t.customer, [
      [one, 1],
      [two, 2],
    ]);
    const body = await placed(t.customer, { address: 'A', poReference: 'PO-1' });
    const res = await readCheckout(t.customer, body.checkoutId);
    expect(res.statusCode).toBe(200);
    const read = CheckoutSchema.parse(res.json());
    expect(read).toMatchObject({
      _id: body.checkoutId,
      reference: body.reference,
      poReference: 'PO-1',
      totalPrice: 60,
      paid: false,
    });
    expect(read.orders).toHaveLength(2);
    expect((await readCheckout(t.admin, body.checkoutId)).statusCode).toBe(200);
    expect((await readCheckout(t.other, body.checkoutId)).statusCode).toBe(404);
    expect((await readCheckout(t.customer, 'not-an-id')).statusCode).toBe(404);

    // Deleting one order leaves the other to pay.
    const [first] = body.orders;
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/purchase/${first!._id}`,
      headers: t.customer.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect((await readCheckout(t.customer, body.checkoutId)).json()).toMatchObject({
      totalPrice: 50,
    });
  });
});
