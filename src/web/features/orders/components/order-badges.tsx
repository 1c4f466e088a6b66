import type { Purchase } from '../../../../shared/purchase.ts';
import { formatDateTime } from '../lib/order-labels.ts';

/** Marks an order paid (or being paid) through the built-in test processor: no real money. */
export function TestModeBadge() {
  return <span className="badge badge-warning badge-sm">Test mode</span>;
}

/** How long an unpaid order holds its stock. */
export function ReservedUntil({ until }: { until: string }) {
  return <span className="text-sm">Reserved until {formatDateTime(until)}</span>;
}

/** The checkout an order was placed in and the buyer's PO reference, under the product's name. */
export function CheckoutReferences({ order }: { order: Purchase }) {
  return (
    <span className="block text-sm font-normal">
      Checkout {order.checkoutReference}
      {order.poReference && <> · PO reference {order.poReference}</>}
    </span>
  );
}

/** Issue 37: paid on the company's account (no card), and its invoice once issued. */
export function OnAccount({ order }: { order: Pick<Purchase, 'invoiceNumber'> }) {
  return (
    <span className="text-sm">
      <span className="font-semibold">On account</span>
      {order.invoiceNumber && <> · Invoice {order.invoiceNumber}</>}
    </span>
  );
}
