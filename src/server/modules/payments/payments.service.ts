import { and, eq, ne, sql } from 'drizzle-orm';
import { ALREADY_PAID_MESSAGE, type PaymentIntentResponse } from '../../../shared/payment.ts';
import { IdSchema } from '../../../shared/ids.ts';
import { orderActions } from '../../../shared/order-actions.ts';
import type { Purchase } from '../../../shared/purchase.ts';
import type { Db } from '../../db/client.ts';
import { orderEvent, paymentEvent, paymentIntent, purchase } from '../../db/schema.ts';
import { Conflict, Invalid, NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/caller.ts';
import { applyEffects, ORDER_NOT_FOUND_MESSAGE } from '../purchases/purchase-lifecycle.ts';
import { expireStaleHolds, getPurchase, markPurchasePaid } from '../purchases/purchases.service.ts';
import type { PaymentProvider } from './payment-provider.ts';

export const ORDER_CANCELLED_MESSAGE = 'This order was cancelled and can no longer be paid.';
export const ORDER_EXPIRED_MESSAGE =
  'This order expired before it was paid and can no longer be paid. Please order again.';
export const PAYMENT_NOT_FOR_ORDER_MESSAGE = 'This payment does not belong to this order.';
export const PAYMENT_NOT_SUCCEEDED_MESSAGE = 'This payment has not succeeded.';
export const PAYMENT_MISMATCH_MESSAGE = 'This payment does not match the order total.';
export const PAYMENT_REFUNDED_MESSAGE = 'This order was cancelled; your payment has been refunded.';

const CURRENCY = 'usd' as const;
const isId = (id: string) => IdSchema.safeParse(id).success;

/**
 * POST /api/create-payment-intent: the order's one intent, for its total as the database has it.
 * Only the owner's pending, unpaid, unexpired orders. Repeated and parallel calls share one intent:
 * the unique index on purchase_id lets one insert win and the others read it.
 */
export async function createPaymentIntent(
  db: Db,
  provider: PaymentProvider,
  caller: AuthUser,
  purchaseId: string,
): Promise<PaymentIntentResponse> {
  if (!isId(purchaseId)) throw new NotFound(ORDER_NOT_FOUND_MESSAGE);
  await expireStaleHolds(db);
  const [order] = await db
    .select({ status: purchase.status, paid: purchase.paid, totalCents: purchase.totalCents })
    .from(purchase)
    .where(and(eq(purchase.id, purchaseId), eq(purchase.userId, caller.id)));
  if (!order) throw new NotFound(ORDER_NOT_FOUND_MESSAGE);
  // The lifecycle's rule, as the payment page's buttons apply it (orderActions().canPay).
  if (!orderActions({ stat: order.status, paid: order.paid }).canPay) {
    if (order.paid) throw new Conflict(ALREADY_PAID_MESSAGE);
    if (order.status === 'expired') throw new Conflict(ORDER_EXPIRED_MESSAGE);
    throw new Conflict(ORDER_CANCELLED_MESSAGE);
  }

  const answer = (row: { clientSecret: string; amountCents: number }) => ({
    clientSecret: row.clientSecret,
    provider: provider.name,
    amount: row.amountCents,
    currency: CURRENCY,
  });
  const existing = await intentOfOrder(db, purchaseId);
  if (existing) return answer(existing);

  const created = await provider.createIntent({
    purchaseId,
    amountCents: order.totalCents,
    currency: CURRENCY,
  });
  await db
    .insert(paymentIntent)
    .values({
      id: created.intentId,
      purchaseId,
      provider: provider.name,
      clientSecret: created.clientSecret,
      amountCents: order.totalCents,
      currency: CURRENCY,
    })
    .onConflictDoNothing();
  const stored = await intentOfOrder(db, purchaseId);
  if (!stored) throw new Error(`payment intent for ${purchaseId} vanished`);
  if (stored.provider === 'test')
    await db.update(purchase).set({ testMode: true }).where(eq(purchase.id, purchaseId));
  return answer(stored);
}

async function intentOfOrder(db: Db, purchaseId: string) {
  const [row] = await db
    .select()
    .from(paymentIntent)
    .where(eq(paymentIntent.purchaseId, purchaseId));
  return row;
}

/**
 * Marks an order paid once the provider confirms that `intentId` succeeded, for this order, for
 * exactly its total in usd (PATCH /api/purchase/{id} and the Stripe webhook). Idempotent. An order
 * cancelled or expired meanwhile is never left charged: the payment is refunded and recorded, and
 * the caller told so.
 */
export async function settlePayment(
  db: Db,
  provider: PaymentProvider,
  purchaseId: string,
  intentId: string,
): Promise<void> {
  if (!isId(purchaseId)) throw new NotFound(ORDER_NOT_FOUND_MESSAGE);
  const [order] = await db.select().from(purchase).where(eq(purchase.id, purchaseId));
  if (!order) throw new NotFound(ORDER_NOT_FOUND_MESSAGE);
  // Only intents we made for this very order count: a made-up or foreign id never reaches the provider.
  const [ours] = await db
    .select()
    .from(paymentIntent)
    .where(and(eq(paymentIntent.id, intentId), eq(paymentIntent.purchaseId, purchaseId)));
  if (!ours || ours.provider !== provider.name) throw new Invalid(PAYMENT_NOT_FOR_ORDER_MESSAGE);
  if (order.paid) {
    if (order.transactionId === intentId) return;
    throw new Conflict(ALREADY_PAID_MESSAGE);
  }
  if (ours.status === 'refunded') throw new Conflict(PAYMENT_REFUNDED_MESSAGE);

  const remote = await provider.retrieveIntent(intentId);
  if (remote?.status === 'canceled') throw new Conflict(ORDER_CANCELLED_MESSAGE);
  if (!remote || remote.status !== 'succeeded') throw new Conflict(PAYMENT_NOT_SUCCEEDED_MESSAGE);
  if (
    remote.purchaseId !== purchaseId ||
    remote.amountCents !== order.totalCents ||
    remote.currency !== CURRENCY
  )
    throw new Invalid(PAYMENT_MISMATCH_MESSAGE);

  if (await markPurchasePaid(db, purchaseId, intentId)) {
    await db
      .update(paymentIntent)
      .set({ status: 'succeeded', lastErrorCode: null, updatedAt: sql`now()` })
      .where(
        and(eq(paymentIntent.id, intentId), eq(paymentIntent.status, 'requires_payment_method')),
      );
    return;
  }
  const [now] = await db
    .select({ status: purchase.status, paid: purchase.paid, transactionId: purchase.transactionId })
    .from(purchase)
    .where(eq(purchase.id, purchaseId));
  if (now?.paid && now.transactionId === intentId) return; // a parallel call recorded it
  if (now?.status === 'cancelled' || now?.status === 'expired') {
    // Money taken for an order that no longer exists goes back (provider first, then our record).
    await provider.refund(intentId);
    await recordRefund(db, purchaseId, intentId);
    throw new Conflict(PAYMENT_REFUNDED_MESSAGE);
  }
  throw new Conflict(ALREADY_PAID_MESSAGE);
}

/**
 * The lifecycle's refund transition: our intent record becomes refunded (the test provider may
 * have done that already) and the timeline says so once: the order row is locked while we look.
 */
async function recordRefund(db: Db, purchaseId: string, intentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`select 1 from ${purchase} where ${purchase.id} = ${purchaseId} for update`,
    );
    await tx
      .update(paymentIntent)
      .set({ status: 'refunded', refundedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(paymentIntent.id, intentId), ne(paymentIntent.status, 'refunded')));
    const [already] = await tx
      .select({ id: orderEvent.id })
      .from(orderEvent)
      .where(and(eq(orderEvent.purchaseId, purchaseId), eq(orderEvent.event, 'refunded')));
    if (!already) await applyEffects(tx, purchaseId, 'refunded', 'system');
  });
}

/** PATCH /api/purchase/{id}: the owner reports a payment; we verify it and answer the order. */
export async function recordPayment(
  db: Db,
  provider: PaymentProvider,
  caller: AuthUser,
  purchaseId: string,
  transactionId: string,
): Promise<Purchase> {
  if (!isId(purchaseId)) throw new NotFound(ORDER_NOT_FOUND_MESSAGE);
  const [owned] = await db
    .select({ id: purchase.id })
    .from(purchase)
    .where(and(eq(purchase.id, purchaseId), eq(purchase.userId, caller.id)));
  // Someone else's order is answered like an unknown one.
  if (!owned) throw new NotFound(ORDER_NOT_FOUND_MESSAGE);
  await settlePayment(db, provider, purchaseId, transactionId);
  return getPurchase(db, caller, purchaseId);
}

/** A provider event (webhook) to apply once. */
export interface ProviderEvent {
  id: string;
  type: string;
  intent?: { id: string; purchaseId: string | null; lastErrorCode: string | null };
}

/**
 * Applies a verified provider event at most once in effect: an event id already recorded is a
 * no-op, and applying is itself idempotent, so a duplicate delivered in parallel is harmless. The
 * event is recorded only after it was applied, so a failure (answered 5xx) is retried by the
 * provider. Out of order is fine: a failure never touches a succeeded intent or a paid order.
 */
export async function applyProviderEvent(
  db: Db,
  provider: PaymentProvider,
  event: ProviderEvent,
  log: { warn(obj: object, msg: string): void },
): Promise<'applied' | 'duplicate'> {
  const [seen] = await db
    .select({ id: paymentEvent.id })
    .from(paymentEvent)
    .where(eq(paymentEvent.id, event.id));
  if (seen) return 'duplicate';
  const intent = event.intent;
  if (event.type === 'payment_intent.succeeded' && intent?.purchaseId) {
    try {
      await settlePayment(db, provider, intent.purchaseId, intent.id);
    } catch (error) {
      // Expected refusals (not ours, refunded, mismatch) will not improve with a retry.
      if (!(error instanceof Conflict || error instanceof Invalid || error instanceof NotFound))
        throw error;
      log.warn({ eventId: event.id, reason: error.message }, 'payment event not applied');
    }
  } else if (event.type === 'payment_intent.payment_failed' && intent) {
    await db
      .update(paymentIntent)
      .set({ lastErrorCode: intent.lastErrorCode ?? 'payment_failed', updatedAt: sql`now()` })
      .where(
        and(eq(paymentIntent.id, intent.id), eq(paymentIntent.status, 'requires_payment_method')),
      );
  }
  await db
    .insert(paymentEvent)
    .values({ id: event.id, provider: provider.name, type: event.type })
    .onConflictDoNothing();
  return 'applied';
}

/**
 * The test processor's equivalent of Stripe's payment_intent.succeeded webhook: right after a
 * successful confirmation the order is settled (verified and marked paid, or refunded if it was
 * cancelled meanwhile), so it never depends on the browser reporting back.
 */
export async function settleConfirmedTestPayment(
  db: Db,
  provider: PaymentProvider,
  intentId: string,
  log: { warn(obj: object, msg: string): void },
): Promise<void> {
  const [intent] = await db
    .select({ purchaseId: paymentIntent.purchaseId })
    .from(paymentIntent)
    .where(eq(paymentIntent.id, intentId));
  if (!intent) return;
  await applyProviderEvent(
    db,
    provider,
    {
      id: `evt_test_${intentId}`,
      type: 'payment_intent.succeeded',
      intent: { id: intentId, purchaseId: intent.purchaseId, lastErrorCode: null },
    },
    log,
  );
}
