import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiErrorSchema, ErrorCode } from '../../../shared/errors.ts';
import { CheckoutQuoteSchema, TAX_UNAVAILABLE_MESSAGE } from '../../../shared/pricing.ts';
import {
  basketLine,
  checkout,
  purchase,
  shippingMethod,
  shippingZone,
  variant,
} from '../../db/schema.ts';
import { signUp, type SignedIn } from '../../testing/accounts.ts';
import { createProduct, stockOf, userIdOf } from '../../testing/factories.ts';
import type { FakeStripeMode } from '../../testing/fake-stripe-server.ts';
import { storeBasket, tryCheckOut } from '../../testing/orders.ts';
import { setUpAppWithFakeStripe } from '../../testing/stripe-test-app.ts';

// The pricing step with TAX_PROVIDER=stripe, through the API: the app's Stripe Tax calls reach
// the local fake of Stripe's API (STRIPE_API_URL). The fake's rates: NY 4% state + 4.875% city,
// rounded per jurisdiction and line, shipping taxed; DE 19%. When Stripe Tax cannot answer, the
// quote and the checkout answer 503 and nothing is placed: never a silent zero (ADR 053).

const t = setUpAppWithFakeStripe({ TAX_PROVIDER: 'stripe', TAX_TIMEOUT_SECONDS: '0.5' });
const db = () => t.database.db;
beforeEach(() => t.stripe.reset());

const NEW_YORK = {
  name: 'Nia York',
  line1: '350 Fifth Avenue',
  city: 'New York',
  region: 'NY',
  postalCode: '10118',
  country: 'US',
};
const BERLIN = {
  name: 'Bernd',
  line1: 'Unter den Linden 1',
  city: 'Berlin',
  postalCode: '10117',
  country: 'DE',
};

beforeAll(async () => {
  // This file's own shipping: $9.95 in the US, €15.00 in Germany.
  await db().delete(shippingZone);
  const [us, eu] = await db()
    .insert(shippingZone)
    .values([
      { name: 'United States', countries: ['US'], position: 0 },
      { name: 'Germany', countries: ['DE'], position: 1 },
    ])
    .returning({ id: shippingZone.id });
  await db()
    .insert(shippingMethod)
    .values([
      {
        zoneId: us!.id,
        name: 'Standard',
        rates: [{ maxWeightGrams: 30_000, priceCents: 995 }],
        position: 0,
      },
      {
        zoneId: eu!.id,
        name: 'Standard',
        rates: [{ maxWeightGrams: 30_000, priceCents: 1_500 }],
        position: 0,
      },
    ]);
});

const quote = (who: SignedIn, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/checkout/quote', headers: who.headers, payload });
const calculations = () =>
  t.stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/tax/calculations');

async function buyerWithBasket(name: string) {
  const buyer = await signUp(t.app);
  const drill = await createProduct(db(), { name: `${name} Drill`, priceCents: 1_999 });
  const bit = await createProduct(db(), { name: `${name} Bit`, priceCents: 8 });
  for (const made of [drill, bit])
    await db().update(variant).set({ weightGrams: 500 }).where(eq(variant.id, made.variantId));
  await storeBasket(t, buyer, [
    [drill, 3],
    [bit, 1],
  ]);
  return { buyer, drill, bit };
}

describe('TAX_PROVIDER=stripe: POST /api/checkout/quote', () => {
  it("answers Stripe Tax's cents for New York, and placing the quote asks Stripe nothing more", async () => {
    const { buyer } = await buyerWithBasket('Stripe NY');
    const res = await quote(buyer, { address: NEW_YORK });
    expect(res.statusCode, res.body).toBe(200);
    const answer = CheckoutQuoteSchema.parse(res.json());
    // 5997 × 4% = 239.88 → 240, × 4.875% = 292.35 → 292: $5.32. 8 × 4% and × 4.875%: under half
    // a cent each, so $0.00 (8 × 8.875% in one would be $0.01). Shipping 995: 39.8 → 40 and
    // 48.51 → 49: $0.89 (the built-in table's one rate gives $0.88).
    expect(answer.lines.map((l) => [l.lineTotal, l.tax, l.taxRate])).toEqual([
      [59.97, 5.32, 8.875],
      [0.08, 0, 8.875],
    ]);
    expect([answer.subtotal, answer.shipping, answer.tax, answer.total]).toEqual([
      60.05, 9.95, 6.21, 76.21,
    ]);
    expect(answer.pricesIncludeTax).toBe(false);
    expect(calculations()).toHaveLength(1);
    expect(calculations()[0]?.body.get('customer_details[address][postal_code]')).toBe('10118');

    const placed = await tryCheckOut(t, buyer, { address: NEW_YORK, quoteId: answer.quoteId });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(calculations()).toHaveLength(1);
    const orders = await db()
      .select({ tax: purchase.taxCents, rate: purchase.taxRatePpm, total: purchase.totalCents })
      .from(purchase)
      .where(eq(purchase.checkoutId, placed.json().checkoutId))
      .orderBy(purchase.totalCents);
    expect(orders).toEqual([
      { tax: 0, rate: 88_750, total: 8 },
      { tax: 532, rate: 88_750, total: 5_997 },
    ]);
    const [placedCheckout] = await db()
      .select({ tax: checkout.taxCents, shippingTax: checkout.shippingTaxCents })
      .from(checkout)
      .where(eq(checkout.id, placed.json().checkoutId));
    expect(placedCheckout).toEqual({ tax: 621, shippingTax: 89 });
  });

  it("answers Stripe Tax's VAT for Germany (no row of the built-in table needed)", async () => {
    const { buyer } = await buyerWithBasket('Stripe DE');
    const answer = CheckoutQuoteSchema.parse((await quote(buyer, { address: BERLIN })).json());
    // 5997 × 19% = 1139.43 → 1139; 8 × 19% = 1.52 → 2; 1500 × 19% = 285.
    expect(answer.tax).toBe(14.26);
    expect(calculations()).toHaveLength(1);
    // Whether prices show VAT included is the tax table's per-country setting (the lead's
    // pricesIncludeTaxIn), not the provider's answer.
  });
});

describe('TAX_PROVIDER=stripe while Stripe Tax cannot answer: 503, nothing placed', () => {
  function expectTaxUnavailable(res: { statusCode: number; body: string; json(): unknown }) {
    expect(res.statusCode, res.body).toBe(503);
    const body = ApiErrorSchema.strict().parse(res.json());
    expect(body).toMatchObject({ code: ErrorCode.Unavailable, message: TAX_UNAVAILABLE_MESSAGE });
    expect(body.requestId).toBeTruthy();
  }

  it.each<[string, FakeStripeMode | 'malformed']>([
    ['a 500', 'error-500'],
    ['no answer within TAX_TIMEOUT_SECONDS', 'hang'],
    ['an answer that is not JSON', 'garbage'],
    ['an answer missing a line', 'malformed'],
  ])(
    '%s: the quote and the checkout answer 503; no order, the basket and stock as they were',
    async (_, mode) => {
      const { buyer, drill } = await buyerWithBasket(`Down ${mode}`);
      if (mode === 'malformed')
        t.stripe.editTaxAnswer = (calculation) => {
          const items = calculation.line_items as { data: unknown[] };
          return { ...calculation, line_items: { ...items, data: items.data.slice(1) } };
        };
      else t.stripe.mode = mode;
      expectTaxUnavailable(await quote(buyer, { address: NEW_YORK }));
      // Placed without a quote, the checkout prices first: the same 503.
      expectTaxUnavailable(await tryCheckOut(t, buyer, { address: NEW_YORK }));
      const userId = await userIdOf(db(), buyer.email);
      expect(await db().select().from(checkout).where(eq(checkout.userId, userId))).toEqual([]);
      expect(
        await db().select().from(basketLine).where(eq(basketLine.userId, userId)),
      ).toHaveLength(2);
      expect((await stockOf(db(), drill.id))?.available).toBe(100);

      t.stripe.reset();
      expect((await quote(buyer, { address: NEW_YORK })).statusCode).toBe(200);
    },
  );
});
