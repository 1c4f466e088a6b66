import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  PaymentIntentResponseSchema,
  TEST_CARDS,
  TestConfirmResponseSchema,
} from '../../../shared/payment.ts';
import { outbox, paymentIntent, purchase } from '../../db/schema.ts';
import type { SignedIn } from '../../testing/accounts.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { createProduct } from '../../testing/factories.ts';
import { askPaymentIntent, checkOutBasket, storeBasket } from '../../testing/orders.ts';
import { PAYMENT_AMOUNT_CHANGED_MESSAGE } from './payments.service.ts';

// One payment for a whole checkout (issue 22): the amount is the total of its live orders.

const t = setUpAppWithAccounts();
const nextYear = new Date().getUTCFullYear() + 1;
const card = { number: TEST_CARDS.success, expMonth: 12, expYear: nextYear, cvc: '123' };

async function twoLineCheckout(who: SignedIn = t.customer) {
  const a = await createProduct(t.database.db, { priceCents: 3_000 });
  const b = await createProduct(t.database.db, { priceCents: 1_250 });
  await storeBasket(t, who, [
    [a, 1],
    [b, 2],
  ]);
  return checkOutBasket(t, who);
}

const createIntent = (who: SignedIn, payload: object) => askPaymentIntent(t, who, payload);

async function intentFor(who: SignedIn, payload: object) {
  const res = await createIntent(who, payload);
  expect(res.statusCode, res.body).toBe(200);
  return PaymentIntentResponseSchema.parse(res.json());
}

const confirm = (clientSecret: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/test-processor/confirm',
    payload: { clientSecret, card, billingDetails: { name: 'C', email: 'c@example.com' } },
  });

const ordersOf = (checkoutId: string) =>
  t.database.db
    .select({
      id: purchase.id,
      status: purchase.status,
      paid: purchase.paid,
      transactionId: purchase.transactionId,
    })
    .from(purchase)
    .where(eq(purchase.checkoutId, checkoutId));

const cancel = (who: SignedIn, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/purchase/${id}`, headers: who.headers });

describe('paying a checkout', () => {
  it('makes one intent for the total, whichever order or the checkout names it, and pays every order', async () => {
    const placed = await twoLineCheckout();
    const byCheckout = await intentFor(t.customer, { checkoutId: placed.checkoutId });
    expect(byCheckout.amount).toBe(5_500);
    for (const order of placed.orders)
      expect((await intentFor(t.customer, { purchaseId: order._id })).clientSecret).toBe(
        byCheckout.clientSecret,
      );
    const res = await confirm(byCheckout.clientSecret);
    expect(res.statusCode, res.body).toBe(200);
    const intentId = TestConfirmResponseSchema.parse(res.json()).paymentIntent.id;
    const orders = await ordersOf(placed.checkoutId);
    expect(orders).toHaveLength(2);
    for (const order of orders)
      expect(order).toMatchObject({ paid: true, transactionId: intentId });
  });

  it('after an order is deleted, cancels the open intent and asks the new total; the old one never pays', async () => {
    const placed = await twoLineCheckout();
    const first = await intentFor(t.customer, { checkoutId: placed.checkoutId });
    const [gone, kept] = placed.orders;
    expect((await cancel(t.customer, gone!._id)).statusCode).toBe(200);
    const oldId = first.clientSecret.split('_secret_')[0]!;
    const [old] = await t.database.db
      .select({ status: paymentIntent.status })
      .from(paymentIntent)
      .where(eq(paymentIntent.id, oldId));
    expect(old?.status).toBe('canceled');
    const [job] = await t.database.db
      .select({ kind: outbox.kind })
      .from(outbox)
      .where(eq(outbox.dedupeKey, `cancel-intent:${oldId}`));
    expect(job?.kind).toBe('cancel-intent');
    expect((await confirm(first.clientSecret)).statusCode).toBe(400);

    const second = await intentFor(t.customer, { purchaseId: kept!._id });
    expect(second.amount).toBe(kept!.totalPrice * 100);
    expect(second.clientSecret).not.toBe(first.clientSecret);
    expect((await confirm(second.clientSecret)).statusCode).toBe(200);
    const orders = new Map((await ordersOf(placed.checkoutId)).map((o) => [o.id, o]));
    expect(orders.get(gone!._id)).toMatchObject({ status: 'cancelled', paid: false });
    expect(orders.get(kept!._id)).toMatchObject({ status: 'pending', paid: true });
  });

  it('never pays with an intent confirmed for an old amount, and refunds it', async () => {
    const placed = await twoLineCheckout();
    const first = await intentFor(t.customer, { checkoutId: placed.checkoutId });
    const [gone, kept] = placed.orders;
    expect((await cancel(t.customer, gone!._id)).statusCode).toBe(200);
    // The provider confirmed the card before our cancel reached it.
    const oldId = first.clientSecret.split('_secret_')[0]!;
    await t.database.db
      .update(paymentIntent)
      .set({ status: 'succeeded' })
      .where(eq(paymentIntent.id, oldId));
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/purchase/${kept!._id}`,
      headers: t.customer.headers,
      payload: { transactionId: oldId },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: PAYMENT_AMOUNT_CHANGED_MESSAGE });
    expect((await ordersOf(placed.checkoutId)).every((o) => !o.paid)).toBe(true);
    const [refunded] = await t.database.db
      .select({ status: paymentIntent.status })
      .from(paymentIntent)
      .where(eq(paymentIntent.id, oldId));
    expect(refunded?.status).toBe('refunded');
  });

  it("answers someone else's checkout as not found", async () => {
    const placed = await twoLineCheckout(t.other);
    const res = await createIntent(t.customer, { checkoutId: placed.checkoutId });
    expect(res.statusCode).toBe(404);
    expect((await createIntent(t.customer, { checkoutId: 'nope' })).statusCode).toBe(404);
  });

  it('asks for exactly one of the order and the checkout: 400 naming purchaseId otherwise', async () => {
    const placed = await twoLineCheckout(t.customer);
    for (const body of [{}, { purchaseId: placed.orders[0]!._id, checkoutId: placed.checkoutId }]) {
      const res = await createIntent(t.customer, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toHaveProperty('purchaseId');
    }
  });
});
