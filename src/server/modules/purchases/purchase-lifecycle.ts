import { and, eq, getTableName, lt, sql, type SQL } from 'drizzle-orm';
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
  /** The timeline entry it writes. */
  event: OrderEvent;
}

export const TRANSITIONS = {
  pay: { from: 'pending', to: 'pending', paid: false, event: 'paid' },
  ship: { from: 'pending', to: 'shipped', paid: true, event: 'shipped' },
  cancel: { from: 'pending', to: 'cancelled', paid: false, event: 'cancelled' },
  expire: { from: 'pending', to: 'expired', paid: false, event: 'expired' },
} as const satisfies Record<string, Transition>;

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
export function allowed(name: keyof typeof TRANSITIONS): SQL {
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

/** A string literal for SQL text built from the closed sets above (never from user input). */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

const ORDER_EVENT = getTableName(orderEvent);
const OUTBOX = getTableName(outbox);
const PAYMENT_INTENT = getTableName(paymentIntent);

/**
 * The effects of `event` on every order the CTE `source` returns (its `id` column), as CTE parts
 * (each starting with a comma) to append to the statement that made the change, so they commit or
 * roll back with it: the timeline entry, the outbox mails and, when the order ends unpaid, our
 * intent record canceled plus an outbox job to cancel it at the provider. Outbox rows are keyed by
 * order, event and audience, so an effect is queued once however often it is applied. Plain text
 * (no parameters): it is built once per event and actor, and statements built from it can be
 * constant strings. Its CTEs are named `effect_*` (`effectCtes`) and each RETURNs a row per row
 * written, so a later part of the statement can be made to run after them by reading them.
 */
export function effectsSql(event: OrderEvent, actor: Actor, source: string): string {
  const parts = [
    `effect_timeline AS (
      INSERT INTO ${ORDER_EVENT} (purchase_id, event, actor)
      SELECT id, ${literal(event)}, ${literal(actor)} FROM ${source}
      RETURNING purchase_id
    )`,
  ];
  const mails = MAILS[event].map((mail) => {
    const job = [
      `'template', ${literal(mail.template)}`,
      `'purchaseId', id`,
      `'audience', ${literal(mail.audience)}`,
      ...(event === 'cancelled' ? [`'actor', ${literal(actor)}`] : []),
    ];
    return `SELECT 'mail', id::text || ${literal(`:${event}:${mail.audience}`)},
        jsonb_build_object(${job.join(', ')}) FROM ${source}`;
  });
  if (mails.length > 0)
    parts.push(`effect_mails AS (
      INSERT INTO ${OUTBOX} (kind, dedupe_key, payload)
      ${mails.join('\n      UNION ALL ')}
      ON CONFLICT (dedupe_key) DO NOTHING RETURNING id
    )`);
  if (event === 'cancelled' || event === 'expired')
    parts.push(
      `effect_canceled AS (
      UPDATE ${PAYMENT_INTENT} SET status = 'canceled', updated_at = now() FROM ${source}
      WHERE ${PAYMENT_INTENT}.purchase_id = ${source}.id
        AND ${PAYMENT_INTENT}.status = 'requires_payment_method'
      RETURNING ${PAYMENT_INTENT}.id AS intent_id, ${PAYMENT_INTENT}.provider AS provider
    )`,
      `effect_cancel_jobs AS (
      INSERT INTO ${OUTBOX} (kind, dedupe_key, payload)
      SELECT 'cancel-intent', 'cancel-intent:' || intent_id,
        jsonb_build_object('intentId', intent_id, 'provider', provider)
      FROM effect_canceled ON CONFLICT (dedupe_key) DO NOTHING RETURNING id
    )`,
    );
  return parts.map((part) => `, ${part}`).join('\n');
}

/** The names of the CTEs `effectsSql(event, …)` writes with. */
export function effectCtes(event: OrderEvent): string[] {
  return [
    'effect_timeline',
    ...(MAILS[event].length > 0 ? ['effect_mails'] : []),
    ...(event === 'cancelled' || event === 'expired'
      ? ['effect_canceled', 'effect_cancel_jobs']
      : []),
  ];
}

/**
 * The effects of `event` on order `purchaseId`, in ONE statement inside the caller's transaction
 * (the one that made the change). See `effectsSql`.
 */
export async function applyEffects(
  tx: Queryable,
  purchaseId: string,
  event: OrderEvent,
  actor: Actor,
): Promise<void> {
  await tx.execute(sql`
    WITH effect_source AS (SELECT ${purchaseId}::uuid AS id)
    ${sql.raw(effectsSql(event, actor, 'effect_source'))}
    SELECT 1`);
}

/**
 * The effects of expiring many orders at once (the hold-expiry sweep), as CTE parts to append to
 * the statement that expired them (`expired` must RETURN `id`).
 */
export const expiryEffects = sql.raw(effectsSql('expired', 'system', 'expired'));
