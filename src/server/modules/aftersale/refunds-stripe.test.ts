import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderAftersale, refund } from '../../db/schema.ts';
import { signUp, signUpAdmin, type SignedIn } from '../../testing/accounts.ts';
import { paidByFakeStripe } from '../../testing/aftersale.ts';
import { setUpAppWithFakeStripe } from '../../testing/stripe-test-app.ts';
import { REFUND_PENDING_MESSAGE } from './refund-errors.ts';

// Refunds through Stripe, offline (a local fake of Stripe's API): the amount and an idempotency
// key per refund reach Stripe; when Stripe fails, 503/502 and nothing is recorded as refunded
// (pending refunds and their reconciliation: refunds-pending.test.ts).

const t = setUpAppWithFakeStripe();
let customer: SignedIn;
let admin: SignedIn;
beforeAll(async () => {
  customer = await signUp(t.app, { name: 'Sam Stripe' });
  admin = await signUpAdmin(t);
});

const paidByStripe = () => paidByFakeStripe(t, customer);

const refundOf = (id: string, amount: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/purchase/${id}/refunds`,
    headers: admin.headers,
    payload: { amount, reason: 'Damaged in transit' },
  });

async function balance(purchaseId: string) {
  const [row] = await t.database.db
    .select()
    .from(orderAftersale)
    .where(eq(orderAftersale.purchaseId, purchaseId));
  return row;
}

describe('refunds through Stripe', () => {
  it('sends the amount with a key of its own per refund', async () => {
    const order = await paidByStripe();
    t.stripe.requests.length = 0;
    expect((await refundOf(order._id, 10)).statusCode).toBe(201);
    expect((await refundOf(order._id, 15)).statusCode).toBe(201);
    const calls = t.stripe.requests.filter((r) => r.path === '/v1/refunds');
    expect(calls.map((c) => [c.body.get('payment_intent'), c.body.get('amount')])).toEqual([
      [order.transactionId, '1000'],
      [order.transactionId, '1500'],
    ]);
    expect(calls[0]?.idempotencyKey).toMatch(/^refund-[0-9a-f-]{36}$/);
    expect(calls[0]?.idempotencyKey).not.toBe(calls[1]?.idempotencyKey);
    expect(t.stripe.refunded.get(order.transactionId!)).toBe(2_500);
    expect(await balance(order._id)).toMatchObject({
      refundedCents: 2_500,
      refundReservedCents: 2_500,
    });
  });

  it('answers 503 when Stripe fails, and records nothing as refunded (the refund stays pending)', async () => {
    const order = await paidByStripe();
    t.stripe.mode = 'error-500';
    t.stripe.faultOnly = (request) => request.path === '/v1/refunds';
    try {
      const res = await refundOf(order._id, 40);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ message: REFUND_PENDING_MESSAGE });
    } finally {
      t.stripe.mode = 'ok';
      t.stripe.faultOnly = undefined;
    }
    // Nothing counts as refunded, but the amount stays reserved until Stripe is asked.
    expect(await balance(order._id)).toMatchObject({
      refundedCents: 0,
      refundReservedCents: 4_000,
    });
    const rows = await t.database.db.select().from(refund).where(eq(refund.purchaseId, order._id));
    expect(rows.map((r) => r.status)).toEqual(['pending']);
    expect((await refundOf(order._id, 60.01)).statusCode).toBe(409);
  });

  it('answers 502 when Stripe refuses the refund', async () => {
    const order = await paidByStripe();
    // Refunded at Stripe behind the shop's back: Stripe refuses any more.
    t.stripe.refunded.set(order.transactionId!, 10_000);
    const res = await refundOf(order._id, 1);
    expect(res.statusCode).toBe(502);
    expect(await balance(order._id)).toMatchObject({ refundedCents: 0, refundReservedCents: 0 });
  });
});
