import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RefundSchema } from '../../../shared/aftersale.ts';
import { IDEMPOTENCY_KEY_REUSED_MESSAGE } from '../../../shared/idempotency.ts';
import { orderAftersale, paymentIdempotencyKey, refund } from '../../db/schema.ts';
import { signUp, signUpAdmin, type SignedIn } from '../../testing/accounts.ts';
import { paidByFakeStripe } from '../../testing/aftersale.ts';
import { setUpAppWithFakeStripe } from '../../testing/stripe-test-app.ts';

// POST /api/purchase/{id}/refunds with an Idempotency-Key (docs/decisions/032): a repeat, also a
// concurrent one, is answered from the first refund and Stripe refunds once; another body is a
// 422; a refund Stripe refused keeps no key, so its retry with the same key refunds (one Stripe
// did not answer clearly keeps it: refunds-pending.test.ts).

const t = setUpAppWithFakeStripe();
let customer: SignedIn;
let admin: SignedIn;
beforeAll(async () => {
  customer = await signUp(t.app, { name: 'Ida Idem' });
  admin = await signUpAdmin(t);
});

const paidByStripe = () => paidByFakeStripe(t, customer);

const refundOf = (id: string, key: string, amount = 25, reason = 'Dented case') =>
  t.app.inject({
    method: 'POST',
    url: `/api/purchase/${id}/refunds`,
    headers: { ...admin.headers, 'idempotency-key': key },
    payload: { amount, reason },
  });

const refundsOf = (purchaseId: string) =>
  t.database.db.select().from(refund).where(eq(refund.purchaseId, purchaseId));

async function refundedCents(purchaseId: string) {
  const [row] = await t.database.db
    .select()
    .from(orderAftersale)
    .where(eq(orderAftersale.purchaseId, purchaseId));
  return row?.refundedCents;
}

describe('refunds with an Idempotency-Key', () => {
  it('answers a repeat with the first refund and refunds once', async () => {
    const order = await paidByStripe();
    const first = await refundOf(order._id, 'refund-key-repeat');
    expect(first.statusCode, first.body).toBe(201);
    const again = await refundOf(order._id, 'refund-key-repeat');
    expect(again.statusCode, again.body).toBe(201);
    expect(RefundSchema.parse(again.json())).toEqual(RefundSchema.parse(first.json()));
    expect(await refundsOf(order._id)).toHaveLength(1);
    expect(t.stripe.refunded.get(order.transactionId!)).toBe(2_500);
    expect(await refundedCents(order._id)).toBe(2_500);
  });

  it('refunds once for two concurrent repeats', async () => {
    const order = await paidByStripe();
    const [a, b] = await Promise.all([
      refundOf(order._id, 'refund-key-race'),
      refundOf(order._id, 'refund-key-race'),
    ]);
    expect([a!.statusCode, b!.statusCode], `${a!.body} ${b!.body}`).toEqual([201, 201]);
    expect(RefundSchema.parse(a!.json())._id).toBe(RefundSchema.parse(b!.json())._id);
    expect(await refundsOf(order._id)).toHaveLength(1);
    expect(t.stripe.refunded.get(order.transactionId!)).toBe(2_500);
  });

  it('answers 422 to the same key with another body, and refunds nothing for it', async () => {
    const order = await paidByStripe();
    expect((await refundOf(order._id, 'refund-key-body')).statusCode).toBe(201);
    const other = await refundOf(order._id, 'refund-key-body', 30);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ message: IDEMPOTENCY_KEY_REUSED_MESSAGE });
    // A key of a payment call is another request too.
    const paidKey = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { ...admin.headers, 'idempotency-key': 'refund-key-body' },
      payload: { purchaseId: order._id },
    });
    expect(paidKey.statusCode).toBe(422);
    expect(await refundsOf(order._id)).toHaveLength(1);
    expect(await refundedCents(order._id)).toBe(2_500);
  });

  it('forgets the key of a refund Stripe refused, so its retry refunds', async () => {
    const order = await paidByStripe();
    // Refunded at Stripe behind the shop's back: Stripe refuses any more (a clear 400).
    t.stripe.refunded.set(order.transactionId!, 10_000);
    expect((await refundOf(order._id, 'refund-key-retry')).statusCode).toBe(502);
    t.stripe.refunded.set(order.transactionId!, 0);
    const keys = await t.database.db
      .select()
      .from(paymentIdempotencyKey)
      .where(eq(paymentIdempotencyKey.key, 'refund-key-retry'));
    expect(keys).toHaveLength(0);
    const retry = await refundOf(order._id, 'refund-key-retry');
    expect(retry.statusCode, retry.body).toBe(201);
    expect((await refundsOf(order._id)).map((r) => r.status).sort()).toEqual([
      'failed',
      'succeeded',
    ]);
    expect(t.stripe.refunded.get(order.transactionId!)).toBe(2_500);
  });
});
