import {
  and,
  eq,
  getTableName,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  ACTIVE_ORDER_STATUSES,
  type OrderEvent,
  type OrderStatus,
} from '../../../shared/order-status.ts';
import type { Queryable } from '../../db/client.ts';
import {
  accountOrders,
  checkout,
  companyAccount,
  orderEvent,
  paymentIntent,
  promotionUse,
  purchase,
  shipmentOrder,
} from '../../db/schema.ts';
import { Conflict, NotFound, type AppError } from '../../errors.ts';
import {
  type Actor,
  defineTransitions,
  fromGuard,
  literal,
  timelineText,
  type Transition,
} from '../lifecycle/index.ts';
import { enqueueText } from '../outbox/index.ts';
import { webhookEffectSql } from '../webhooks/index.ts';
import {
  cancelIntentJob,
  orderMailJob,
  type OrderMailAudience,
  type OrderMailTemplate,
} from './order-jobs.ts';

/*
 * The order lifecycle machine, in one place (spec section 4, ADR 005, ADR 013). Place, pay, ship,
 * cancel, expire and refund all go through it:
 *
 *   (place) ► pending, unpaid ──pay──► pending, paid ──ship──► shipped
 *                │ cancel (the spec's Delete) ─────► cancelled   stock returns, intent canceled
 *                └ expire (hold passed) ───────────► expired     stock returns, intent canceled
 *   refund: a payment that succeeded for a cancelled/expired order goes back (status unchanged);
 *           an admin refunds (part of) a paid order (modules/aftersale/refunds.service.ts)
 *   after the sale (status unchanged): returns, warranty serials (modules/aftersale); their
 *           events go on the same timeline through `applyEffects`
 *
 * The TRANSITION TABLE below is the lifecycle kit's (modules/lifecycle, ADR 045): from-states,
 * to-state, timeline event and who may make it, per transition, as for quotes and returns.
 * STATES live in src/shared/order-status.ts; `orderActions` there is the client's view of the
 * GUARDS below. Every transition is ONE conditional UPDATE whose WHERE is `allowed(transition)`, so
 * of any number of concurrent or repeated attempts exactly one changes the row; the others find
 * nothing to change and `refusal()` tells them why (409). EFFECTS (`applyEffects`) are written in
 * the same transaction as the change: the timeline entry, the outbox jobs (mails, the provider-side
 * cancel of the payment intent) and our intent record's state. Stock is returned by the service in
 * that transaction too, only by the attempt that changed the row, so exactly once.
 *
 * CHECKOUTS (docs/decisions/022): orders are placed, paid and mailed per checkout; shipped,
 * cancelled and expired per order (a shipped order is mailed with its parcel: ADR 051). A
 * transition that ends orders' unpaid time (pay, cancel, expire) decrements their checkout's
 * `unpaid_orders`, and the one that brings it to 0 frees the account's unpaid-checkout slot
 * (`account_orders`), in the same statement as its other effects.
 *
 * LOCK ORDER, so transitions and checkouts never deadlock: the account's `account_orders` row
 * first (a checkout locks it to decide its limits, and so does every transition of the account's
 * orders), then order rows, then the checkout row, then product rows in id order.
 */

interface OrderTransition extends Transition<OrderStatus, OrderEvent> {
  /** The payment state the order must be in. */
  paid: boolean;
}

/** The order machine's transition table (the lifecycle kit's, ADR 045). */
export const TRANSITIONS = defineTransitions<OrderStatus, OrderEvent>()({
  pay: { from: ['pending'], to: 'pending', paid: false, event: 'paid', by: ['customer'] },
  ship: { from: ['pending'], to: 'shipped', paid: true, event: 'shipped', by: ['admin'] },
  cancel: {
    from: ['pending', 'awaiting_approval'],
    to: 'cancelled',
    paid: false,
    event: 'cancelled',
    by: ['customer', 'admin'],
  },
  expire: {
    from: ['pending', 'awaiting_approval'],
    to: 'expired',
    paid: false,
    event: 'expired',
    by: ['system'],
  },
  // Issue 37 (ADR 059): a company member's checkout above their limits, decided by an approver.
  approve: {
    from: ['awaiting_approval'],
    to: 'pending',
    paid: false,
    event: 'approved',
    by: ['customer'],
  },
  reject: {
    from: ['awaiting_approval'],
    to: 'rejected',
    paid: false,
    event: 'rejected',
    by: ['customer'],
  },
} satisfies Record<string, OrderTransition>);

export const ACTIVE_STATUSES = ACTIVE_ORDER_STATUSES;

export type { Actor };

export const ORDER_NOT_FOUND_MESSAGE = 'Order not found';
export const PAID_NOT_DELETABLE_MESSAGE = 'Paid orders cannot be deleted';
export const UNPAID_NOT_SHIPPABLE_MESSAGE = 'Only paid orders can be shipped';
export const PAYMENT_IN_FLIGHT_MESSAGE = 'A payment for this order is being processed.';
export const INVOICED_NOT_DELETABLE_MESSAGE = 'Orders on an invoice cannot be deleted';
export const AWAITING_APPROVAL_NOT_PAYABLE_MESSAGE = 'This order is awaiting approval';
export const ON_ACCOUNT_NOT_PAYABLE_MESSAGE = 'This order is paid on account';

/**
 * Guard: no payment has succeeded for the order's checkout without being recorded yet. While one
 * has, the checkout is about to become paid (PATCH or webhook): cancelling or expiring one of its
 * orders would leave the customer charged for a cancelled order.
 */
export const noPaymentInFlight = sql`not exists (select 1 from ${paymentIntent} where ${paymentIntent.checkoutId} = ${purchase.checkoutId} and ${paymentIntent.status} = 'succeeded')`;

/** The SQL condition under which `name` may be applied to a purchase row (its guards). */
export function allowed(name: keyof typeof TRANSITIONS): SQL {
  const transition: OrderTransition = TRANSITIONS[name];
  return and(
    fromGuard(transition, purchase.status),
    // An invoiced order (issue 37) ships unpaid: its invoice is its payment.
    name === 'ship'
      ? or(eq(purchase.paid, true), isNotNull(purchase.invoiceId))
      : eq(purchase.paid, transition.paid),
    name === 'expire' ? lt(purchase.holdExpiresAt, sql`now()`) : undefined,
    name === 'cancel' || name === 'expire' ? noPaymentInFlight : undefined,
    // An order on an invoice is never deleted; one on account is never paid by card.
    name === 'cancel' ? isNull(purchase.invoiceId) : undefined,
    name === 'pay' ? eq(purchase.onAccount, false) : undefined,
  ) as SQL;
}

/** Why `name` cannot be applied to an order in this state (after its conditional UPDATE missed). */
export function refusal(
  name: 'ship' | 'cancel',
  order: { status: OrderStatus; paid: boolean; invoiceId?: string | null },
): AppError {
  if (name === 'cancel') {
    // A cancelled, expired or rejected order is gone as far as the customer is concerned.
    if (order.status === 'cancelled' || order.status === 'expired' || order.status === 'rejected')
      return new NotFound(ORDER_NOT_FOUND_MESSAGE);
    if (order.invoiceId) return new Conflict(INVOICED_NOT_DELETABLE_MESSAGE);
    // Still pending and unpaid, so only the in-flight payment stopped it.
    if (order.status === 'pending' && !order.paid) return new Conflict(PAYMENT_IN_FLIGHT_MESSAGE);
    return new Conflict(PAID_NOT_DELETABLE_MESSAGE);
  }
  if (order.status === 'awaiting_approval')
    return new Conflict(AWAITING_APPROVAL_NOT_PAYABLE_MESSAGE);
  if (order.status !== 'pending') return new Conflict(`This order is already ${order.status}`);
  return new Conflict(UNPAID_NOT_SHIPPABLE_MESSAGE);
}

const MAILS: Record<OrderEvent, { template: OrderMailTemplate; audience: OrderMailAudience }[]> = {
  placed: [{ template: 'order.placed', audience: 'customer' }],
  paid: [
    { template: 'order.paid', audience: 'customer' },
    { template: 'order.paid.admin', audience: 'admins' },
  ],
  shipped: [{ template: 'order.shipped', audience: 'customer' }],
  cancelled: [{ template: 'order.cancelled', audience: 'customer' }],
  expired: [{ template: 'order.expired', audience: 'customer' }],
  // Issue 37: the company's approvers are asked, the buyer is told either way; the invoice's own
  // mail is the invoices module's (it is not an order's).
  approval_requested: [{ template: 'order.approval_requested', audience: 'approvers' }],
  approved: [{ template: 'order.approved', audience: 'customer' }],
  rejected: [{ template: 'order.rejected', audience: 'customer' }],
  invoiced: [],
  // After the sale (modules/aftersale): their mails are keyed per refund or return, not per order.
  refunded: [],
  return_requested: [],
  return_approved: [],
  return_rejected: [],
  return_received: [],
  warranty_registered: [],
};

/** The events mailed once per checkout, listing its orders; the others are mailed per order. */
const CHECKOUT_EVENTS: readonly OrderEvent[] = [
  'placed',
  'paid',
  'approval_requested',
  'approved',
  'rejected',
];
/**
 * The events that end orders' unpaid time: their checkout's unpaid count goes down. An invoice
 * (issue 37) ends it too: the order is then paid on account.
 */
const UNPAID_ENDED: readonly OrderEvent[] = [
  'paid',
  'cancelled',
  'expired',
  'rejected',
  'invoiced',
];
/**
 * The events that end orders which may hold company credit (issue 37, ADR 059): an on-account order
 * not invoiced yet (awaiting approval) gives its amount back to its company's balance.
 */
const CREDIT_RELEASING: readonly OrderEvent[] = ['cancelled', 'expired', 'rejected'];
const COMPANY_ACCOUNT = getTableName(companyAccount);
const PURCHASE = getTableName(purchase);

/** The orders' timeline (after-sale events go on it too). */
const TIMELINE = { table: getTableName(orderEvent), subject: 'purchase_id' };
const PAYMENT_INTENT = getTableName(paymentIntent);
const CHECKOUT = getTableName(checkout);
const ACCOUNT_ORDERS = getTableName(accountOrders);
const PROMOTION_USE = getTableName(promotionUse);
/** The events that can end a checkout unpaid: its promotions' uses are then released. */
const RELEASING: readonly OrderEvent[] = ['cancelled', 'expired', 'rejected'];

/**
 * The effects of `event` on every order the CTE `source` returns (its `id` and `checkout_id`
 * columns), as CTE parts (each starting with a comma) to append to the statement that made the
 * change, so they commit or roll back with it: the timeline entry per order; the outbox mails (one
 * per checkout for placed and paid, else one per order); when orders end unpaid, our open intent of
 * their checkout canceled plus an outbox job to cancel it at the provider; and when orders stop
 * being unpaid, their checkout's and account's unpaid counts. Outbox rows are keyed by order or
 * checkout, event and audience, so an effect is queued once however often it is applied. Plain
 * text (no parameters): it is built once per event and actor, and statements built from it can be
 * constant strings. `checkoutSet` (SQL text `column = value, …`) sets more of the checkout row in
 * the same UPDATE as its unpaid count: a statement may change a row once only (the pay statement
 * records the payment and the receipt number there: pay-statement.ts).
 */
export function effectsSql(
  event: OrderEvent,
  actor: Actor,
  source: string,
  { checkoutSet }: { checkoutSet?: string } = {},
): string {
  const parts = [
    `effect_timeline AS (
      ${timelineText(TIMELINE, event, actor, source, 'purchase_id')}
    )`,
  ];
  const perCheckout = CHECKOUT_EVENTS.includes(event);
  // Shipped: one mail per parcel (its orders and tracking link); `source` has `shipment_id`.
  const perParcel = event === 'shipped';
  const subject = perCheckout ? 'checkout_id' : perParcel ? 'shipment_id' : 'id';
  const mails = MAILS[event].map((mail) => {
    const template = literal(mail.template);
    const rest = {
      audience: literal(mail.audience),
      ...(event === 'cancelled' ? { actor: literal(actor) } : {}),
    };
    return {
      key: `${subject}::text || ${literal(`:${event}:${mail.audience}`)}`,
      from: `${source} GROUP BY ${subject}`,
      payload: perCheckout
        ? { template, checkoutId: subject, ...rest }
        : perParcel
          ? { template, shipmentId: subject, ...rest }
          : { template, purchaseId: subject, ...rest },
    };
  });
  if (mails.length > 0)
    parts.push(`effect_mails AS (
      ${enqueueText(orderMailJob, ...mails)}
    )`);
  if (RELEASING.includes(event))
    parts.push(
      `effect_canceled AS (
      UPDATE ${PAYMENT_INTENT} SET status = 'canceled', updated_at = now()
      WHERE ${PAYMENT_INTENT}.checkout_id IN (SELECT checkout_id FROM ${source})
        AND ${PAYMENT_INTENT}.status = 'requires_payment_method'
      RETURNING ${PAYMENT_INTENT}.id AS intent_id, ${PAYMENT_INTENT}.provider AS provider
    )`,
      `effect_cancel_jobs AS (
      ${enqueueText(cancelIntentJob, {
        key: `'cancel-intent:' || intent_id`,
        from: 'effect_canceled',
        payload: { intentId: 'intent_id', provider: 'provider' },
      })}
    )`,
    );
  if (UNPAID_ENDED.includes(event))
    parts.push(
      `effect_checkout_unpaid AS (
      UPDATE ${CHECKOUT} SET unpaid_orders = ${CHECKOUT}.unpaid_orders - ended.n${checkoutSet ? `, ${checkoutSet}` : ''}
      FROM (SELECT checkout_id, count(*)::int AS n FROM ${source} GROUP BY checkout_id) AS ended
      WHERE ${CHECKOUT}.id = ended.checkout_id
      RETURNING ${CHECKOUT}.id, ${CHECKOUT}.user_id, ${CHECKOUT}.unpaid_orders
    )`,
      `effect_account_unpaid AS (
      UPDATE ${ACCOUNT_ORDERS} SET unpaid_checkouts = ${ACCOUNT_ORDERS}.unpaid_checkouts - settled.n
      FROM (SELECT user_id, count(*)::int AS n FROM effect_checkout_unpaid
        WHERE unpaid_orders = 0 GROUP BY user_id) AS settled
      WHERE ${ACCOUNT_ORDERS}.user_id = settled.user_id
      RETURNING 1
    )`,
    );
  // An on-account order ended before its invoice gives back the credit it reserved (ADR 059). The
  // company's row is locked here, after the order rows and before any stock row (the lock order).
  if (CREDIT_RELEASING.includes(event))
    parts.push(
      `effect_credit_released AS (
      UPDATE ${COMPANY_ACCOUNT} SET balance_cents = ${COMPANY_ACCOUNT}.balance_cents - released.cents,
        updated_at = now()
      FROM (SELECT p.organization_id, sum(p.amount_cents)::bigint AS cents
        FROM ${source} JOIN ${PURCHASE} AS p ON p.id = ${source}.id
        WHERE p.on_account AND p.invoice_id IS NULL GROUP BY p.organization_id) AS released
      WHERE ${COMPANY_ACCOUNT}.organization_id = released.organization_id
      RETURNING 1
    )`,
    );
  // A checkout whose last unpaid orders were cancelled or expired was never paid: its promotions'
  // uses are released (docs/decisions/055; a use counts while its row is not released).
  if (RELEASING.includes(event))
    parts.push(
      `effect_uses_released AS (
      UPDATE ${PROMOTION_USE} SET released_at = now()
      WHERE ${PROMOTION_USE}.checkout_id IN (SELECT id FROM effect_checkout_unpaid
          WHERE unpaid_orders = 0)
        AND ${PROMOTION_USE}.released_at IS NULL
      RETURNING 1
    )`,
    );
  // The order's webhook (order.placed, paid, shipped, refunded) to every subscribed endpoint.
  const webhooks = webhookEffectSql(event, source);
  if (webhooks) parts.push(webhooks);
  return parts.map((part) => `, ${part}`).join('\n');
}

/** The names of the CTEs `effectsSql(event, …)` writes with (each RETURNs a row per row written). */
export function effectCtes(event: OrderEvent): string[] {
  return [
    'effect_timeline',
    ...(MAILS[event].length > 0 ? ['effect_mails'] : []),
    ...(RELEASING.includes(event) ? ['effect_canceled', 'effect_cancel_jobs'] : []),
    ...(UNPAID_ENDED.includes(event) ? ['effect_checkout_unpaid', 'effect_account_unpaid'] : []),
    ...(CREDIT_RELEASING.includes(event) ? ['effect_credit_released'] : []),
    ...(RELEASING.includes(event) ? ['effect_uses_released'] : []),
    ...(webhookEffectSql(event, 'x') ? ['effect_webhooks'] : []),
  ];
}

/**
 * The effects of `event` on the orders `purchaseIds`, in ONE statement inside the caller's
 * transaction (the one that made the change). See `effectsSql`.
 */
export async function applyEffects(
  tx: Queryable,
  purchaseIds: readonly string[],
  event: OrderEvent,
  actor: Actor,
): Promise<void> {
  // Shipped orders are mailed per parcel: the source names each order's (shipments.service.ts).
  const parcel =
    event === 'shipped'
      ? sql`, (SELECT ${shipmentOrder.shipmentId} FROM ${shipmentOrder} WHERE ${shipmentOrder.purchaseId} = ${purchase.id}) AS shipment_id`
      : sql``;
  await tx.execute(sql`
    WITH effect_source AS (
      SELECT id, checkout_id${parcel} FROM ${purchase} WHERE ${inArray(purchase.id, [...purchaseIds])}
    )
    ${sql.raw(effectsSql(event, actor, 'effect_source'))}
    SELECT 1`);
}

/**
 * Locks the `account_orders` row of the account `userId` (SQL: a value or a subquery): the first
 * lock of every transition of its orders (see LOCK ORDER above). In READ COMMITTED, each later
 * statement of the transaction then sees every change the account's other transitions committed.
 */
export async function lockAccountOrders(tx: Queryable, userId: SQL): Promise<void> {
  await tx.execute(
    sql`SELECT 1 FROM ${accountOrders} WHERE ${accountOrders.userId} = ${userId} FOR UPDATE`,
  );
}

/**
 * The effects of expiring many orders at once (the hold-expiry sweep), as CTE parts to append to
 * the statement that expired them (`expired` must RETURN `id` and `checkout_id`).
 */
export const expiryEffects = sql.raw(effectsSql('expired', 'system', 'expired'));
