import { vi, expect } from 'vitest';
import { PaymentIntentResponseSchema, TEST_CARDS } from '../../shared/payment.ts';
import type { Purchase } from '../../shared/purchase.ts';
import { readOutbox, type SignedIn } from './accounts.ts';
import type { MailFile } from './mail-files.ts';
import { createProduct } from './factories.ts';
import { askPaymentIntent, checkOutBasket, placeTestOrder, storeBasket } from './orders.ts';
import type { StripeTestApp } from './stripe-test-app.ts';
import type { TestApp } from './test-app.ts';

/** Pays an order through the built-in test processor (which settles it). */
export async function payWithTestCard(t: TestApp, who: SignedIn, order: Purchase): Promise<void> {
  const intent = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: who.headers,
    payload: { purchaseId: order._id },
  });
  expect(intent.statusCode, intent.body).toBe(200);
  const { clientSecret } = PaymentIntentResponseSchema.parse(intent.json());
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/test-processor/confirm',
    payload: {
      clientSecret,
      card: {
        number: TEST_CARDS.success,
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 1,
        cvc: '123',
      },
      billingDetails: { name: who.name, email: who.email },
    },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

/** A new product, the customer's paid order of it (test processor) and, if asked, shipped. */
export async function paidOrder(
  t: TestApp,
  who: SignedIn,
  options: {
    admin?: SignedIn;
    ship?: boolean;
    quantity?: number;
    priceCents?: number;
    name?: string;
  } = {},
): Promise<{ order: Purchase; productId: string }> {
  const placed = await placeTestOrder(t, who, {
    product: {
      priceCents: options.priceCents ?? 10_000,
      ...(options.name ? { name: options.name } : {}),
    },
    orderQuantity: options.quantity ?? 2,
    address: '9 Anvil Road',
  });
  await payWithTestCard(t, who, placed.order);
  if (options.ship) {
    if (!options.admin) throw new Error('shipping needs an admin');
    const shipped = await t.app.inject({
      method: 'PUT',
      url: `/api/purchase/${placed.order._id}`,
      headers: options.admin.headers,
      payload: { stat: 'shipped' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
  }
  return placed;
}

/**
 * The customer asks `quantity` units of the order back, and the admin approves the return and
 * receives it, putting the units back into stock. Returns the return's id.
 */
export async function returnedIntoStock(
  t: TestApp,
  customer: SignedIn,
  admin: SignedIn,
  orderId: string,
  quantity = 1,
): Promise<string> {
  const asked = await t.app.inject({
    method: 'POST',
    url: `/api/purchase/${orderId}/returns`,
    headers: customer.headers,
    payload: { quantity, reason: 'Defective or damaged', note: '' },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const id = (asked.json() as { _id: string })._id;
  for (const [step, payload] of [
    ['approve', undefined],
    ['receive', { restock: true }],
  ] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/returns/${id}/${step}`,
      headers: admin.headers,
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return id;
}

/** Waits for the outbox worker to write a mail to `to` whose subject starts with `subject`. */
export function mailTo(t: TestApp, to: string, subject: string): Promise<MailFile> {
  return vi.waitFor(
    () => {
      const mail = readOutbox(t, to).find((m) => m.subject.startsWith(subject));
      if (!mail) throw new Error(`no mail "${subject}" to ${to} yet`);
      return mail;
    },
    { timeout: 15_000, interval: 100 },
  );
}

/** A new product (100.00, one unit ordered) and the customer's order of it, paid through the fake Stripe. */
export async function paidByFakeStripe(t: StripeTestApp, who: SignedIn): Promise<Purchase> {
  const { order } = await placeTestOrder(t, who, {
    product: { priceCents: 10_000 },
    orderQuantity: 1,
  });
  const intentId = await payThroughFakeStripe(t, who, { purchaseId: order._id }, order._id);
  return { ...order, transactionId: intentId };
}

/** A checkout of two new products (100.00 each, one unit), paid through the fake Stripe at once. */
export async function checkoutPaidByFakeStripe(
  t: StripeTestApp,
  who: SignedIn,
): Promise<{ orders: Purchase[]; intentId: string }> {
  const a = await createProduct(t.database.db, { priceCents: 10_000 });
  const b = await createProduct(t.database.db, { priceCents: 10_000 });
  await storeBasket(t, who, [
    [a, 1],
    [b, 1],
  ]);
  const placed = await checkOutBasket(t, who);
  const intentId = await payThroughFakeStripe(
    t,
    who,
    { checkoutId: placed.checkoutId },
    placed.orders[0]!._id,
  );
  return {
    orders: placed.orders.map((order) => ({ ...order, transactionId: intentId })),
    intentId,
  };
}

/** Asks for the intent, lets the fake Stripe take the payment and reports it: the intent's id. */
async function payThroughFakeStripe(
  t: StripeTestApp,
  who: SignedIn,
  payload: { purchaseId: string } | { checkoutId: string },
  orderId: string,
): Promise<string> {
  const res = await askPaymentIntent(t, who, payload);
  expect(res.statusCode, res.body).toBe(200);
  const intentId = PaymentIntentResponseSchema.parse(res.json()).clientSecret.split('_secret_')[0]!;
  t.stripe.intents.get(intentId)!.status = 'succeeded';
  const paid = await t.app.inject({
    method: 'PATCH',
    url: `/api/purchase/${orderId}`,
    headers: who.headers,
    payload: { transactionId: intentId },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return intentId;
}
