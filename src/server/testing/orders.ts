import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { CheckoutPlacedSchema, type CheckoutPlaced } from '../../shared/checkout.ts';
import { CheckoutQuoteSchema, type CheckoutQuote } from '../../shared/pricing.ts';
import { PurchaseSchema, type Purchase } from '../../shared/purchase.ts';
import type { Db } from '../db/client.ts';
import { basketLine, purchase } from '../db/schema.ts';
import { allowed } from '../modules/purchases/purchase-lifecycle.ts';
import { markCheckoutPaid } from '../modules/purchases/purchases.service.ts';
import type { SignedIn } from './accounts.ts';
import { createProduct, userIdOf, type TestProduct } from './factories.ts';
import type { TestApp } from './test-app.ts';

interface TestOrder {
  /** The product to create for it (createProduct's fields). */
  product?: Partial<Omit<TestProduct, 'id'>>;
  orderQuantity?: number;
  address?: string;
  phone?: string;
}

/** A new product and the customer's order of it, placed through POST /api/purchase (a 201). */
export async function placeTestOrder(
  t: TestApp,
  who: SignedIn,
  { product = {}, orderQuantity = 2, address, phone }: TestOrder = {},
): Promise<{ order: Purchase; productId: string }> {
  const item = await createProduct(t.database.db, product);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: who.headers,
    payload: { productId: item.id, orderQuantity, address, phone },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { order: PurchaseSchema.parse(res.json()), productId: item.id };
}

/**
 * Marks an order's checkout paid as a verified payment of its total would (no provider involved):
 * for tests that need a paid order. True when this call marked it paid.
 */
export async function markOrderPaid(
  db: Db,
  purchaseId: string,
  transactionId: string,
): Promise<boolean> {
  const [order] = await db
    .select({ checkoutId: purchase.checkoutId })
    .from(purchase)
    .where(eq(purchase.id, purchaseId));
  if (!order) return false;
  const [due] = await db
    .select({ cents: sql<number>`coalesce(sum(${purchase.totalCents}), 0)::int` })
    .from(purchase)
    .where(and(eq(purchase.checkoutId, order.checkoutId), allowed('pay')));
  const outcome = await markCheckoutPaid(db, order.checkoutId, {
    transactionId,
    amountCents: due?.cents ?? 0,
  });
  return outcome === 'paid';
}

/** The checkout of an order, as SQL (for conditions on tables keyed by checkout). */
export const checkoutOf = (purchaseId: string) =>
  sql<string>`(select ${purchase.checkoutId} from ${purchase} where ${purchase.id} = ${purchaseId})`;

/** Stores a customer's basket as PUT /api/basket would (that route is the basket module's). */
export async function storeBasket(
  t: TestApp,
  who: SignedIn,
  lines: [Pick<TestProduct, 'id' | 'variantId'>, number][],
): Promise<void> {
  const userId = await userIdOf(t.database.db, who.email);
  await t.database.db.delete(basketLine).where(eq(basketLine.userId, userId));
  await t.database.db.insert(basketLine).values(
    lines.map(([item, quantity], position) => ({
      userId,
      productId: item.id,
      variantId: item.variantId,
      quantity,
      position,
    })),
  );
}

/** POST /api/checkout/quote (the pricing step) of the stored basket, answered as it is. */
export const tryQuote = (t: TestApp, who: SignedIn, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/checkout/quote', headers: who.headers, payload });

/** POST /api/checkout/quote, which must succeed; returns the quote. */
export async function quoteOf(t: TestApp, who: SignedIn, payload: object): Promise<CheckoutQuote> {
  const res = await tryQuote(t, who, payload);
  expect(res.statusCode, res.body).toBe(200);
  return CheckoutQuoteSchema.parse(res.json());
}

/** POST /api/checkout of the stored basket, answered as it is. */
export const tryCheckOut = (
  t: TestApp,
  who: SignedIn,
  payload: object = { address: '1 Bench Street' },
) => t.app.inject({ method: 'POST', url: '/api/checkout', headers: who.headers, payload });

/** POST /api/checkout of the stored basket, which must succeed; returns the 201's body. */
export async function checkOutBasket(
  t: TestApp,
  who: SignedIn,
  payload?: object,
): Promise<CheckoutPlaced> {
  const res = await tryCheckOut(t, who, payload);
  expect(res.statusCode, res.body).toBe(201);
  return CheckoutPlacedSchema.parse(res.json());
}

/** POST /api/create-payment-intent as `who`, with the body given (answered as it is). */
export const askPaymentIntent = (t: TestApp, who: SignedIn, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: who.headers,
    payload,
  });
