import { centsToDollars, dollarsToCents, formatDollars } from '../../shared/money.ts';
import {
  orderSummaryRows,
  sumOrder,
  type ChargedLine,
  type OrderSummaryOptions,
} from '../../shared/order-summary.ts';
import type { Purchase } from '../../shared/purchase.ts';

/*
 * Issue 35: an order's shipping and tax as the server stored them, in the order views (My Orders,
 * an order's detail, the payment page, Manage All Orders): the same rows as the receipt and the
 * mails (shared/order-summary.ts), never recomputed from a rate.
 */

/** An order's line as charged, in cents. */
export const chargedLineOf = (order: Purchase): ChargedLine => ({
  totalCents: dollarsToCents(order.totalPrice),
  taxCents: dollarsToCents(order.tax),
  shippingCents: dollarsToCents(order.shipping),
  shippingTaxCents: dollarsToCents(order.shippingTax),
});

/** Some of the orders carry shipping or tax (orders from before, or free and untaxed, do not). */
export const hasCharges = (orders: readonly Purchase[]) =>
  orders.some((order) => order.tax + order.shipping + order.shippingTax > 0);

/** What the orders cost in all, with their shipping and tax (dollars). */
export const amountOf = (orders: readonly Purchase[]) =>
  centsToDollars(sumOrder(orders.map(chargedLineOf)).totalCents);

/** Under an order's total in a table: its shipping, tax and amount, when it has any. */
export function OrderCharges({ order }: { order: Purchase }) {
  if (!hasCharges([order])) return null;
  return (
    <div className="text-xs text-base-content/70">
      Shipping ${formatDollars(order.shipping)} · Tax $
      {formatDollars(centsToDollars(dollarsToCents(order.tax) + dollarsToCents(order.shippingTax)))}{' '}
      · Amount ${formatDollars(order.amount)}
    </div>
  );
}

/** The summary rows (Subtotal, Shipping, Tax or VAT, Total) as dt/dd pairs of a grid. */
export function ChargesRows({
  orders,
  options = { pricesIncludeTax: false, shippingMethod: '' },
}: {
  orders: readonly Purchase[];
  options?: OrderSummaryOptions;
}) {
  const rows = orderSummaryRows(orders.map(chargedLineOf), options);
  return (
    <>
      {rows.map(([label, value], index) => (
        <div key={label} className="contents">
          <dt className="font-medium">{label}</dt>
          <dd className={index === rows.length - 1 ? 'font-semibold' : undefined}>{value}</dd>
        </div>
      ))}
    </>
  );
}
