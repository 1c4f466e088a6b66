import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ALREADY_PAID_MESSAGE,
  CardErrors,
  PaymentIntentResponseSchema,
  TEST_CARDS,
  TestConfirmResponseSchema,
} from '../../../shared/payment.ts';
import { PublicConfigSchema } from '../../../shared/public-config.ts';
import { PurchaseSchema, type Purchase } from '../../../shared/purchase.ts';
import { paymentIntent, purchase } from '../../db/schema.ts';
import { checkoutOf, askPaymentIntent, placeTestOrder } from '../../testing/orders.ts';
import type { SignedIn } from '../../testing/accounts.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { PAYMENT_IN_FLIGHT_MESSAGE } from '../purchases/purchases.service.ts';
import {
  ORDER_CANCELLED_MESSAGE,
  ORDER_EXPIRED_MESSAGE,
  PAYMENT_AMOUNT_CHANGED_MESSAGE,
  PAYMENT_NOT_FOR_ORDER_MESSAGE,
  PAYMENT_NOT_SUCCEEDED_MESSAGE,
  PAYMENT_REFUNDED_MESSAGE,
} from './payments.service.ts';

const t = setUpAppWithAccounts({ customerName: 'Pat Payer' });

const nextYear = new Date().getUTCFullYear() + 1;
const goodCard = { number: TEST_CARDS.success, expMonth: 12, expYear: nextYear, cvc: '123' };
const billingDetails = { name: 'Pat Payer', email: 'pat@example.com' };

async function placeOrder(
  who: SignedIn,
  priceCents = 12_999,
  orderQuantity = 2,
): Promise<Purchase> {
  const placed = await placeTestOrder(t, who, {
    product: { priceCents },
    orderQuantity,
    address: 'A',
    phone: '1',
  });
  return placed.order;
}

const createIntent = (who: SignedIn, payload: object) => askPaymentIntent(t, who, payload);

async function intentFor(who: SignedIn, order: Purchase) {
  const res = await createIntent(who, { purchaseId: order._id });
  expect(res.statusCode, res.body).toBe(200);
  return PaymentIntentResponseSchema.parse(res.json());
}

const confirm = (clientSecret: string, card: object = goodCard) =>
  t.app.inject({
    method: 'POST',
    url: '/api/test-processor/confirm',
    payload: { clientSecret, card, billingDetails },
  });

/** Pays with the test processor as the browser does; returns the intent id. */
async function pay(who: SignedIn, order: Purchase): Promise<string> {
  const { clientSecret } = await intentFor(who, order);
  const res = await confirm(clientSecret);
  expect(res.statusCode, res.body).toBe(200);
  return TestConfirmResponseSchema.parse(res.json()).paymentIntent.id;
}

/** A payment the provider took but our record has not seen yet (as if its event were delayed). */
async function succeededButUnrecorded(who: SignedIn, order: Purchase): Promise<string> {
  const { clientSecret } = await intentFor(who, order);
  const intentId = clientSecret.split('_secret_')[0]!;
  await t.database.db
    .update(paymentIntent)
    .set({ status: 'succeeded' })
    .where(eq(paymentIntent.id, intentId));
  return intentId;
}

const markPaid = (who: SignedIn, id: string, transactionId: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/purchase/${id}`,
    headers: who.headers,
    payload: { purchase: id, transactionId },
  });

async function stateOf(id: string) {
  const [row] = await t.database.db
    .select({ status: purchase.status, paid: purchase.paid, transactionId: purchase.transactionId })
    .from(purchase)
    .where(eq(purchase.id, id));
  return row;
}

/** The latest intent of the order's checkout. */
async function intentRow(purchaseId: string) {
  const [row] = await t.database.db
    .select()
    .from(paymentIntent)
    .where(eq(paymentIntent.checkoutId, checkoutOf(purchaseId)))
    .orderBy(desc(paymentIntent.createdAt));
  return row;
}

describe('GET /api/config', () => {
  it('names the test-mode processor when no Stripe keys are set', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(PublicConfigSchema.parse(res.json()).payments).toEqual({ provider: 'test' });
  });
});

describe('POST /api/create-payment-intent', () => {
  it("charges the order's total from the database, whatever the body says", async () => {
    const order = await placeOrder(t.customer, 12_999, 3);
    const res = await createIntent(t.customer, {
      purchaseId: order._id,
      totalPrice: 0.5,
      amount: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = PaymentIntentResponseSchema.parse(res.json());
    expect(body).toMatchObject({ provider: 'test', amount: 38_997, currency: 'usd' });
    expect(body.clientSecret).toMatch(/^pi_test_[\w-]{20,}_secret_[\w-]{30,}$/);
  });

  it('gives one intent per order, also to 10 parallel calls', async () => {
    const order = await placeOrder(t.customer);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => createIntent(t.customer, { purchaseId: order._id })),
    );
    const secrets = new Set(
      answers.map((res) => (res.json() as { clientSecret: string }).clientSecret),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    expect(secrets.size).toBe(1);
    const again = await intentFor(t.customer, order);
    expect(secrets.has(again.clientSecret)).toBe(true);
    const rows = await t.database.db
      .select()
      .from(paymentIntent)
      .where(eq(paymentIntent.checkoutId, order.checkoutId));
    expect(rows).toHaveLength(1);
  });

  it("answers someone else's, unknown and malformed orders as not found", async () => {
    const order = await placeOrder(t.customer);
    for (const [who, purchaseId] of [
      [t.other, order._id],
      [t.admin, order._id],
      [t.customer, '00000000-0000-4000-8000-000000000000'],
      [t.customer, 'not-an-id'],
    ] as const) {
      const res = await createIntent(who, { purchaseId });
      expect(res.statusCode).toBe(404);
    }
    expect(await intentRow(order._id)).toBeUndefined();
  });

  it('refuses paid, cancelled and expired orders with 409', async () => {
    const paid = await placeOrder(t.customer);
    const intentId = await pay(t.customer, paid);
    expect((await markPaid(t.customer, paid._id, intentId)).statusCode).toBe(200);
    const res = await createIntent(t.customer, { purchaseId: paid._id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: ALREADY_PAID_MESSAGE });

    const cancelled = await placeOrder(t.customer);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/purchase/${cancelled._id}`,
      headers: t.customer.headers,
    });
    const refused = await createIntent(t.customer, { purchaseId: cancelled._id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: ORDER_CANCELLED_MESSAGE });

    const expired = await placeOrder(t.customer);
    await t.database.db
      .update(purchase)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(purchase.id, expired._id));
    const late = await createIntent(t.customer, { purchaseId: expired._id });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: ORDER_EXPIRED_MESSAGE });
  });

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { purchaseId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/test-processor/confirm', () => {
  const past = new Date().getUTCFullYear() - 1;
  it.each([
    ['declined', { ...goodCard, number: TEST_CARDS.declined }, CardErrors.declined],
    [
      'insufficient funds',
      { ...goodCard, number: TEST_CARDS.insufficientFunds },
      CardErrors.insufficientFunds,
    ],
    ['bad Luhn', { ...goodCard, number: '4242424242424241' }, CardErrors.invalidNumber],
    ['not digits', { ...goodCard, number: 'abcd' }, CardErrors.invalidNumber],
    ['past expiry', { ...goodCard, expYear: past }, CardErrors.expired],
    ['bad month', { ...goodCard, expMonth: 13 }, CardErrors.invalidExpiryMonth],
    ['month 0', { ...goodCard, expMonth: 0 }, CardErrors.invalidExpiryMonth],
    ['short CVC', { ...goodCard, cvc: '12' }, CardErrors.invalidCvc],
    ['3-digit Amex CVC', { ...goodCard, number: '378282246310005' }, CardErrors.invalidCvc],
  ])('refuses a %s card with 402 and the provider message, unpaid', async (_, card, error) => {
    const order = await placeOrder(t.customer);
    const { clientSecret } = await intentFor(t.customer, order);
    const res = await confirm(clientSecret, card);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: { code: error.code, message: error.message } });
    expect(await intentRow(order._id)).toMatchObject({ status: 'requires_payment_method' });
    expect(await stateOf(order._id)).toMatchObject({ paid: false });
  });

  it('accepts an Amex card with a 4-digit CVC', async () => {
    const order = await placeOrder(t.customer);
    const { clientSecret } = await intentFor(t.customer, order);
    const res = await confirm(clientSecret, {
      ...goodCard,
      number: '378282246310005',
      cvc: '1234',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('succeeds with 4242…, settles the order at once, and lets a declined card retry', async () => {
    const order = await placeOrder(t.customer, 1_000, 1);
    const { clientSecret } = await intentFor(t.customer, order);
    expect(
      (await confirm(clientSecret, { ...goodCard, number: TEST_CARDS.declined })).statusCode,
    ).toBe(402);
    const res = await confirm(clientSecret, { ...goodCard, number: '4242 4242 4242 4242' });
    expect(res.statusCode, res.body).toBe(200);
    const body = TestConfirmResponseSchema.parse(res.json());
    expect(body.paymentIntent).toMatchObject({ status: 'succeeded', amount: 1_000 });
    expect(clientSecret.startsWith(`${body.paymentIntent.id}_secret_`)).toBe(true);
    expect(await intentRow(order._id)).toMatchObject({
      status: 'succeeded',
      cardBrand: 'visa',
      cardLast4: '4242',
    });
    // Like a webhook: the order is paid even if the browser never reports back.
    expect(await stateOf(order._id)).toMatchObject({
      paid: true,
      transactionId: body.paymentIntent.id,
    });

    // Confirming again answers the same success and charges nothing more.
    const again = await confirm(clientSecret, goodCard);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
  });

  it('answers an unknown client secret with 404 in the provider shape', async () => {
    const res = await confirm('pi_test_nope_secret_nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'resource_missing' } });
  });

  it('never stores a card number', async () => {
    const order = await placeOrder(t.customer);
    const { clientSecret } = await intentFor(t.customer, order);
    await confirm(clientSecret, { ...goodCard, number: TEST_CARDS.declined });
    await confirm(clientSecret, goodCard);
    const dump = await t.database.pool.query<{ row: string }>(
      'select row_to_json(p)::text as row from payment_intent p',
    );
    const everything = dump.rows.map((r) => r.row).join('\n');
    expect(everything).not.toContain(TEST_CARDS.success);
    expect(everything).not.toContain(TEST_CARDS.declined);
    expect(everything).not.toContain('424242424242');
  });
});

describe('PATCH /api/purchase/{id}', () => {
  it('marks the order paid after a verified payment, idempotently; then it ships', async () => {
    const order = await placeOrder(t.customer);
    const intentId = await pay(t.customer, order);
    const res = await markPaid(t.customer, order._id, intentId);
    expect(res.statusCode, res.body).toBe(200);
    expect(PurchaseSchema.parse(res.json())).toMatchObject({
      paid: true,
      transactionId: intentId,
      stat: 'pending',
    });
    const again = await markPaid(t.customer, order._id, intentId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ paid: true, transactionId: intentId });

    const shipped = await t.app.inject({
      method: 'PUT',
      url: `/api/purchase/${order._id}`,
      headers: t.admin.headers,
      payload: { stat: 'shipped' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({ stat: 'shipped', paid: true });
  });

  it('refuses a made-up transaction id and changes nothing', async () => {
    const order = await placeOrder(t.customer);
    await intentFor(t.customer, order);
    const res = await markPaid(t.customer, order._id, 'pi_made_up');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: PAYMENT_NOT_FOR_ORDER_MESSAGE });
    expect(await stateOf(order._id)).toMatchObject({ paid: false, transactionId: null });
  });

  it("refuses another order's succeeded payment and changes nothing", async () => {
    const cheap = await placeOrder(t.customer, 100, 1);
    const dear = await placeOrder(t.customer, 100, 1);
    const cheapIntent = await pay(t.customer, cheap);
    await intentFor(t.customer, dear);
    const res = await markPaid(t.customer, dear._id, cheapIntent);
    expect(res.statusCode).toBe(400);
    expect(await stateOf(dear._id)).toMatchObject({ paid: false });
    expect(await stateOf(cheap._id)).toMatchObject({ paid: true, transactionId: cheapIntent });
  });

  it('refuses a payment that has not succeeded', async () => {
    const order = await placeOrder(t.customer);
    const { clientSecret } = await intentFor(t.customer, order);
    await confirm(clientSecret, { ...goodCard, number: TEST_CARDS.declined });
    const intentId = clientSecret.split('_secret_')[0]!;
    const res = await markPaid(t.customer, order._id, intentId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: PAYMENT_NOT_SUCCEEDED_MESSAGE });
    expect(await stateOf(order._id)).toMatchObject({ paid: false });
  });

  it('never pays with an intent for another amount than the order total, and refunds it', async () => {
    const order = await placeOrder(t.customer);
    const intentId = await succeededButUnrecorded(t.customer, order);
    await t.database.db
      .update(paymentIntent)
      .set({ amountCents: 1 })
      .where(eq(paymentIntent.id, intentId));
    const res = await markPaid(t.customer, order._id, intentId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: PAYMENT_AMOUNT_CHANGED_MESSAGE });
    expect(await stateOf(order._id)).toMatchObject({ paid: false });
    expect(await intentRow(order._id)).toMatchObject({ status: 'refunded' });
  });

  it("answers someone else's order as not found", async () => {
    const order = await placeOrder(t.customer);
    const intentId = await succeededButUnrecorded(t.customer, order);
    const res = await markPaid(t.other, order._id, intentId);
    expect(res.statusCode).toBe(404);
    expect(await stateOf(order._id)).toMatchObject({ paid: false });
  });
});

describe('payments in flight vs cancel and expiry', () => {
  it('refuses to cancel an order whose payment succeeded but is not yet recorded', async () => {
    const order = await placeOrder(t.customer);
    const intentId = await succeededButUnrecorded(t.customer, order);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/purchase/${order._id}`,
      headers: t.customer.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: PAYMENT_IN_FLIGHT_MESSAGE });
    expect(await stateOf(order._id)).toMatchObject({ status: 'pending', paid: false });

    // Nor does it expire meanwhile; the payment is then recorded as usual.
    await t.database.db
      .update(purchase)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(purchase.id, order._id));
    await t.app.inject({ url: `/api/purchase/${order._id}`, headers: t.customer.headers });
    expect(await stateOf(order._id)).toMatchObject({ status: 'pending' });
    expect((await markPaid(t.customer, order._id, intentId)).statusCode).toBe(200);
  });

  it('cancelling the order cancels its intent: the confirm is refused, no card is charged', async () => {
    const order = await placeOrder(t.customer);
    const { clientSecret } = await intentFor(t.customer, order);
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/purchase/${order._id}`,
      headers: t.customer.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await intentRow(order._id)).toMatchObject({ status: 'canceled' });
    const confirmed = await confirm(clientSecret);
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json()).toMatchObject({
      error: { code: 'payment_intent_unexpected_state' },
    });
    expect(await intentRow(order._id)).toMatchObject({ status: 'canceled', cardLast4: null });
    expect(await stateOf(order._id)).toMatchObject({ status: 'cancelled', paid: false });
  });

  it('refunds a payment that succeeded at the provider before the cancel reached it, once', async () => {
    const order = await placeOrder(t.customer);
    await intentFor(t.customer, order);
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/purchase/${order._id}`,
      headers: t.customer.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    // The provider confirmed the card just before our cancel reached it (possible with Stripe).
    const intentId = (await intentRow(order._id))!.id;
    await t.database.db
      .update(paymentIntent)
      .set({ status: 'succeeded' })
      .where(eq(paymentIntent.id, intentId));

    for (let i = 0; i < 2; i += 1) {
      const res = await markPaid(t.customer, order._id, intentId);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: PAYMENT_REFUNDED_MESSAGE });
    }
    expect(await stateOf(order._id)).toMatchObject({ status: 'cancelled', paid: false });
    const row = await intentRow(order._id);
    expect(row).toMatchObject({ status: 'refunded' });
    expect(row?.refundedAt).toBeInstanceOf(Date);
    const detail = await t.app.inject({
      url: `/api/purchase/${order._id}`,
      headers: t.customer.headers,
    });
    expect(
      (detail.json() as { timeline: { event: string }[] }).timeline.map((e) => e.event),
    ).toEqual(['placed', 'cancelled', 'refunded']);
  });

  it('expiry cancels the intent; a payment the provider took anyway is refunded', async () => {
    const order = await placeOrder(t.customer);
    const { clientSecret } = await intentFor(t.customer, order);
    await t.database.db
      .update(purchase)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(purchase.id, order._id));
    await t.app.inject({ url: `/api/purchase/${order._id}`, headers: t.customer.headers });
    expect(await stateOf(order._id)).toMatchObject({ status: 'expired' });
    // Expiry cancels the intent too: the secret no longer charges the card.
    const confirmed = await confirm(clientSecret);
    expect(confirmed.statusCode).toBe(400);
    const intentId = (await intentRow(order._id))!.id;
    // Had the provider confirmed it first, the payment goes back.
    await t.database.db
      .update(paymentIntent)
      .set({ status: 'succeeded' })
      .where(eq(paymentIntent.id, intentId));
    const res = await markPaid(t.customer, order._id, intentId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: PAYMENT_REFUNDED_MESSAGE });
    expect(await intentRow(order._id)).toMatchObject({ status: 'refunded' });
  });
});
