import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import {
  ACTIVE_ORDER_STATUSES,
  type OrderEvent,
  type OrderStatus,
} from '../../../shared/order-status.ts';
import type { Queryable } from '../../db/client.ts';
import { orderEvent, outbox, paymentIntent, purchase } from '../../db/schema.ts';
import { Conflict, NotFound, type AppError } from '../../errors.ts';

/*
 * The order lifecycle machine, in one place (spec section 4, ADR 005, ADR 013). Place, pay, ship,
 * cancel, expire and refund all go through it:
 *
 *   (place) ► pending, unpaid ──pay──► pending, paid ──ship──► shipped
 *                │ cancel (the spec's Delete) ─────► cancelled   stock returns, intent canceled
 *                └ expire (hold passed) ───────────► expired     stock returns, intent canceled
 *   refund: a payment that succeeded for a cancelled/expired order goes back (status unchanged)
 *
 * STATES live in src/shared/order-status.ts; `orderActions` there is the client's view of the
 * GUARDS below. Every transition is ONE conditional UPDATE whose WHERE is `allowed(transition)`, so
 * of any number of concurrent or repeated attempts exactly one changes the row; the others find
 * nothing to change and `refusal()` tells them why (409). EFFECTS (`applyEffects`) are written in
 * the same transaction as the change: the timeline entry, the outbox jobs (mails, the provider-side
 * cancel of the payment intent) and our intent record's state. Stock is returned by the service in
 * that transaction too, only by the attempt that changed the row, so exactly once.
 */

interface Transition {
  from: OrderStatus;
  to: OrderStatus;
  /** The payment state the order must be in. */
  paid: boolean;
  /** Whether the stock the order holds goes back to the product. */
  releasesStock: boolean;
  /** The timeline entry it writes. */
  event: OrderEvent;
}

export const TRANSITIONS = {
  pay: { from: 'pending', to: 'pending', paid: false, releasesStock: false, event: 'paid' },
  ship: { from: 'pending', to: 'shipped', paid: true, releasesStock: false, event: 'shipped' },
  cancel: {
    from: 'pending',
    to: 'cancelled',
    paid: false,
    releasesStock: true,
    event: 'cancelled',
  },
  expire: { from: 'pending', to: 'expired', paid: false, releasesStock: true, event: 'expired' },
} as const satisfies Record<string, Transition>;
export type TransitionName = keyof typeof TRANSITIONS;

export const ACTIVE_STATUSES = ACTIVE_ORDER_STATUSES;

export const ORDER_NOT_FOUND_MESSAGE = 'Order not found';
export const PAID_NOT_DELETABLE_MESSAGE = 'Paid orders cannot be deleted';
export const UNPAID_NOT_SHIPPABLE_MESSAGE = 'Only paid orders can be shipped';
export const PAYMENT_IN_FLIGHT_MESSAGE = 'A payment for this order is being processed.';

/**
 * Guard: no payment has succeeded for the order without being recorded on it yet. While one has,
 * the order is about to become paid (PATCH or webhook): cancelling or expiring it would leave the
 * customer charged for a cancelled order.
 */
export const noPaymentInFlight = sql`not exists (select 1 from ${paymentIntent} where ${paymentIntent.purchaseId} = ${purchase.id} and ${paymentIntent.status} = 'succeeded')`;

/** The SQL condition under which `name` may be applied to a purchase row (its guards). */
export function allowed(name: TransitionName): SQL {
  const transition: Transition = TRANSITIONS[name];
  return and(
    eq(purchase.status, transition.from),
    eq(purchase.paid, transition.paid),
    name === 'expire' ? lt(purchase.holdExpiresAt, sql`now()`) : undefined,
    name === 'cancel' || name === 'expire' ? noPaymentInFlight : undefined,
  ) as SQL;
}

/** Why `name` cannot be applied to an order in this state (after its conditional UPDATE missed). */
export function refusal(
  name: 'ship' | 'cancel',
  order: { status: OrderStatus; paid: boolean },
): AppError {
  if (name === 'cancel') {
    // A cancelled or expired order is gone as far as the customer is concerned.
    if (order.status === 'cancelled' || order.status === 'expired')
      return new NotFound(ORDER_NOT_FOUND_MESSAGE);
    // Still pending and unpaid, so only the in-flight payment stopped it.
    if (order.status === 'pending' && !order.paid) return new Conflict(PAYMENT_IN_FLIGHT_MESSAGE);
    return new Conflict(PAID_NOT_DELETABLE_MESSAGE);
  }
  if (order.status !== 'pending') return new Conflict(`This order is already ${order.status}`);
  return new Conflict(UNPAID_NOT_SHIPPABLE_MESSAGE);
}

/** Who made a transition, as the timeline shows it. */
export type Actor = 'customer' | 'admin' | 'system';

/** The mails of the outbox (rendered when sent: src/server/modules/notifications/order-mails.ts). */
export type OrderMailTemplate =
  | 'order.placed'
  | 'order.paid'
  | 'order.paid.admin'
  | 'order.shipped'
  | 'order.cancelled'
  | 'order.expired';

export interface OrderMailJob {
  template: OrderMailTemplate;
  purchaseId: string;
  /** The order's customer, or the admins (ORDER_NOTIFY_EMAILS, else every admin) in one mail. */
  audience: 'customer' | 'admins';
  /** Who cancelled (for order.cancelled). */
  actor?: Actor;
}
export interface CancelIntentJob {
  intentId: string;
  provider: string;
}

const MAILS: Record<
  OrderEvent,
  { template: OrderMailTemplate; audience: 'customer' | 'admins' }[]
> = {
  placed: [{ template: 'order.placed', audience: 'customer' }],
  paid: [
    { template: 'order.paid', audience: 'customer' },
    { template: 'order.paid.admin', audience: 'admins' },
  ],
  shipped: [{ template: 'order.shipped', audience: 'customer' }],
  cancelled: [{ template: 'order.cancelled', audience: 'customer' }],
  expired: [{ template: 'order.expired', audience: 'customer' }],
  refunded: [],
};

/**
 * The effects of `event` on order `purchaseId`, in ONE statement inside the caller's transaction
 * (the one that made the change): the timeline entry, the outbox mails and, when the order ends
 * unpaid, our intent record canceled plus an outbox job to cancel it at the provider. Outbox rows
 * are keyed by order, event and audience, so an effect is queued once however often it is applied.
 */
export async function applyEffects(
  tx: Queryable,
  purchaseId: string,
  event: OrderEvent,
  actor: Actor,
): Promise<void> {
  const mails = MAILS[event].map((mail) => {
    const job: OrderMailJob = { ...mail, purchaseId, ...(event === 'cancelled' ? { actor } : {}) };
    return sql`('mail', ${`${purchaseId}:${event}:${mail.audience}`}, ${JSON.stringify(job)}::jsonb)`;
  });
  const endsUnpaid = event === 'cancelled' || event === 'expired';
  await tx.execute(sql`
    WITH timeline AS (
      INSERT INTO ${orderEvent} (purchase_id, event, actor) VALUES (${purchaseId}, ${event}, ${actor})
    )${
      endsUnpaid
        ? sql`, canceled AS (
      UPDATE ${paymentIntent} SET status = 'canceled', updated_at = now()
      WHERE ${paymentIntent.purchaseId} = ${purchaseId} AND ${paymentIntent.status} = 'requires_payment_method'
      RETURNING ${paymentIntent.id} AS id, ${paymentIntent.provider} AS provider
    ), cancel_jobs AS (
      INSERT INTO ${outbox} (kind, dedupe_key, payload)
      SELECT 'cancel-intent', 'cancel-intent:' || id, jsonb_build_object('intentId', id, 'provider', provider)
      FROM canceled ON CONFLICT (dedupe_key) DO NOTHING
    )`
        : sql``
    }
    ${
      mails.length > 0
        ? sql`INSERT INTO ${outbox} (kind, dedupe_key, payload) VALUES ${sql.join(mails, sql`, `)}
    ON CONFLICT (dedupe_key) DO NOTHING`
        : sql`SELECT 1`
    }
  `);
}

/**
 * The effects of expiring many orders at once (the hold-expiry sweep), as CTE parts to append to
 * the statement that expired them (`expired` must RETURN `id`).
 */
export const expiryEffects = sql`
  , timeline AS (
    INSERT INTO ${orderEvent} (purchase_id, event, actor) SELECT id, 'expired', 'system' FROM expired
  ), mails AS (
    INSERT INTO ${outbox} (kind, dedupe_key, payload)
    SELECT 'mail', id || ':expired:customer',
      jsonb_build_object('template', 'order.expired', 'purchaseId', id, 'audience', 'customer')
    FROM expired ON CONFLICT (dedupe_key) DO NOTHING
  ), canceled AS (
    UPDATE ${paymentIntent} SET status = 'canceled', updated_at = now() FROM expired
    WHERE ${paymentIntent.purchaseId} = expired.id AND ${paymentIntent.status} = 'requires_payment_method'
    RETURNING ${paymentIntent.id} AS intent_id, ${paymentIntent.provider} AS provider
  ), cancel_jobs AS (
    INSERT INTO ${outbox} (kind, dedupe_key, payload)
    SELECT 'cancel-intent', 'cancel-intent:' || intent_id,
      jsonb_build_object('intentId', intent_id, 'provider', provider)
    FROM canceled ON CONFLICT (dedupe_key) DO NOTHING
  )`;
