import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASKET_EMPTY_MESSAGE } from '../../../shared/basket.ts';
import {
  CheckoutQuoteSchema,
  NO_SHIPPING_MESSAGE,
  PRICES_CHANGED_MESSAGE,
  SHIPPING_METHOD_UNAVAILABLE_MESSAGE,
  UNKNOWN_CODE_MESSAGE,
} from '../../../shared/pricing.ts';
import {
  basketLine,
  checkout,
  paymentIntent,
  purchase,
  shippingMethod,
  shippingZone,
  taxRegion,
  variant,
} from '../../db/schema.ts';
import { signUp, type SignedIn } from '../../testing/accounts.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { NEW_YORK, setUpUsShipping } from '../../testing/pricing.ts';
import { createProduct, stockOf, userIdOf } from '../../testing/factories.ts';
import { askPaymentIntent, storeBasket, tryCheckOut } from '../../testing/orders.ts';

// The pricing step through the API (issue 35): a quote for the basket or one line, shipping and
// tax per country and rule, and a checkout that places exactly the quote or answers 409.

const t = setUpAppWithAccounts();
const db = () => t.database.db;

const BERLIN = {
  name: 'Bernd Berlin',
  line1: 'Unter den Linden 1',
  city: 'Berlin',
  postalCode: '10117',
  country: 'DE',
};

let standard = '';
let express = '';

beforeAll(async () => {
  // This file's own tables: whatever the seed configured is replaced by the zones below.
  ({ standard, express } = await setUpUsShipping(db()));
  const [eu] = await db()
    .insert(shippingZone)
    .values([{ name: 'European Union', countries: ['DE', 'FR'], position: 1 }])
    .returning({ id: shippingZone.id });
  await db()
    .insert(shippingMethod)
    .values({
      zoneId: eu!.id,
      name: 'Standard',
      rates: [{ maxWeightGrams: 20_000, priceCents: 1_500 }],
      position: 0,
    });
  for (const row of [
    {
      country: 'DE',
      region: '',
      name: 'Germany',
      standardPpm: 190_000,
      reducedPpm: 70_000,
      collect: true,
      pricesIncludeTax: true,
    },
  ])
    await db()
      .insert(taxRegion)
      .values(row)
      .onConflictDoUpdate({
        target: [taxRegion.country, taxRegion.region],
        set: {
          standardPpm: row.standardPpm,
          reducedPpm: row.reducedPpm ?? 0,
          collect: true,
          taxShipping: true,
          pricesIncludeTax: row.pricesIncludeTax ?? false,
        },
      });
});

const quote = (who: SignedIn | undefined, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout/quote',
    ...(who && { headers: who.headers }),
    payload,
  });

async function quoted(who: SignedIn, payload: object) {
  const res = await quote(who, payload);
  expect(res.statusCode, res.body).toBe(200);
  return CheckoutQuoteSchema.parse(res.json());
}

const product = (name: string, priceCents: number, weightGrams = 1_000) =>
  createProduct(db(), { name, priceCents }).then(async (made) => {
    await db().update(variant).set({ weightGrams }).where(eq(variant.id, made.variantId));
    return made;
  });

const basketOf = async (who: SignedIn) =>
  db()
    .select({ quantity: basketLine.quantity })
    .from(basketLine)
    .where(eq(basketLine.userId, await userIdOf(db(), who.email)));

describe('POST /api/checkout/quote', () => {
  it('prices the basket for New York: tax per line and on shipping, methods cheapest first', async () => {
    const buyer = await signUp(t.app);
    const drill = await product('Quote Drill', 1_999);
    const bit = await product('Quote Bit', 8, 10);
    await storeBasket(t, buyer, [
      [drill, 3],
      [bit, 1],
    ]);
    const answer = await quoted(buyer, { address: NEW_YORK });
    expect(answer.lines.map((l) => [l.name, l.quantity, l.unitPrice, l.lineTotal, l.tax])).toEqual([
      ['Quote Drill', 3, 19.99, 59.97, 5.32],
      ['Quote Bit', 1, 0.08, 0.08, 0.01],
    ]);
    expect(answer.lines[0]?.taxRate).toBe(8.875);
    expect(answer.shippingMethods.map((m) => [m.name, m.price, m.tax])).toEqual([
      ['Standard', 9.95, 0.88],
      ['Express', 24.95, 2.21],
    ]);
    expect(answer.shippingMethod.id).toBe(standard);
    expect([answer.subtotal, answer.shipping, answer.tax, answer.total]).toEqual([
      60.05, 9.95, 6.21, 76.21,
    ]);
    expect(answer.weightGrams).toBe(3_010);
    expect(answer.pricesIncludeTax).toBe(false);
    expect(answer.address).toMatchObject({ city: 'New York', region: 'NY', country: 'US' });
  });

  it('prices Germany with VAT included, and a chosen method', async () => {
    const buyer = await signUp(t.app);
    const saw = await product('Quote Saw', 10_000);
    await storeBasket(t, buyer, [[saw, 1]]);
    const answer = await quoted(buyer, { address: BERLIN });
    expect([answer.tax, answer.shipping, answer.total, answer.pricesIncludeTax]).toEqual([
      19 + 2.85,
      15,
      100 + 15 + 21.85,
      true,
    ]);
    const fast = await quoted(buyer, { address: NEW_YORK, shippingMethod: express });
    expect(fast.shippingMethod.name).toBe('Express');
  });

  it('answers 400 for an address it cannot deliver to or a method that does not apply', async () => {
    const buyer = await signUp(t.app);
    const saw = await product('Quote Saw 2', 10_000);
    await storeBasket(t, buyer, [[saw, 1]]);
    const tokyo = { line1: '1 Chome', city: 'Tokyo', country: 'JP' };
    const far = await quote(buyer, { address: tokyo });
    expect([far.statusCode, far.json().message]).toEqual([400, NO_SHIPPING_MESSAGE]);
    const wrong = await quote(buyer, { address: BERLIN, shippingMethod: express });
    expect([wrong.statusCode, wrong.json().fields]).toEqual([
      400,
      { shippingMethod: SHIPPING_METHOD_UNAVAILABLE_MESSAGE },
    ]);
    const bad = await quote(buyer, { address: { ...NEW_YORK, country: 'USA' } });
    expect(bad.statusCode).toBe(400);
    // No promotion exists yet (issue 36): a code is refused, never silently ignored.
    const code = await quote(buyer, { address: NEW_YORK, codes: ['SPRING10'] });
    expect([code.statusCode, code.json().fields]).toEqual([400, { codes: UNKNOWN_CODE_MESSAGE }]);
  });

  it('answers 409 for an empty basket, 401 without a session, 404 for another account’s address', async () => {
    const buyer = await signUp(t.app);
    const empty = await quote(buyer, { address: NEW_YORK });
    expect([empty.statusCode, empty.json().message]).toEqual([409, BASKET_EMPTY_MESSAGE]);
    expect((await quote(undefined, { address: NEW_YORK })).statusCode).toBe(401);
    const other = await signUp(t.app);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: other.headers,
      payload: { address: '1 Other Road', phone: '' },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const saw = await product('Quote Saw 3', 10_000);
    await storeBasket(t, buyer, [[saw, 1]]);
    const res = await quote(buyer, { addressId: saved.json()._id });
    expect(res.statusCode).toBe(404);
  });
});

describe('placing a quote', () => {
  const place = (who: SignedIn, payload: object) => tryCheckOut(t, who, payload);

  it('places exactly what the quote showed, and the payment is for that total', async () => {
    const buyer = await signUp(t.app);
    const drill = await product('Placed Drill', 1_999);
    const bit = await product('Placed Bit', 8, 10);
    await storeBasket(t, buyer, [
      [drill, 3],
      [bit, 1],
    ]);
    const answer = await quoted(buyer, { address: NEW_YORK });
    const res = await place(buyer, { address: NEW_YORK, quoteId: answer.quoteId });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json();
    expect(placed.totalPrice).toBe(76.21);
    const orders = await db()
      .select({
        name: purchase.productName,
        total: purchase.totalCents,
        tax: purchase.taxCents,
        rate: purchase.taxRatePpm,
        shipping: purchase.shippingCents,
        shippingTax: purchase.shippingTaxCents,
        amount: purchase.amountCents,
        address: purchase.address,
      })
      .from(purchase)
      .where(eq(purchase.checkoutId, placed.checkoutId))
      .orderBy(purchase.productName);
    // $9.95 of shipping and its $0.88 of tax shared by value: 5997 : 8.
    expect(orders).toEqual([
      {
        name: 'Placed Bit',
        total: 8,
        tax: 1,
        rate: 88_750,
        shipping: 1,
        shippingTax: 0,
        amount: 10,
        address: '350 Fifth Avenue, New York, NY 10118, US',
      },
      {
        name: 'Placed Drill',
        total: 5_997,
        tax: 532,
        rate: 88_750,
        shipping: 994,
        shippingTax: 88,
        amount: 7_611,
        address: '350 Fifth Avenue, New York, NY 10118, US',
      },
    ]);
    const [row] = await db()
      .select({
        method: checkout.shippingMethodName,
        shipping: checkout.shippingCents,
        tax: checkout.taxCents,
        total: checkout.totalCents,
        country: sql<string>`${checkout.deliveryAddress}->>'country'`,
      })
      .from(checkout)
      .where(eq(checkout.id, placed.checkoutId));
    expect(row).toEqual({
      method: 'Standard',
      shipping: 995,
      tax: 621,
      total: 7_621,
      country: 'US',
    });
    const read = await t.app.inject({
      url: `/api/checkouts/${placed.checkoutId}`,
      headers: buyer.headers,
    });
    expect(read.json()).toMatchObject({
      subtotal: 60.05,
      shipping: 9.95,
      tax: 6.21,
      total: 76.21,
      totalPrice: 76.21,
      shippingMethod: 'Standard',
    });
    const intent = await askPaymentIntent(t, buyer, { checkoutId: placed.checkoutId });
    expect(intent.statusCode, intent.body).toBe(200);
    const [stored] = await db()
      .select({ amount: paymentIntent.amountCents })
      .from(paymentIntent)
      .where(eq(paymentIntent.checkoutId, placed.checkoutId));
    expect(stored?.amount).toBe(7_621);
  });

  it('answers 409 "Prices changed" when a price, a rate or the basket changed, and places nothing', async () => {
    const buyer = await signUp(t.app);
    const drill = await product('Changing Drill', 5_000);
    const before = (await stockOf(db(), drill.id))!.available;
    await storeBasket(t, buyer, [[drill, 2]]);

    const first = await quoted(buyer, { address: NEW_YORK });
    await db().update(variant).set({ priceCents: 5_100 }).where(eq(variant.id, drill.variantId));
    const repriced = await place(buyer, { address: NEW_YORK, quoteId: first.quoteId });
    expect([repriced.statusCode, repriced.json().message]).toEqual([409, PRICES_CHANGED_MESSAGE]);

    const second = await quoted(buyer, { address: NEW_YORK });
    expect(second.subtotal).toBe(102);
    await db()
      .update(shippingMethod)
      .set({ deliveryText: '3–6 business days' })
      .where(eq(shippingMethod.id, standard));
    const rerated = await place(buyer, { address: NEW_YORK, quoteId: second.quoteId });
    expect([rerated.statusCode, rerated.json().message]).toEqual([409, PRICES_CHANGED_MESSAGE]);

    const third = await quoted(buyer, { address: NEW_YORK });
    await storeBasket(t, buyer, [[drill, 3]]);
    const grown = await place(buyer, { address: NEW_YORK, quoteId: third.quoteId });
    expect([grown.statusCode, grown.json().message]).toEqual([409, PRICES_CHANGED_MESSAGE]);

    const other = await signUp(t.app);
    await storeBasket(t, other, [[drill, 3]]);
    const stolen = await place(other, { address: NEW_YORK, quoteId: third.quoteId });
    expect([stolen.statusCode, stolen.json().message]).toEqual([409, PRICES_CHANGED_MESSAGE]);

    expect((await stockOf(db(), drill.id))!.available).toBe(before);
    expect(await basketOf(buyer)).toEqual([{ quantity: 3 }]);
    const fourth = await quoted(buyer, { address: NEW_YORK });
    expect((await place(buyer, { address: NEW_YORK, quoteId: fourth.quoteId })).statusCode).toBe(
      201,
    );
  });

  it('a purchase form quote: one line, a structured address, placed with its quoteId', async () => {
    const buyer = await signUp(t.app);
    const saw = await product('Form Saw', 25_000, 5_000);
    const answer = await quoted(buyer, {
      address: NEW_YORK,
      line: { productId: saw.id, quantity: 1 },
    });
    // Over $199: free standard shipping.
    expect([answer.shipping, answer.tax, answer.total]).toEqual([0, 22.19, 272.19]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: buyer.headers,
      payload: {
        productId: saw.id,
        orderQuantity: 1,
        address: NEW_YORK.line1,
        phone: NEW_YORK.phone,
        city: NEW_YORK.city,
        region: NEW_YORK.region,
        postalCode: NEW_YORK.postalCode,
        country: NEW_YORK.country,
        quoteId: answer.quoteId,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ totalPrice: 250, tax: 22.19, shipping: 0, amount: 272.19 });
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: buyer.headers,
      payload: { productId: saw.id, orderQuantity: 2, address: 'x', quoteId: answer.quoteId },
    });
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([409, PRICES_CHANGED_MESSAGE]);
  });

  it('without a quote, a one-line address is priced at the origin: no state, no sales tax', async () => {
    const buyer = await signUp(t.app);
    const saw = await product('Origin Saw', 10_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: buyer.headers,
      payload: { productId: saw.id, orderQuantity: 1, address: '1 Spec Street', phone: '5' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ totalPrice: 100, tax: 0, shipping: 9.95, amount: 109.95 });
  });
});

describe('an exempt buyer', () => {
  const exempt = async (who: SignedIn, vatNumber: string) => {
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/tax-exemptions',
      headers: who.headers,
      payload: { vatNumber },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/tax-exemptions/${asked.json()._id}/approve`,
      headers: t.admin.headers,
    });
    expect(approved.statusCode, approved.body).toBe(200);
  };

  it('with an approved VAT number pays no VAT in its area (reverse charge), printed on the order', async () => {
    const buyer = await signUp(t.app);
    const saw = await product('Reverse Saw', 10_000);
    await storeBasket(t, buyer, [[saw, 1]]);
    const before = await quoted(buyer, { address: BERLIN });
    expect(before.tax).toBe(21.85);
    await exempt(buyer, 'DE123456789');
    const answer = await quoted(buyer, { address: BERLIN });
    expect([answer.tax, answer.total]).toEqual([0, 115]);
    expect(answer.taxNote).toContain('DE123456789');
    // Sales tax in New York is not VAT: the number does not lift it.
    expect((await quoted(buyer, { address: NEW_YORK })).tax).toBe(9.76); // 8.88 + 0.88 on shipping
    const res = await tryCheckOut(t, buyer, { address: BERLIN, quoteId: answer.quoteId });
    expect(res.statusCode, res.body).toBe(201);
    const read = await t.app.inject({
      url: `/api/checkouts/${res.json().checkoutId}`,
      headers: buyer.headers,
    });
    expect(read.json()).toMatchObject({ tax: 0, total: 115, taxNote: answer.taxNote });
  });
});
