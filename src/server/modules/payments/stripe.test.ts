import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { PaymentIntentResponseSchema } from '../../../shared/payment.ts';
import { PublicConfigSchema } from '../../../shared/public-config.ts';
import { type Purchase } from '../../../shared/purchase.ts';
import { paymentEvent, paymentIntent, purchase } from '../../db/schema.ts';
import { contentSecurityPolicy } from '../../http/security-headers.ts';
import { signUp, type SignedIn } from '../../testing/accounts.ts';
import { placeTestOrder } from '../../testing/orders.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import type { FakeIntent } from '../../testing/fake-stripe-server.ts';
import { setUpAppWithFakeStripe, STRIPE_TEST_ENV } from '../../testing/stripe-test-app.ts';
import { PAYMENT_REFUNDED_MESSAGE } from './payments.service.ts';

// Stripe, offline: the app's calls reach a local fake of Stripe's API (testing/stripe-test-app.ts).

const WEBHOOK_SECRET = STRIPE_TEST_ENV.STRIPE_WEBHOOK_SECRET;
const t = setUpAppWithFakeStripe();
let customer: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  customer = await signUp(t.app, { name: 'Sam Stripe' });
  other = await signUp(t.app, { name: 'Otto Other' });
});

async function placeOrder(who: SignedIn, priceCents = 4_250, orderQuantity = 2): Promise<Purchase> {
  return (await placeTestOrder(t, who, { product: { priceCents }, orderQuantity })).order;
}

async function intentFor(who: SignedIn, order: Purchase) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: who.headers,
    payload: { purchaseId: order._id, totalPrice: 1 },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = PaymentIntentResponseSchema.parse(res.json());
  return { ...body, intentId: body.clientSecret.split('_secret_')[0]! };
}

/** What Stripe.js does in the browser: the intent succeeds at Stripe. */
const succeedAtStripe = (intentId: string) => {
  t.stripe.intents.get(intentId)!.status = 'succeeded';
};

function deliver(
  event: object,
  { secret = WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {},
) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp !== undefined && { timestamp }),
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

let eventCount = 0;
const intentEvent = (
  type: string,
  intent: FakeIntent,
  extra: object = {},
): { id: string; object: 'event'; type: string; data: { object: object } } => {
  eventCount += 1;
  return {
    id: `evt_${eventCount}_${intent.id}`,
    object: 'event',
    type,
    data: { object: { ...intent, ...extra } },
  };
};

async function stateOf(id: string) {
  const [row] = await t.database.db
    .select({ status: purchase.status, paid: purchase.paid, transactionId: purchase.transactionId })
    .from(purchase)
    .where(eq(purchase.id, id));
  return row;
}

describe('Stripe configured', () => {
  it('publishes the publishable key and opens the CSP to Stripe only then', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(PublicConfigSchema.parse(res.json()).payments).toEqual({
      provider: 'stripe',
      publishableKey: STRIPE_TEST_ENV.STRIPE_PUBLISHABLE_KEY,
    });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain('frame-src https://js.stripe.com');
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    expect(contentSecurityPolicy({ mapTileUrl: null, stripe: undefined })).not.toContain('stripe');
  });

  it('has no test processor', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-processor/confirm',
      payload: { clientSecret: 'x', card: {}, billingDetails: {} },
    });
    expect(res.statusCode).toBe(404);
  });

  it('creates the intent at Stripe for the database total, with metadata and idempotency key', async () => {
    const order = await placeOrder(customer, 4_250, 2);
    const before = t.stripe.requests.length;
    const [first, second] = await Promise.all([
      intentFor(customer, order),
      intentFor(customer, order),
    ]);
    expect(first).toMatchObject({ provider: 'stripe', amount: 8_500, currency: 'usd' });
    expect(second!.clientSecret).toBe(first!.clientSecret);
    const sent = t.stripe.requests.slice(before);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    for (const request of sent) {
      expect(request.method).toBe('POST');
      expect(request.path).toBe('/v1/payment_intents');
      expect(request.idempotencyKey).toBe(`checkout-${order.checkoutId}-8500`);
      expect(request.authorization).toBe(`Bearer ${STRIPE_TEST_ENV.STRIPE_SECRET_KEY}`);
      expect(Object.fromEntries(request.body)).toEqual({
        amount: '8500',
        currency: 'usd',
        'metadata[checkoutId]': order.checkoutId,
      });
    }
  });

  it('marks paid on PATCH only after Stripe says the intent succeeded', async () => {
    const order = await placeOrder(customer);
    const { intentId } = await intentFor(customer, order);
    const patch = () =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/purchase/${order._id}`,
        headers: customer.headers,
        payload: { transactionId: intentId },
      });
    expect((await patch()).statusCode).toBe(409);
    expect(await stateOf(order._id)).toMatchObject({ paid: false });
    succeedAtStripe(intentId);
    const before = t.stripe.requests.length;
    const res = await patch();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ paid: true, transactionId: intentId });
    expect(t.stripe.requests.slice(before)[0]).toMatchObject({
      method: 'GET',
      path: `/v1/payment_intents/${intentId}`,
    });
  });

  it('refuses an intent whose amount at Stripe differs from the order total', async () => {
    const order = await placeOrder(customer);
    const { intentId } = await intentFor(customer, order);
    succeedAtStripe(intentId);
    t.stripe.intents.get(intentId)!.amount = 1;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/purchase/${order._id}`,
      headers: customer.headers,
      payload: { transactionId: intentId },
    });
    expect(res.statusCode).toBe(400);
    expect(await stateOf(order._id)).toMatchObject({ paid: false });
  });
});

describe('POST /api/webhooks/stripe', () => {
  it('marks the order paid on payment_intent.succeeded, once', async () => {
    const order = await placeOrder(customer);
    const { intentId } = await intentFor(customer, order);
    succeedAtStripe(intentId);
    const event = intentEvent('payment_intent.succeeded', t.stripe.intents.get(intentId)!);
    const res = await deliver(event);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stateOf(order._id)).toEqual({
      status: 'pending',
      paid: true,
      transactionId: intentId,
    });
    // A duplicate delivery is a no-op.
    const before = t.stripe.requests.length;
    expect((await deliver(event)).statusCode).toBe(200);
    expect(t.stripe.requests.length).toBe(before);
    const recorded = await t.database.db
      .select()
      .from(paymentEvent)
      .where(eq(paymentEvent.id, event.id));
    expect(recorded).toHaveLength(1);
  });

  it('never un-pays: a failure delivered after the success changes nothing', async () => {
    const order = await placeOrder(customer);
    const { intentId } = await intentFor(customer, order);
    succeedAtStripe(intentId);
    const intent = t.stripe.intents.get(intentId)!;
    expect((await deliver(intentEvent('payment_intent.succeeded', intent))).statusCode).toBe(200);
    const failed = intentEvent('payment_intent.payment_failed', intent, {
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined' },
    });
    expect((await deliver(failed)).statusCode).toBe(200);
    expect(await stateOf(order._id)).toMatchObject({ paid: true, transactionId: intentId });
    const [row] = await t.database.db
      .select()
      .from(paymentIntent)
      .where(eq(paymentIntent.id, intentId));
    expect(row).toMatchObject({ status: 'succeeded', lastErrorCode: null });
  });

  it('records a failure on an unpaid order without paying it', async () => {
    const order = await placeOrder(customer);
    const { intentId } = await intentFor(customer, order);
    const failed = intentEvent('payment_intent.payment_failed', t.stripe.intents.get(intentId)!, {
      last_payment_error: { code: 'card_declined' },
    });
    expect((await deliver(failed)).statusCode).toBe(200);
    expect(await stateOf(order._id)).toMatchObject({ paid: false });
    const [row] = await t.database.db
      .select()
      .from(paymentIntent)
      .where(eq(paymentIntent.id, intentId));
    expect(row).toMatchObject({
      status: 'requires_payment_method',
      lastErrorCode: 'card_declined',
    });
  });

  it('refuses a bad or stale signature with 400 and changes nothing', async () => {
    const order = await placeOrder(customer);
    const { intentId } = await intentFor(customer, order);
    succeedAtStripe(intentId);
    const intent = t.stripe.intents.get(intentId)!;
    const wrongSecret = await deliver(intentEvent('payment_intent.succeeded', intent), {
      secret: 'whsec_someone_else',
    });
    expect(wrongSecret.statusCode).toBe(400);
    const stale = await deliver(intentEvent('payment_intent.succeeded', intent), {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect(stale.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(intentEvent('payment_intent.succeeded', intent)),
    });
    expect(unsigned.statusCode).toBe(400);
    // A body changed after signing no longer matches its signature.
    const event = intentEvent('payment_intent.succeeded', intent);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret: WEBHOOK_SECRET,
    });
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: JSON.stringify({ ...event, type: 'payment_intent.succeeded ' }),
    });
    expect(tampered.statusCode).toBe(400);
    expect(await stateOf(order._id)).toMatchObject({ paid: false });
    expect(await t.database.db.select().from(paymentEvent)).not.toContainEqual(
      expect.objectContaining({ id: event.id }),
    );
  });

  it("ignores a succeeded intent that is another order's", async () => {
    const mine = await placeOrder(customer);
    const theirs = await placeOrder(other);
    const { intentId } = await intentFor(customer, mine);
    await intentFor(other, theirs);
    succeedAtStripe(intentId);
    const forged = intentEvent('payment_intent.succeeded', t.stripe.intents.get(intentId)!, {
      metadata: { checkoutId: theirs.checkoutId },
    });
    expect((await deliver(forged)).statusCode).toBe(200);
    expect(await stateOf(theirs._id)).toMatchObject({ paid: false });
  });

  it('refunds a payment that succeeded for a cancelled order, through Stripe', async () => {
    const order = await placeOrder(customer);
    const { intentId } = await intentFor(customer, order);
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/purchase/${order._id}`,
      headers: customer.headers,
    });
    expect(cancel.statusCode).toBe(200);
    succeedAtStripe(intentId);
    const before = t.stripe.requests.length;
    expect(
      (await deliver(intentEvent('payment_intent.succeeded', t.stripe.intents.get(intentId)!)))
        .statusCode,
    ).toBe(200);
    const refund = t.stripe.requests.slice(before).find((r) => r.path === '/v1/refunds');
    expect(refund?.idempotencyKey).toBe(`refund-${intentId}`);
    expect(refund?.body.get('payment_intent')).toBe(intentId);
    const [row] = await t.database.db
      .select()
      .from(paymentIntent)
      .where(eq(paymentIntent.id, intentId));
    expect(row?.status).toBe('refunded');
    expect(await stateOf(order._id)).toMatchObject({ status: 'cancelled', paid: false });
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/purchase/${order._id}`,
      headers: customer.headers,
      payload: { transactionId: intentId },
    });
    expect(patch.statusCode).toBe(409);
    expect(patch.json()).toMatchObject({ message: PAYMENT_REFUNDED_MESSAGE });
  });
});

describe('without STRIPE_WEBHOOK_SECRET', () => {
  it('has no webhook endpoint', async () => {
    const plain = await buildTestApp();
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
