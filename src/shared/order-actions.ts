import type { OrderStatus } from './order-status.ts';

/** The part of an order the actions depend on (a Purchase from the API has all of it). */
export interface OrderActionState {
  stat: OrderStatus;
  paid: boolean;
  /** ISO time the unpaid order's hold ends; null once paid or when it never had one. */
  reservedUntil?: string | null;
  /** Issue 37: paid on the company's account (never by card), and its invoice once issued. */
  onAccount?: boolean;
  invoiceNumber?: string | null;
}

export interface OrderActions {
  /** The customer may pay (open the payment page, create and confirm an intent). */
  canPay: boolean;
  /** The customer (or an admin) may cancel: the spec's "Delete" of an unpaid order. */
  canCancel: boolean;
  /** An admin may ship it. */
  canShip: boolean;
  /** A receipt exists (paid orders). */
  canDownloadReceipt: boolean;
}

/**
 * What may be done with an order now. Pure, so the buttons of My Orders, Manage All Orders and the
 * payment page show exactly what the server's lifecycle machine allows (it refuses the rest with
 * 409). The server also checks what the client cannot see (a payment in flight, the database clock).
 */
export function orderActions(order: OrderActionState, now: Date = new Date()): OrderActions {
  const unpaidPending = order.stat === 'pending' && !order.paid;
  const awaiting = order.stat === 'awaiting_approval';
  const invoiced = order.invoiceNumber != null;
  const holdPassed =
    order.reservedUntil != null && new Date(order.reservedUntil).getTime() <= now.getTime();
  return {
    canPay: unpaidPending && !order.onAccount && !holdPassed,
    // An order on an invoice is never deleted; one awaiting approval may be withdrawn.
    canCancel: (unpaidPending || awaiting) && !invoiced,
    // An invoiced order ships before it is paid: the invoice is its payment.
    canShip: order.stat === 'pending' && (order.paid || invoiced),
    canDownloadReceipt: order.paid,
  };
}
