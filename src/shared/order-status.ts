/*
 * The order's and the payment intent's states, listed once: the database schema (enum and check
 * constraint), the server's lifecycle machine and the web screens all import them from here.
 */

/**
 * An order's status. Paid-ness is a separate flag: `pending` covers both unpaid and paid-not-shipped.
 * Issue 37: a company member's checkout above their limits is placed `awaiting_approval` (stock
 * held); an approver makes it `pending` or `rejected`.
 */
export const ORDER_STATUSES = [
  'awaiting_approval',
  'pending',
  'shipped',
  'cancelled',
  'expired',
  'rejected',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Orders that still count: the lists show these; cancelled and expired ones are kept, unlisted. */
export const ACTIVE_ORDER_STATUSES = [
  'awaiting_approval',
  'pending',
  'shipped',
] as const satisfies readonly OrderStatus[];

/**
 * Our record of a card payment intent:
 *   requires_payment_method ──confirm──► succeeded ──refund──► refunded
 *            └──────────cancel (order cancelled or expired)──► canceled
 */
export const PAYMENT_INTENT_STATUSES = [
  'requires_payment_method',
  'succeeded',
  'refunded',
  'canceled',
] as const;

/** What an order's timeline records, oldest first. */
export const ORDER_EVENTS = [
  'placed',
  'paid',
  'shipped',
  'cancelled',
  'expired',
  'refunded',
  'return_requested',
  'return_approved',
  'return_rejected',
  'return_received',
  'warranty_registered',
  // Issue 37: approvals and invoices of trade accounts.
  'approval_requested',
  'approved',
  'rejected',
  'invoiced',
] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** SQL list literal of a status list, for check constraints: ('a', 'b'). */
export const sqlList = (values: readonly string[]) => `(${values.map((v) => `'${v}'`).join(', ')})`;
