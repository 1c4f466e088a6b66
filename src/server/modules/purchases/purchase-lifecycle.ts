import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import { purchase, type PurchaseStatus } from '../../db/schema.ts';
import { Conflict, NotFound, type AppError } from '../../errors.ts';

/*
 * The order lifecycle, in one place (ARCHITECTURE §5, ADR 005):
 *
 *   pending, unpaid ──pay──► pending, paid ──ship──► shipped
 *      │ cancel (the spec's Delete) ─────────► cancelled   stock returns
 *      └ expire (hold passed) ───────────────► expired     stock returns
 *
 * Every transition is applied as ONE conditional UPDATE whose WHERE is `allowed(transition)`, so of
 * any number of concurrent or repeated attempts exactly one changes the row (and returns the stock
 * with it); the others find nothing to change and `refusal()` tells them why.
 */

interface Transition {
  from: PurchaseStatus;
  to: PurchaseStatus;
  /** The payment state the order must be in. */
  paid: boolean;
  /** Whether the stock the order holds goes back to the product. */
  releasesStock: boolean;
}

export const TRANSITIONS = {
  pay: { from: 'pending', to: 'pending', paid: false, releasesStock: false },
  ship: { from: 'pending', to: 'shipped', paid: true, releasesStock: false },
  cancel: { from: 'pending', to: 'cancelled', paid: false, releasesStock: true },
  expire: { from: 'pending', to: 'expired', paid: false, releasesStock: true },
} as const satisfies Record<string, Transition>;
export type TransitionName = keyof typeof TRANSITIONS;

/** Orders that still count: the lists show these; cancelled and expired ones are kept, unlisted. */
export const ACTIVE_STATUSES = ['pending', 'shipped'] as const satisfies readonly PurchaseStatus[];

export const ORDER_NOT_FOUND_MESSAGE = 'Order not found';
export const PAID_NOT_DELETABLE_MESSAGE = 'Paid orders cannot be deleted';
export const UNPAID_NOT_SHIPPABLE_MESSAGE = 'Only paid orders can be shipped';

/** The SQL condition under which `name` may be applied to a purchase row. */
export function allowed(name: TransitionName): SQL {
  const transition: Transition = TRANSITIONS[name];
  return and(
    eq(purchase.status, transition.from),
    eq(purchase.paid, transition.paid),
    name === 'expire' ? lt(purchase.holdExpiresAt, sql`now()`) : undefined,
  ) as SQL;
}

/** Why `name` cannot be applied to an order in this state (after its conditional UPDATE missed). */
export function refusal(
  name: 'ship' | 'cancel',
  order: { status: PurchaseStatus; paid: boolean },
): AppError {
  if (name === 'cancel') {
    // A cancelled or expired order is gone as far as the customer is concerned.
    if (order.status === 'cancelled' || order.status === 'expired')
      return new NotFound(ORDER_NOT_FOUND_MESSAGE);
    return new Conflict(PAID_NOT_DELETABLE_MESSAGE);
  }
  if (order.status !== 'pending') return new Conflict(`This order is already ${order.status}`);
  return new Conflict(UNPAID_NOT_SHIPPABLE_MESSAGE);
}
