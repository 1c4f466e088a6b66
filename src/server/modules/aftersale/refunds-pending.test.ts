import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RefundSchema } from '../../../shared/aftersale.ts';
import { orderAftersale, paymentIdempotencyKey, paymentIntent, refund } from '../../db/schema.ts';
import { signUp, signUpAdmin, type SignedIn } from '../../testing/accounts.ts';
import { checkoutPaidByFakeStripe, paidByFakeStripe } from '../../testing/aftersale.ts';
import { setUpAppWithFakeStripe, STRIPE_TEST_ENV } from '../../testing/stripe-test-app.ts';
import type { FakeStripeMode, FakeStripeRequest } from '../../testing/fake-stripe-server.ts';
import { createStripeClient, createStripeProvider } from '../payments/stripe-provider.ts';
import { REFUND_PENDING_MESSAGE } from './refund-errors.ts';
import { reconcilePendingRefunds } from './refund-reconciliation.ts';

// A refund is paid at most once, whatever Stripe does (issue 39, docs/decisions/035). The app
// reaches a local fake of Stripe's API through STRIPE_API_URL; the fake refunds and then fails
// (500, a dropped connection, no answer). Such a refund stays pending with its key; the admin's
// retry finishes that same refund; the reconciliation asks Stripe before anything is released.

const t = setUpAppWithFakeStripe();
let customer: SignedIn;
let admin: SignedIn;
beforeAll(async () => {
  customer = await signUp(t.app, { name: 'Pat Pending' });
  admin = await signUpAdmin(t);
});

const refundOf = (id: string, amount: number, reason: string, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/purchase/${id}/refunds`,
    headers: key ? { ...admin.headers, 'idempotency-key': key } : admin.headers,
    payload: { amount, reason },
  });

const creatingRefund = (request: FakeStripeRequest) =>
  request.method === 'POST' && request.path === '/v1/refunds';

/** Runs `send` while Stripe answers every refund it is asked to make with `mode`. */
async function whileStripe<T>(mode: FakeStripeMode, send: () => Promise<T>): Promise<T> {
  t.stripe.mode = mode;
  t.stripe.faultOnly = creatingRefund;
  try {
    return await send();
  } finally {
    t.stripe.mode = 'ok';
    t.stripe.faultOnly = undefined;
  }
}

const refundsAtStripe = (intentId: string) =>
  t.stripe.refunds.filter((made) => made.payment_intent === intentId);
const keysSentFor = (intentId: string) =>
  new Set(
    t.stripe.requests
      .filter((r) => creatingRefund(r) && r.body.get('payment_intent') === intentId)
      .map((r) => r.idempotencyKey),
  );
const refundsOf = (purchaseIds: string[]) =>
  t.database.db.select().from(refund).where(inArray(refund.purchaseId, purchaseIds));
async function balance(purchaseId: string) {
  const [row] = await t.database.db
    .select()
    .from(orderAftersale)
    .where(eq(orderAftersale.purchaseId, purchaseId));
  return row;
}

/** The provider as the job has it: the same Stripe client, at the fake. */
const stripeProvider = () =>
  createStripeProvider(
    createStripeClient(
      { secretKey: STRIPE_TEST_ENV.STRIPE_SECRET_KEY },
      { host: t.stripe.host, port: t.stripe.port, protocol: 'http', timeoutMs: 2_000 },
    ),
  );

describe('an ambiguous answer from Stripe', () => {
  it('refunded then 500: the refund stays pending; the retry gets the same refund, once', async () => {
    const order = await paidByFakeStripe(t, customer);
    const intentId = order.transactionId!;
    const first = await whileStripe('act-then-500', () =>
      refundOf(order._id, 25, 'Cracked housing', 'pending-500'),
    );
    expect(first.statusCode, first.body).toBe(503);
    expect(first.json()).toMatchObject({ message: REFUND_PENDING_MESSAGE });
    // Stripe refunded; the shop holds the amount and the key, and records nothing yet.
    expect(refundsAtStripe(intentId)).toHaveLength(1);
    const [pending] = await refundsOf([order._id]);
    expect(pending).toMatchObject({ status: 'pending', amountCents: 2_500 });
    expect(pending?.unsureAt).not.toBeNull();
    expect(await balance(order._id)).toMatchObject({
      refundReservedCents: 2_500,
      refundedCents: 0,
    });
    const kept = await t.database.db
      .select()
      .from(paymentIdempotencyKey)
      .where(eq(paymentIdempotencyKey.key, 'pending-500'));
    expect(kept.map((k) => k.refundId)).toEqual([pending!.id]);

    // The form's retry (same Idempotency-Key).
    const retry = await refundOf(order._id, 25, 'Cracked housing', 'pending-500');
    expect(retry.statusCode, retry.body).toBe(201);
    expect(RefundSchema.parse(retry.json())._id).toBe(pending!.id);
    expect(refundsAtStripe(intentId)).toHaveLength(1);
    expect(t.stripe.refunded.get(intentId)).toBe(2_500);
    expect(keysSentFor(intentId)).toEqual(new Set([`refund-${pending!.id}`]));
    expect((await refundsOf([order._id])).map((r) => r.status)).toEqual(['succeeded']);
    expect(await balance(order._id)).toMatchObject({
      refundReservedCents: 2_500,
      refundedCents: 2_500,
    });
  });

  it('a 500 before Stripe refunded: the retry sends it again under the same key', async () => {
    const order = await paidByFakeStripe(t, customer);
    const intentId = order.transactionId!;
    const first = await whileStripe('error-500', () =>
      refundOf(order._id, 30, 'Missing battery', 'pending-500-none'),
    );
    expect(first.statusCode).toBe(503);
    expect(refundsAtStripe(intentId)).toHaveLength(0);
    const retry = await refundOf(order._id, 30, 'Missing battery', 'pending-500-none');
    expect(retry.statusCode, retry.body).toBe(201);
    const [done] = await refundsOf([order._id]);
    expect(done).toMatchObject({ status: 'succeeded', amountCents: 3_000 });
    expect(refundsAtStripe(intentId)).toHaveLength(1);
    expect(keysSentFor(intentId)).toEqual(new Set([`refund-${done!.id}`]));
  });

  it('refunded then the connection dropped: sending the form again (a new key) refunds once', async () => {
    const order = await paidByFakeStripe(t, customer);
    const intentId = order.transactionId!;
    const first = await whileStripe('act-then-drop', () =>
      refundOf(order._id, 40, 'Wrong colour', 'pending-drop-1'),
    );
    expect(first.statusCode).toBe(503);
    // The admin presses Refund again: a new submit, a new Idempotency-Key, the same refund.
    const again = await refundOf(order._id, 40, 'Wrong colour', 'pending-drop-2');
    expect(again.statusCode, again.body).toBe(201);
    expect(refundsAtStripe(intentId)).toHaveLength(1);
    expect(t.stripe.refunded.get(intentId)).toBe(4_000);
    expect((await refundsOf([order._id])).map((r) => r.status)).toEqual(['succeeded']);
    expect(await balance(order._id)).toMatchObject({ refundedCents: 4_000 });
    // That second submit's own retry (its answer lost too) is still the same refund.
    const repeat = await refundOf(order._id, 40, 'Wrong colour', 'pending-drop-2');
    expect(repeat.statusCode, repeat.body).toBe(201);
    expect(RefundSchema.parse(repeat.json())._id).toBe(RefundSchema.parse(again.json())._id);
    expect(refundsAtStripe(intentId)).toHaveLength(1);
    // Another refund (another reason) is another refund.
    expect((await refundOf(order._id, 40, 'Second fault')).statusCode).toBe(201);
    expect(refundsAtStripe(intentId)).toHaveLength(2);
  });

  it('refunded then no answer (timeout): the retry refunds once', { timeout: 60_000 }, async () => {
    const order = await paidByFakeStripe(t, customer);
    const intentId = order.transactionId!;
    const first = await whileStripe('act-then-hang', () =>
      refundOf(order._id, 15, 'Late delivery', 'pending-timeout'),
    );
    expect(first.statusCode, first.body).toBe(503);
    expect(first.json()).toMatchObject({ message: REFUND_PENDING_MESSAGE });
    expect(refundsAtStripe(intentId)).toHaveLength(1);
    const retry = await refundOf(order._id, 15, 'Late delivery', 'pending-timeout');
    expect(retry.statusCode, retry.body).toBe(201);
    expect(refundsAtStripe(intentId)).toHaveLength(1);
    expect(t.stripe.refunded.get(intentId)).toBe(1_500);
    expect(await balance(order._id)).toMatchObject({ refundedCents: 1_500 });
  });
});

describe('a return whose refund got an ambiguous answer', () => {
  it('is refunded once by the retry of its Refund button', async () => {
    const order = await paidByFakeStripe(t, customer);
    const intentId = order.transactionId!;
    const post = (url: string, who: SignedIn, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: who.headers, ...(payload ? { payload } : {}) });
    const shipped = await t.app.inject({
      method: 'PUT',
      url: `/api/purchase/${order._id}`,
      headers: admin.headers,
      payload: { stat: 'shipped' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const asked = await post(`/api/purchase/${order._id}/returns`, customer, {
      quantity: 1,
      reason: 'Defective or damaged',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const returnId = (asked.json() as { _id: string })._id;
    expect((await post(`/api/returns/${returnId}/approve`, admin)).statusCode).toBe(200);
    expect(
      (await post(`/api/returns/${returnId}/receive`, admin, { restock: false })).statusCode,
    ).toBe(200);

    const first = await whileStripe('act-then-500', () =>
      post(`/api/returns/${returnId}/refund`, admin),
    );
    expect(first.statusCode, first.body).toBe(503);
    const retry = await post(`/api/returns/${returnId}/refund`, admin);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ status: 'refunded' });
    expect(refundsAtStripe(intentId)).toHaveLength(1);
    expect(t.stripe.refunded.get(intentId)).toBe(10_000);
    expect(await balance(order._id)).toMatchObject({ refundedCents: 10_000 });
  });
});

describe('the reconciliation of pending refunds', () => {
  it('records a pending refund Stripe has as succeeded', async () => {
    const order = await paidByFakeStripe(t, customer);
    await whileStripe('act-then-500', () => refundOf(order._id, 20, 'Bent chuck'));
    // Within the grace after the call, nothing is decided.
    expect(await reconcilePendingRefunds(t.database.db, stripeProvider())).toBe(0);
    expect((await refundsOf([order._id])).map((r) => r.status)).toEqual(['pending']);

    await reconcilePendingRefunds(t.database.db, stripeProvider(), { olderThanMs: 0 });
    expect((await refundsOf([order._id])).map((r) => r.status)).toEqual(['succeeded']);
    expect(await balance(order._id)).toMatchObject({
      refundReservedCents: 2_000,
      refundedCents: 2_000,
    });
    expect(refundsAtStripe(order.transactionId!)).toHaveLength(1);
  });

  it('releases a pending refund Stripe does not have, and keeps it while Stripe cannot say', async () => {
    const order = await paidByFakeStripe(t, customer);
    await whileStripe('error-500', () => refundOf(order._id, 20, 'Never made', 'never-made'));
    expect(refundsAtStripe(order.transactionId!)).toHaveLength(0);

    // Stripe down for the lookup too: nothing is released.
    t.stripe.mode = 'error-500';
    try {
      await reconcilePendingRefunds(t.database.db, stripeProvider(), { olderThanMs: 0 });
    } finally {
      t.stripe.mode = 'ok';
    }
    expect((await refundsOf([order._id])).map((r) => r.status)).toEqual(['pending']);
    expect(await balance(order._id)).toMatchObject({ refundReservedCents: 2_000 });

    await reconcilePendingRefunds(t.database.db, stripeProvider(), { olderThanMs: 0 });
    expect((await refundsOf([order._id])).map((r) => r.status)).toEqual(['failed']);
    expect(await balance(order._id)).toMatchObject({ refundReservedCents: 0, refundedCents: 0 });
    const keys = await t.database.db
      .select()
      .from(paymentIdempotencyKey)
      .where(eq(paymentIdempotencyKey.key, 'never-made'));
    expect(keys).toHaveLength(0);
    expect(refundsAtStripe(order.transactionId!)).toHaveLength(0);
  });
});

describe('refunds of one checkout', () => {
  it('parallel refunds of its orders never pass the charge, nor what Stripe refunded', async () => {
    const { orders, intentId } = await checkoutPaidByFakeStripe(t, customer);
    const [a, b] = orders.map((order) => order._id) as [string, string];
    // Order A's refund is made at Stripe, but its answer is lost.
    await whileStripe('act-then-500', () => refundOf(a, 100, 'Whole order'));
    // Then the admin sends it again while refunding order B, twice each, all at once.
    const answers = await Promise.all([
      refundOf(a, 100, 'Whole order'),
      refundOf(b, 100, 'Whole order'),
      refundOf(a, 100, 'Whole order'),
      refundOf(b, 100, 'Whole order'),
    ]);
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    const succeeded = (await refundsOf([a, b])).filter((r) => r.status === 'succeeded');
    const recorded = succeeded.reduce((sum, r) => sum + r.amountCents, 0);
    const atStripe = refundsAtStripe(intentId).reduce((sum, r) => sum + (r.amount ?? 0), 0);
    // Every cent Stripe gave back is a recorded refund, and never more than the charge.
    expect(atStripe).toBe(recorded);
    expect(recorded).toBe(20_000);
    for (const id of [a, b])
      expect(succeeded.filter((r) => r.purchaseId === id).map((r) => r.amountCents)).toEqual([
        10_000,
      ]);
  });

  it('parallel refunds across its orders never pass the charge', async () => {
    const { orders, intentId } = await checkoutPaidByFakeStripe(t, customer);
    const ids = orders.map((order) => order._id);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => refundOf(ids[i % 2]!, 45, `Race ${i}`)),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(4);
    const succeeded = (await refundsOf(ids)).filter((r) => r.status === 'succeeded');
    expect(succeeded.reduce((sum, r) => sum + r.amountCents, 0)).toBe(18_000);
    expect(t.stripe.refunded.get(intentId)).toBe(18_000);
  });

  it('the charge bounds them together, not only each order its own total', async () => {
    const { orders, intentId } = await checkoutPaidByFakeStripe(t, customer);
    const ids = orders.map((order) => order._id);
    // Say the payment took less than the orders' totals (150.00 for two 100.00 orders): the
    // per-order bounds would allow 200.00; the charge allows 150.00, also in parallel.
    await t.database.db
      .update(paymentIntent)
      .set({ amountCents: 15_000 })
      .where(eq(paymentIntent.id, intentId));
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => refundOf(ids[i % 2]!, 50, `Charge race ${i}`)),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused?.json()).toMatchObject({ message: expect.stringContaining('at most $0.00') });
    const succeeded = (await refundsOf(ids)).filter((r) => r.status === 'succeeded');
    expect(succeeded.reduce((sum, r) => sum + r.amountCents, 0)).toBe(15_000);
  });
});
