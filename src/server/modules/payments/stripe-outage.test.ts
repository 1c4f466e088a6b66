import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiErrorSchema, ErrorCode } from '../../../shared/errors.ts';
import {
  PAYMENT_UNAVAILABLE_MESSAGE,
  PaymentIntentResponseSchema,
} from '../../../shared/payment.ts';
import {
  paymentIntent,
  promotion,
  promotionCode,
  promotionUse,
  purchase,
  variant,
} from '../../db/schema.ts';
import { createProduct } from '../../testing/factories.ts';
import { signUp, type SignedIn } from '../../testing/accounts.ts';
import { placeTestOrder, checkoutOf } from '../../testing/orders.ts';
import { startFakeStripe } from '../../testing/fake-stripe-server.ts';
import { setUpAppWithFakeStripe, STRIPE_TEST_ENV } from '../../testing/stripe-test-app.ts';
import { setUpCaliforniaTax, taxedOrder } from '../../testing/taxed-orders.ts';
import { intentKeyOf } from './stripe-provider.ts';

// The app with Stripe configured while Stripe fails: its calls reach a local fake of Stripe's API
// over real HTTP (the SDK's fetch is pointed at 127.0.0.1). Timeouts are covered by
// stripe-provider.test.ts with short bounds; here the app's own bounds stay as configured.

const WEBHOOK_SECRET = STRIPE_TEST_ENV.STRIPE_WEBHOOK_SECRET;
const t = setUpAppWithFakeStripe();
let customer: SignedIn;
beforeAll(async () => {
  customer = await signUp(t.app, { name: 'Olga Outage' });
});
beforeEach(() => t.stripe.reset());

const placeOrder = () =>
  placeTestOrder(t, customer, { product: { priceCents: 2_500, availableQuantity: 10 } });

const askIntent = (orderId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: customer.headers,
    payload: { purchaseId: orderId },
  });

async function stateOf(orderId: string, productId: string) {
  const [order] = await t.database.db
    .select({ status: purchase.status, paid: purchase.paid })
    .from(purchase)
    .where(eq(purchase.id, orderId));
  const [item] = await t.database.db
    .select({ stock: variant.availableQuantity })
    .from(variant)
    .where(eq(variant.productId, productId));
  const intents = await t.database.db
    .select({ id: paymentIntent.id })
    .from(paymentIntent)
    .where(eq(paymentIntent.checkoutId, checkoutOf(orderId)));
  return { ...order, stock: item?.stock, intents: intents.length };
}

function expectProviderFailure(res: { statusCode: number; json(): unknown }, status = 503) {
  expect(res.statusCode).toBe(status);
  const body = ApiErrorSchema.strict().parse(res.json());
  expect(body).toMatchObject({
    code: status === 503 ? ErrorCode.Unavailable : ErrorCode.BadGateway,
    message: PAYMENT_UNAVAILABLE_MESSAGE,
  });
  expect(body.requestId).toBeTruthy();
}

describe('POST /api/create-payment-intent while Stripe fails', () => {
  it.each([
    ['a 500', 'error-500', 503],
    ['a 429', 'rate-limited-429', 503],
    ['an answer that is not JSON', 'garbage', 502],
  ] as const)(
    'answers %s (fake mode %s) with %i, writes nothing, and a retry works',
    async (_, mode, status) => {
      const { order, productId } = await placeOrder();
      t.stripe.mode = mode;
      expectProviderFailure(await askIntent(order._id), status);
      // The order stays unpaid and keeps holding its stock; no intent is recorded.
      expect(await stateOf(order._id, productId)).toEqual({
        status: 'pending',
        paid: false,
        stock: 8,
        intents: 0,
      });

      t.stripe.mode = 'ok';
      const retry = await askIntent(order._id);
      expect(retry.statusCode, retry.body).toBe(200);
      expect(PaymentIntentResponseSchema.parse(retry.json())).toMatchObject({ amount: 5_000 });
      expect(t.stripe.intents.size).toBe(1);
      expect(await stateOf(order._id, productId)).toMatchObject({ intents: 1, stock: 8 });
      for (const request of t.stripe.requests.filter((r) => r.method === 'POST'))
        expect(request.idempotencyKey).toBe(intentKeyOf(order.checkoutId, 5_000));
    },
  );

  it('answers 503 when the connection to Stripe fails', async () => {
    const { order, productId } = await placeOrder();
    await t.stripe.close();
    try {
      expectProviderFailure(await askIntent(order._id));
      expect(await stateOf(order._id, productId)).toMatchObject({ paid: false, intents: 0 });
    } finally {
      // Back on the same port, where the app's Stripe client points.
      t.stripe = await startFakeStripe(t.stripe.port);
    }
  });
});

describe('PATCH /api/purchase/{id} while Stripe fails', () => {
  it('answers 503 and leaves the order unpaid; the retry marks it paid', async () => {
    const { order, productId } = await placeOrder();
    const asked = await askIntent(order._id);
    expect(asked.statusCode, asked.body).toBe(200);
    const intentId = PaymentIntentResponseSchema.parse(asked.json()).clientSecret.split(
      '_secret_',
    )[0]!;
    t.stripe.intents.get(intentId)!.status = 'succeeded';
    const patch = () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/purchase/${order._id}`,
        headers: customer.headers,
        payload: { transactionId: intentId },
      });
    t.stripe.mode = 'rate-limited-429';
    expectProviderFailure(await patch());
    expect(await stateOf(order._id, productId)).toMatchObject({ paid: false, stock: 8 });
    t.stripe.mode = 'ok';
    const retry = await patch();
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ paid: true, transactionId: intentId });
  });
});

describe('a taxed order (issue 35) while Stripe fails after it charged', () => {
  it('charges lines, tax and shipping once; the failed confirmation is retried to paid', async () => {
    await setUpCaliforniaTax(t);
    // 4 × $25.00 to California: 7.25% of $100.00 is $7.25; $10.00 shipping, its tax $0.73.
    const order = await taxedOrder(t, customer, { paid: false });
    expect(order.amount).toBe(117.98);
    const asked = await askIntent(order._id);
    expect(asked.statusCode, asked.body).toBe(200);
    const intentId = PaymentIntentResponseSchema.parse(asked.json()).clientSecret.split(
      '_secret_',
    )[0]!;
    const charged = t.stripe.intents.get(intentId)!;
    expect(charged.amount).toBe(11_798);
    // Stripe took the money; our confirmation of it fails, then is retried.
    charged.status = 'succeeded';
    const patch = () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/purchase/${order._id}`,
        headers: customer.headers,
        payload: { transactionId: intentId },
      });
    t.stripe.mode = 'rate-limited-429';
    expectProviderFailure(await patch());
    const [unpaid] = await t.database.db
      .select({ paid: purchase.paid })
      .from(purchase)
      .where(eq(purchase.id, order._id));
    expect(unpaid?.paid).toBe(false);
    t.stripe.mode = 'ok';
    const retry = await patch();
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ paid: true, transactionId: intentId, amount: 117.98 });
    const intents = await t.database.db
      .select({ amount: paymentIntent.amountCents })
      .from(paymentIntent)
      .where(eq(paymentIntent.checkoutId, order.checkoutId));
    expect(intents).toEqual([{ amount: 11_798 }]);
  });
});

describe('a discounted order (issue 36) while Stripe fails after it charged', () => {
  it('charges the lines after the discount once; the failed confirmation is retried to paid', async () => {
    const [promo] = await t.database.db
      .insert(promotion)
      .values({ name: 'Outage 20%', kind: 'percent_off', percentPpm: 200_000, codeMode: 'code' })
      .returning({ id: promotion.id });
    await t.database.db.insert(promotionCode).values({ promotionId: promo!.id, code: 'OUTAGE20' });
    const drill = await createProduct(t.database.db, { name: 'Outage Drill', priceCents: 2_500 });
    // 4 × $25.00 less 20%: $80.00, and $10.00 of shipping (the California set-up's zone; a
    // one-line address is priced at the origin, with no state: no tax).
    await setUpCaliforniaTax(t);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: customer.headers,
      payload: {
        productId: drill.id,
        orderQuantity: 4,
        address: '1 Outage Road',
        codes: ['outage20'],
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId: string = placed.json()._id;
    const asked = await askIntent(orderId);
    expect(asked.statusCode, asked.body).toBe(200);
    const intentId = PaymentIntentResponseSchema.parse(asked.json()).clientSecret.split(
      '_secret_',
    )[0]!;
    const charged = t.stripe.intents.get(intentId)!;
    expect(charged.amount).toBe(9_000);
    charged.status = 'succeeded';
    const patch = () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/purchase/${orderId}`,
        headers: customer.headers,
        payload: { transactionId: intentId },
      });
    t.stripe.mode = 'rate-limited-429';
    expectProviderFailure(await patch());
    t.stripe.mode = 'ok';
    const retry = await patch();
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ paid: true, discount: 20, amount: 90 });
    const uses = await t.database.db
      .select({ discount: promotionUse.discountCents, released: promotionUse.releasedAt })
      .from(promotionUse)
      .where(eq(promotionUse.promotionId, promo!.id));
    expect(uses).toEqual([{ discount: 2_000, released: null }]);
  });
});

describe('POST /api/webhooks/stripe while Stripe fails', () => {
  it('answers 503 (Stripe delivers again) when the refund of a cancelled order fails', async () => {
    const { order } = await placeOrder();
    const asked = await askIntent(order._id);
    expect(asked.statusCode, asked.body).toBe(200);
    const intentId = PaymentIntentResponseSchema.parse(asked.json()).clientSecret.split(
      '_secret_',
    )[0]!;
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/purchase/${order._id}`,
      headers: customer.headers,
    });
    expect(cancel.statusCode).toBe(200);
    const intent = t.stripe.intents.get(intentId)!;
    intent.status = 'succeeded';
    const event = {
      id: `evt_outage_${intentId}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: intent },
    };
    const deliver = () => {
      const payload = JSON.stringify(event);
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: WEBHOOK_SECRET,
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    };
    // Stripe answers the retrieve, then fails the refund.
    t.stripe.mode = 'error-500';
    t.stripe.faultOnly = (request) => request.path === '/v1/refunds';
    const first = await deliver();
    expect(first.statusCode).toBe(503);
    const [row] = await t.database.db
      .select({ status: paymentIntent.status })
      .from(paymentIntent)
      .where(eq(paymentIntent.id, intentId));
    expect(row?.status).not.toBe('refunded');

    t.stripe.mode = 'ok';
    expect((await deliver()).statusCode).toBe(200);
    expect(row).toBeDefined();
    const refunds = t.stripe.requests.filter((r) => r.path === '/v1/refunds');
    expect(new Set(refunds.map((r) => r.idempotencyKey))).toEqual(new Set([`refund-${intentId}`]));
  });
});
