import { centsToDollars, dollarsToCents, formatDollars } from '../../shared/money.ts';
import {
  orderSummaryRows,
  promotionLabel,
  sumOrder,
  type ChargedLine,
  type OrderSummaryOptions,
  type PromotionSaving,
} from '../../shared/order-summary.ts';
import type { Purchase } from '../../shared/purchase.ts';

/*
 * Issue 35: an order's shipping and tax as the server stored them, in the order views (My Orders,
 * an order's detail, the payment page, Manage All Orders): the same rows as the receipt and the
 * mails (shared/order-summary.ts), never recomputed from a rate. Issue 36: with the order's share
 * of the promotions' discounts and its checkout's promotions (names, codes and savings).
 */

/** An order's line as charged, in cents. */
export const chargedLineOf = (order: Purchase): ChargedLine => ({
  totalCents: dollarsToCents(order.totalPrice),
  discountCents: dollarsToCents(order.discount),
  taxCents: dollarsToCents(order.tax),
  shippingCents: dollarsToCents(order.shipping),
  shippingTaxCents: dollarsToCents(order.shippingTax),
});

/**
 * Some of the orders carry shipping, tax or a discount (orders from before, or free and untaxed
 * without promotions, do not).
 */
export const hasCharges = (orders: readonly Purchase[]) =>
  orders.some(
    (order) =>
      order.tax + order.shipping + order.shippingTax + order.discount > 0 ||
      order.promotions.length > 0,
  );

/** The promotions of the orders' checkout (the first order's: one checkout's orders), in cents. */
export const promotionSavingsOf = (orders: readonly Purchase[]): PromotionSaving[] =>
  (orders[0]?.promotions ?? []).map((promotion) => ({
    name: promotion.name,
    code: promotion.code,
    discountCents: dollarsToCents(promotion.discount),
    shippingDiscountCents: dollarsToCents(promotion.shippingDiscount),
  }));

/** What the orders cost in all, with their shipping and tax (dollars). */
export const amountOf = (orders: readonly Purchase[]) =>
  centsToDollars(sumOrder(orders.map(chargedLineOf)).totalCents);

/** Under an order's total in a table: its shipping, tax and amount, when it has any. */
export function OrderCharges({ order }: { order: Purchase }) {
  if (!hasCharges([order])) return null;
  return (
    <div className="text-xs text-base-content/70">
      {order.discount > 0 && <>Discount -${formatDollars(order.discount)} · </>}
      Shipping ${formatDollars(order.shipping)} · Tax $
      {formatDollars(centsToDollars(dollarsToCents(order.tax) + dollarsToCents(order.shippingTax)))}{' '}
      · Amount ${formatDollars(order.amount)}
      {order.promotions.length > 0 && (
        <div>Promotions: {order.promotions.map(promotionLabel).join(', ')}</div>
      )}
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
  const rows = orderSummaryRows(orders.map(chargedLineOf), {
    ...options,
    promotions: options.promotions ?? promotionSavingsOf(orders),
  });
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
