import { AWAITING_APPROVAL_MESSAGE } from '../../../../shared/approvals.ts';
import { CHECKOUT_PLACED_MESSAGE, type CheckoutPlaced } from '../../../../shared/checkout.ts';

/** The toast of a checkout on account that was invoiced at once (issue 37). */
export const invoicedMessage = (invoiceNumber: string) =>
  `${CHECKOUT_PLACED_MESSAGE}. Invoice ${invoiceNumber} issued`;

/**
 * What the checkout page says and where it goes once the order is placed (issue 37): awaiting an
 * approver, or invoiced on account, to My Orders (nothing to pay now); by card, to the payment of
 * its first order.
 */
export function placedOutcome(placed: CheckoutPlaced): {
  message: string;
  next: 'payment' | 'orders';
} {
  if (placed.approval === 'awaiting') return { message: AWAITING_APPROVAL_MESSAGE, next: 'orders' };
  if (placed.paymentMethod === 'account')
    return {
      message: placed.invoice ? invoicedMessage(placed.invoice.number) : CHECKOUT_PLACED_MESSAGE,
      next: 'orders',
    };
  return { message: CHECKOUT_PLACED_MESSAGE, next: 'payment' };
}
