import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_REUSED_MESSAGE } from '../../../shared/idempotency.ts';
import { PaymentIntentResponseSchema } from '../../../shared/payment.ts';
import type { Purchase } from '../../../shared/purchase.ts';
import { orderEvent, paymentIdempotencyKey, paymentIntent, purchase } from '../../db/schema.ts';
import { ServiceUnavailable } from '../../errors.ts';
import { signUp, type SignedIn } from '../../testing/accounts.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { createProduct, userIdOf } from '../../testing/factories.ts';
import { checkoutOf, placeTestOrder, storeBasket } from '../../testing/orders.ts';
import { markCheckoutPaid } from '../purchases/purchases.service.ts';
import { idempotencyClaim } from './idempotency.service.ts';
import { runPaymentOnce, sweepPaymentIdempotencyKeys } from './payment-keys.ts';

const t = setUpAppWithAccounts({ customerName: 'Kim Keys' });
const db = () => t.database.db;

const withKey = (who: SignedIn, key: string | undefined) => ({
  ...who.headers,
  ...(key !== undefined && { 'idempotency-key': key }),
});

const askIntent = (who: SignedIn, key: string | undefined, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: withKey(who, key),
    payload,
  });

const markPaid = (who: SignedIn, key: string | undefined, id: string, transactionId: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/purchase/${id}`,
    headers: withKey(who, key),
    payload: { purchase: id, transactionId },
  });

const placeOrder = async (who: SignedIn): Promise<Purchase> =>
  (await placeTestOrder(t, who, { orderQuantity: 1, address: 'A', phone: '1' })).order;

const intentsOf = async (order: Purchase) =>
  (
    await db()
      .select({ n: count() })
      .from(paymentIntent)
      .where(eq(paymentIntent.checkoutId, checkoutOf(order._id)))
  )[0]!.n;

const paidEventsOf = async (order: Purchase) =>
  (
    await db()
      .select({ n: count() })
      .from(orderEvent)
      .where(and(eq(orderEvent.purchaseId, order._id), eq(orderEvent.event, 'paid')))
  )[0]!.n;

const keysOf = async (who: SignedIn) =>
  db()
    .select({ key: paymentIdempotencyKey.key })
    .from(paymentIdempotencyKey)
    .where(eq(paymentIdempotencyKey.userId, await userIdOf(db(), who.email)));

/** An intent the provider took but our record has not seen (its event delayed): PATCH pays. */
async function succeededIntent(who: SignedIn, order: Purchase) {
  const res = await askIntent(who, undefined, { purchaseId: order._id });
  expect(res.statusCode, res.body).toBe(200);
  const intentId = PaymentIntentResponseSchema.parse(res.json()).clientSecret.split('_secret_')[0]!;
  await db()
    .update(paymentIntent)
    .set({ status: 'succeeded' })
    .where(eq(paymentIntent.id, intentId));
  const [row] = await db().select().from(paymentIntent).where(eq(paymentIntent.id, intentId));
  return { intentId, amountCents: row!.amountCents };
}

describe('Idempotency-Key on POST /api/create-payment-intent', () => {
  it('answers a repeat with the same intent, also to concurrent repeats; one intent', async () => {
    const order = await placeOrder(t.customer);
    const payload = { purchaseId: order._id };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => askIntent(t.customer, 'intent-1', payload)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((res) => res.json().clientSecret)).size).toBe(1);
    const again = await askIntent(t.customer, 'intent-1', payload);
    expect(again.json()).toEqual(answers[0]!.json());
    expect(await intentsOf(order)).toBe(1);
    expect(await keysOf(t.customer)).toContainEqual({ key: 'intent-1' });
  });

  it('refuses the key with another body or on another route (422), a malformed key (400)', async () => {
    const [first, second] = [await placeOrder(t.customer), await placeOrder(t.customer)];
    expect((await askIntent(t.customer, 'intent-2', { purchaseId: first._id })).statusCode).toBe(
      200,
    );
    const other = await askIntent(t.customer, 'intent-2', { purchaseId: second._id });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ message: IDEMPOTENCY_KEY_REUSED_MESSAGE });
    expect(await intentsOf(second)).toBe(0);
    const route = await markPaid(t.customer, 'intent-2', first._id, 'pi_made_up');
    expect(route.statusCode).toBe(422);
    expect((await askIntent(t.customer, 'bad key', { purchaseId: first._id })).statusCode).toBe(
      400,
    );
    expect((await markPaid(t.customer, 'x'.repeat(256), first._id, 'pi_x')).statusCode).toBe(400);
  });

  it('keeps keys per account and refuses a key an order request used', async () => {
    const order = await placeOrder(t.customer);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: withKey(t.customer, 'shared-key'),
      payload: { productId: order.productId, orderQuantity: 1, address: 'A' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const res = await askIntent(t.customer, 'shared-key', { purchaseId: order._id });
    expect(res.statusCode).toBe(422);
    const theirs = await placeOrder(t.admin);
    expect((await askIntent(t.admin, 'intent-1', { purchaseId: theirs._id })).statusCode).toBe(200);
  });
});

describe('one namespace of keys per account (issue 39)', () => {
  const ordersOf = async (who: SignedIn) =>
    (
      await db()
        .select({ n: count() })
        .from(purchase)
        .where(eq(purchase.userId, await userIdOf(db(), who.email)))
    )[0]!.n;
  const buy = (who: SignedIn, key: string, productId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: withKey(who, key),
      payload: { productId, orderQuantity: 1, address: 'A' },
    });
  const checkOut = (who: SignedIn, key: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: withKey(who, key),
      payload: { address: 'A' },
    });
  const expectReused = (res: Awaited<ReturnType<typeof buy>>) => {
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ message: IDEMPOTENCY_KEY_REUSED_MESSAGE });
  };

  it('a key used on a payment call places no order with it (POST /api/purchase, /api/checkout)', async () => {
    const buyer = await signUp(t.app, { name: 'Nina Namespace' });
    const order = await placeOrder(buyer);
    expect((await askIntent(buyer, 'paid-first', { purchaseId: order._id })).statusCode).toBe(200);
    const before = await ordersOf(buyer);
    const item = await createProduct(db());

    expectReused(await buy(buyer, 'paid-first', item.id));
    await storeBasket(t, buyer, [[item, 1]]);
    expectReused(await checkOut(buyer, 'paid-first'));
    expect(await ordersOf(buyer)).toBe(before);

    // A key of PATCH /api/purchase/{id} too.
    const { intentId } = await succeededIntent(buyer, order);
    expect((await markPaid(buyer, 'paid-patch', order._id, intentId)).statusCode).toBe(200);
    expectReused(await buy(buyer, 'paid-patch', item.id));
    expect(await ordersOf(buyer)).toBe(before);

    // Another account's key is its own: the same words place its order.
    const placed = await buy(t.other, 'paid-first', item.id);
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it('a key that placed an order is refused on the payment calls', async () => {
    const buyer = await signUp(t.app, { name: 'Omar Order' });
    const item = await createProduct(db());
    const placed = await buy(buyer, 'ordered-first', item.id);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as Purchase;
    expectReused(await askIntent(buyer, 'ordered-first', { purchaseId: order._id }));
    expect(await intentsOf(order)).toBe(0);
    const { intentId } = await succeededIntent(buyer, order);
    expectReused(await markPaid(buyer, 'ordered-first', order._id, intentId));
    expect(await paidEventsOf(order)).toBe(0);
    // The order's own repeat still answers the order.
    const again = await buy(buyer, 'ordered-first', item.id);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ _id: order._id });
  });
});

describe('Idempotency-Key on PATCH /api/purchase/{id}', () => {
  it('pays once with the key written by the payment; repeats answer the paid order', async () => {
    const order = await placeOrder(t.customer);
    const { intentId } = await succeededIntent(t.customer, order);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => markPaid(t.customer, 'pay-1', order._id, intentId)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(4).fill(200));
    for (const res of answers)
      expect(res.json()).toMatchObject({ paid: true, transactionId: intentId });
    const again = await markPaid(t.customer, 'pay-1', order._id, intentId);
    expect(again.json()).toMatchObject({ _id: order._id, paid: true });
    expect(await paidEventsOf(order)).toBe(1);
    const other = await markPaid(t.customer, 'pay-1', order._id, 'pi_another');
    expect(other.statusCode).toBe(422);
  });

  it('keeps no key for a refused call, so its retry is judged afresh', async () => {
    const order = await placeOrder(t.customer);
    const refused = await markPaid(t.customer, 'pay-2', order._id, 'pi_made_up');
    expect(refused.statusCode).toBe(400);
    expect(await keysOf(t.customer)).not.toContainEqual({ key: 'pay-2' });
    const { intentId } = await succeededIntent(t.customer, order);
    const paid = await markPaid(t.customer, 'pay-2', order._id, intentId);
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it('answers the payment whose commit applied although its request ended in a 503', async () => {
    const order = await placeOrder(t.customer);
    const { intentId, amountCents } = await succeededIntent(t.customer, order);
    const request = { headers: { 'idempotency-key': 'stalled' } } as unknown as FastifyRequest;
    const userId = await userIdOf(db(), t.customer.email);
    // The hash of the validated body, as the route computes it.
    const claim = idempotencyClaim(request, userId, `mark-paid ${order._id}`, {
      transactionId: intentId,
    });
    const [row] = await db()
      .select({ checkoutId: purchase.checkoutId })
      .from(purchase)
      .where(eq(purchase.id, order._id));
    // The payment commits with its key, then the connection stalls: the customer sees a 503.
    await expect(
      runPaymentOnce(db(), claim, async (remember) => {
        await markCheckoutPaid(
          db(),
          row!.checkoutId,
          { transactionId: intentId, amountCents },
          remember,
        );
        throw new ServiceUnavailable();
      }),
    ).rejects.toThrow(ServiceUnavailable);
    const retried = await markPaid(t.customer, 'stalled', order._id, intentId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ paid: true, transactionId: intentId });
    expect(await paidEventsOf(order)).toBe(1);
    expect((await markPaid(t.customer, 'stalled', order._id, 'pi_other')).statusCode).toBe(422);
  });

  it('forgets keys after 24 hours: a reuse is then a new request, and the sweep removes them', async () => {
    const [first, second] = [await placeOrder(t.customer), await placeOrder(t.customer)];
    expect((await askIntent(t.customer, 'old', { purchaseId: first._id })).statusCode).toBe(200);
    expect((await askIntent(t.customer, 'older', { purchaseId: first._id })).statusCode).toBe(200);
    const userId = await userIdOf(db(), t.customer.email);
    await db()
      .update(paymentIdempotencyKey)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(
        and(
          eq(paymentIdempotencyKey.userId, userId),
          sql`${paymentIdempotencyKey.key} in ('old', 'older')`,
        ),
      );
    const reused = await askIntent(t.customer, 'old', { purchaseId: second._id });
    expect(reused.statusCode, reused.body).toBe(200);
    expect(await sweepPaymentIdempotencyKeys(db())).toBeGreaterThanOrEqual(1);
    const left = (await keysOf(t.customer)).map((row) => row.key);
    expect(left).toContain('old');
    expect(left).not.toContain('older');
    expect((await askIntent(t.customer, 'old', { purchaseId: first._id })).statusCode).toBe(422);
  });
});
