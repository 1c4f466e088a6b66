import { and, desc, eq, inArray, ne, notExists, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ALREADY_PAID_MESSAGE,
  type CreatePaymentIntentBodySchema,
  type PaymentIntentResponse,
} from '../../../shared/payment.ts';
import { PRODUCT_WITHDRAWN_MESSAGE } from '../../../shared/for-sale.ts';
import { IdSchema } from '../../../shared/ids.ts';
import { orderActions } from '../../../shared/order-actions.ts';
import type { Purchase } from '../../../shared/purchase.ts';
import type { Db } from '../../db/client.ts';
import {
  checkout,
  orderEvent,
  paymentEvent,
  paymentIntent,
  variantOffer,
  purchase,
} from '../../db/schema.ts';
import { Conflict, Invalid, NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import type { RememberKey } from '../idempotency/index.ts';
import {
  AWAITING_APPROVAL_NOT_PAYABLE_MESSAGE,
  ON_ACCOUNT_NOT_PAYABLE_MESSAGE,
  allowed,
  applyEffects,
  lockAccountOrders,
  ORDER_NOT_FOUND_MESSAGE,
  expireStaleHolds,
  getPurchase,
  markCheckoutPaid,
} from '../purchases/index.ts';
import type { PaymentProvider } from './payment-provider.ts';

export const ORDER_CANCELLED_MESSAGE = 'This order was cancelled and can no longer be paid.';
export const ORDER_EXPIRED_MESSAGE =
  'This order expired before it was paid and can no longer be paid. Please order again.';
export const PAYMENT_NOT_FOR_ORDER_MESSAGE = 'This payment does not belong to this order.';
export const PAYMENT_NOT_SUCCEEDED_MESSAGE = 'This payment has not succeeded.';
export const PAYMENT_MISMATCH_MESSAGE = 'This payment does not match the order total.';
export const PAYMENT_REFUNDED_MESSAGE = 'This order was cancelled; your payment has been refunded.';
export const PAYMENT_AMOUNT_CHANGED_MESSAGE =
  'This order changed after the payment was started; your payment has been refunded. Please pay again.';

/** The 409 of a payment for an order of a product withdrawn by a recall since it was ordered. */
export const withdrawnOrdersMessage = (names: readonly string[]) =>
  `${PRODUCT_WITHDRAWN_MESSAGE}: ${names.join(', ')}. Cancel that order to pay for the rest.`;

type CreatePaymentIntentBody = z.infer<typeof CreatePaymentIntentBodySchema>;

const CURRENCY = 'usd' as const;
const isId = (id: string) => IdSchema.safeParse(id).success;

/** The caller's checkout named by the body: the checkout itself, or any order of it. */
async function ownCheckoutId(
  db: Db,
  caller: AuthUser,
  body: CreatePaymentIntentBody,
): Promise<string> {
  const id = body.checkoutId ?? body.purchaseId ?? '';
  if (!isId(id)) throw new NotFound(ORDER_NOT_FOUND_MESSAGE);
  const [row] =
    body.checkoutId !== undefined
      ? await db
          .select({ checkoutId: checkout.id })
          .from(checkout)
          .where(and(eq(checkout.id, id), eq(checkout.userId, caller.id)))
      : await db
          .select({ checkoutId: purchase.checkoutId })
          .from(purchase)
          .where(and(eq(purchase.id, id), eq(purchase.userId, caller.id)));
  if (!row) throw new NotFound(ORDER_NOT_FOUND_MESSAGE);
  return row.checkoutId;
}

/**
 * What a checkout still has to pay: the amounts (lines, tax, shipping) of its orders the lifecycle
 * lets be paid. None of
 * them may be of a product a safety recall has withdrawn since it was ordered (issue 39): 409
 * naming it, and the customer cancels that order to pay for the rest.
 */
async function amountDue(db: Db, checkoutId: string) {
  const orders = await db
    .select({
      status: purchase.status,
      paid: purchase.paid,
      amountCents: purchase.amountCents,
      onAccount: purchase.onAccount,
      name: purchase.productName,
      withdrawn: sql<boolean>`coalesce(${variantOffer.withdrawn}, false)`,
    })
    .from(purchase)
    .leftJoin(variantOffer, eq(variantOffer.id, purchase.variantId))
    .where(eq(purchase.checkoutId, checkoutId));
  const payable = orders.filter(
    (o) => orderActions({ stat: o.status, paid: o.paid, onAccount: o.onAccount }).canPay,
  );
  const withdrawn = payable.filter((o) => o.withdrawn).map((o) => o.name);
  if (withdrawn.length > 0) throw new Conflict(withdrawnOrdersMessage(withdrawn));
  if (payable.length > 0) return payable.reduce((sum, o) => sum + o.amountCents, 0);
  // Nothing to pay: say why, as the payment page's buttons would (orderActions().canPay).
  if (orders.some((o) => o.paid)) throw new Conflict(ALREADY_PAID_MESSAGE);
  if (orders.some((o) => o.onAccount)) throw new Conflict(ON_ACCOUNT_NOT_PAYABLE_MESSAGE);
  if (orders.some((o) => o.status === 'awaiting_approval'))
    throw new Conflict(AWAITING_APPROVAL_NOT_PAYABLE_MESSAGE);
  if (orders.some((o) => o.status === 'expired')) throw new Conflict(ORDER_EXPIRED_MESSAGE);
  throw new Conflict(ORDER_CANCELLED_MESSAGE);
}

/** The checkout's intent for `amountCents` that can still be (or just was) confirmed. */
async function currentIntent(db: Db, checkoutId: string, amountCents: number) {
  const [row] = await db
    .select()
    .from(paymentIntent)
    .where(
      and(
        eq(paymentIntent.checkoutId, checkoutId),
        eq(paymentIntent.amountCents, amountCents),
        inArray(paymentIntent.status, ['requires_payment_method', 'succeeded']),
      ),
    )
    .orderBy(desc(paymentIntent.createdAt));
  return row;
}

/**
 * POST /api/create-payment-intent: the checkout's intent, for the total of its live orders as the
 * database has it now (`purchaseId` names any order of the checkout). Only the owner's checkouts
 * with something to pay. Repeated and parallel calls share one intent: the partial unique index
 * (one open intent per checkout) lets one insert win and the others read it. After an order of the
 * checkout was cancelled (which cancelled the open intent), the next call makes a new intent for
 * the new total.
 */
export async function createPaymentIntent(
  db: Db,
  provider: PaymentProvider,
  caller: AuthUser,
  body: CreatePaymentIntentBody,
  remember?: RememberKey,
): Promise<PaymentIntentResponse> {
  await expireStaleHolds(db);
  const checkoutId = await ownCheckoutId(db, caller, body);
  const amountCents = await amountDue(db, checkoutId);
  const answer = (row: { clientSecret: string; amountCents: number }) => ({
    clientSecret: row.clientSecret,
    provider: provider.name,
    amount: row.amountCents,
    currency: CURRENCY,
  });
  const existing = await currentIntent(db, checkoutId, amountCents);
  if (existing) return answer(existing);

  const created = await provider.createIntent({ checkoutId, amountCents, currency: CURRENCY });
  const stored = await db.transaction(async (tx) => {
    // Under the account's lock no order of it changes: the intent is stored only for the total
    // it was made for, so an order cancelled meanwhile is never charged.
    await lockAccountOrders(tx, sql`(SELECT user_id FROM ${checkout} WHERE id = ${checkoutId})`);
    const [due] = await tx
      .select({ cents: sql<number>`coalesce(sum(${purchase.amountCents}), 0)::int` })
      .from(purchase)
      .where(and(eq(purchase.checkoutId, checkoutId), allowed('pay')));
    if (due?.cents !== amountCents) return false;
    await tx
      .insert(paymentIntent)
      .values({
        id: created.intentId,
        checkoutId,
        provider: provider.name,
        clientSecret: created.clientSecret,
        amountCents,
        currency: CURRENCY,
      })
      .onConflictDoNothing();
    await remember?.(tx);
    if (provider.name === 'test')
      await tx
        .update(purchase)
        .set({ testMode: true })
        .where(and(eq(purchase.checkoutId, checkoutId), eq(purchase.paid, false)));
    return true;
  });
  // An order was cancelled between the two reads: ask again for the new total (totals only fall).
  if (!stored) return createPaymentIntent(db, provider, caller, body, remember);
  const current = await currentIntent(db, checkoutId, amountCents);
  if (!current) throw new Error(`payment intent for checkout ${checkoutId} vanished`);
  return answer(current);
}

/**
 * Marks a checkout paid once the provider confirms that `intentId` succeeded, for this checkout,
 * for exactly the amount we made it for in usd (PATCH /api/purchase/{id}, the Stripe webhook, the
 * test processor), and only while that amount is still the checkout's total. Idempotent. Money
 * that pays nothing (every order cancelled or expired meanwhile, an order cancelled after the
 * intent was made, or the checkout paid by another intent) is refunded and recorded, and the
 * caller told so.
 */
export async function settlePayment(
  db: Db,
  provider: PaymentProvider,
  checkoutId: string,
  intentId: string,
  remember?: RememberKey,
): Promise<void> {
  // Only intents we made for this very checkout count: a made-up or foreign id never reaches the provider.
  const [ours] = await db
    .select()
    .from(paymentIntent)
    .where(and(eq(paymentIntent.id, intentId), eq(paymentIntent.checkoutId, checkoutId)));
  if (!ours || ours.provider !== provider.name) throw new Invalid(PAYMENT_NOT_FOR_ORDER_MESSAGE);
  const paidWith = async () =>
    (
      await db
        .select({ transactionId: checkout.transactionId })
        .from(checkout)
        .where(eq(checkout.id, checkoutId))
    )[0]?.transactionId;
  if ((await paidWith()) === intentId) return;
  if (ours.status === 'refunded') throw new Conflict(PAYMENT_REFUNDED_MESSAGE);

  const remote = await provider.retrieveIntent(intentId);
  if (remote?.status === 'canceled') throw new Conflict(ORDER_CANCELLED_MESSAGE);
  if (!remote || remote.status !== 'succeeded') throw new Conflict(PAYMENT_NOT_SUCCEEDED_MESSAGE);
  if (
    remote.checkoutId !== checkoutId ||
    remote.amountCents !== ours.amountCents ||
    remote.currency !== CURRENCY
  )
    throw new Invalid(PAYMENT_MISMATCH_MESSAGE);

  const outcome = await markCheckoutPaid(
    db,
    checkoutId,
    { transactionId: intentId, amountCents: ours.amountCents },
    remember,
  );
  if (outcome === 'paid') {
    await db
      .update(paymentIntent)
      .set({ status: 'succeeded', lastErrorCode: null, updatedAt: sql`now()` })
      .where(
        and(eq(paymentIntent.id, intentId), eq(paymentIntent.status, 'requires_payment_method')),
      );
    return;
  }
  const paid = await paidWith();
  if (paid === intentId) return; // a parallel call recorded it
  // Money taken that pays for nothing goes back (provider first, then our record).
  await provider.refund(intentId);
  await recordRefund(db, checkoutId, intentId);
  if (outcome === 'amount changed') throw new Conflict(PAYMENT_AMOUNT_CHANGED_MESSAGE);
  throw new Conflict(paid ? ALREADY_PAID_MESSAGE : PAYMENT_REFUNDED_MESSAGE);
}

/**
 * The lifecycle's refund event: our intent record becomes refunded (the test provider may have
 * done that already) and the timeline of each unpaid order of the checkout says so once, under the
 * account's lock.
 */
async function recordRefund(db: Db, checkoutId: string, intentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAccountOrders(tx, sql`(SELECT user_id FROM ${checkout} WHERE id = ${checkoutId})`);
    await tx
      .update(paymentIntent)
      .set({ status: 'refunded', refundedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(paymentIntent.id, intentId), ne(paymentIntent.status, 'refunded')));
    const orders = await tx
      .select({ id: purchase.id })
      .from(purchase)
      .where(
        and(
          eq(purchase.checkoutId, checkoutId),
          eq(purchase.paid, false),
          notExists(
            tx
              .select({ id: orderEvent.id })
              .from(orderEvent)
              .where(and(eq(orderEvent.purchaseId, purchase.id), eq(orderEvent.event, 'refunded'))),
          ),
        ),
      );
    if (orders.length > 0)
      await applyEffects(
        tx,
        orders.map((order) => order.id),
        'refunded',
        'system',
      );
  });
}

/** PATCH /api/purchase/{id}: the owner reports a payment of the order's checkout; we verify it. */
export async function recordPayment(
  db: Db,
  provider: PaymentProvider,
  caller: AuthUser,
  purchaseId: string,
  transactionId: string,
  remember?: RememberKey,
): Promise<Purchase> {
  if (!isId(purchaseId)) throw new NotFound(ORDER_NOT_FOUND_MESSAGE);
  const [owned] = await db
    .select({ checkoutId: purchase.checkoutId })
    .from(purchase)
    .where(and(eq(purchase.id, purchaseId), eq(purchase.userId, caller.id)));
  // Someone else's order is answered like an unknown one.
  if (!owned) throw new NotFound(ORDER_NOT_FOUND_MESSAGE);
  await settlePayment(db, provider, owned.checkoutId, transactionId, remember);
  return getPurchase(db, caller, purchaseId);
}

/** A provider event (webhook) to apply once. */
export interface ProviderEvent {
  id: string;
  type: string;
  intent?: { id: string; lastErrorCode: string | null };
}

/**
 * Applies a verified provider event at most once in effect: an event id already recorded is a
 * no-op, and applying is itself idempotent, so a duplicate delivered in parallel is harmless. The
 * event is recorded only after it was applied, so a failure (answered 5xx) is retried by the
 * provider. Out of order is fine: a failure never touches a succeeded intent or a paid order. A
 * succeeded intent is settled for the checkout our record of it names; one we never made is
 * ignored.
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
  if (event.type === 'payment_intent.succeeded' && intent) {
    const [ours] = await db
      .select({ checkoutId: paymentIntent.checkoutId })
      .from(paymentIntent)
      .where(eq(paymentIntent.id, intent.id));
    try {
      if (!ours) throw new Invalid(PAYMENT_NOT_FOR_ORDER_MESSAGE);
      await settlePayment(db, provider, ours.checkoutId, intent.id);
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
 * successful confirmation the checkout is settled (verified and marked paid, or refunded if it has
 * nothing left to pay), so it never depends on the browser reporting back.
 */
export async function settleConfirmedTestPayment(
  db: Db,
  provider: PaymentProvider,
  intentId: string,
  log: { warn(obj: object, msg: string): void },
): Promise<void> {
  await applyProviderEvent(
    db,
    provider,
    {
      id: `evt_test_${intentId}`,
      type: 'payment_intent.succeeded',
      intent: { id: intentId, lastErrorCode: null },
    },
    log,
  );
}
