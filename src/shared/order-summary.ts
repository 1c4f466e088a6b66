import { formatCents } from './money.ts';

/*
 * Issue 35: every document sums an order's money the same way, from the cents stored on its lines
 * (never recomputed from rates), so the receipt, the mails, the web views and the credit notes
 * show the same cents: subtotal (the lines' net), shipping (net, with the method's name), tax (the
 * lines' tax and the shipping's tax; "VAT" where prices include it) and the total the buyer paid.
 */

/** What one order line was charged, in cents (purchase.total/tax/shipping/shipping_tax_cents). */
export interface ChargedLine {
  totalCents: number;
  taxCents: number;
  shippingCents: number;
  shippingTaxCents: number;
}

export interface OrderSummaryOptions {
  /** The checkout's country shows prices with VAT included (EU/UK). */
  pricesIncludeTax: boolean;
  /** The shipping method's name as placed ('' for orders from before). */
  shippingMethod: string;
}

export interface OrderSummary {
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/** The lines' sums: net subtotal, net shipping, all tax, and the total (their amounts). */
export function sumOrder(lines: readonly ChargedLine[]): OrderSummary {
  let subtotalCents = 0;
  let shippingCents = 0;
  let taxCents = 0;
  for (const line of lines) {
    subtotalCents += line.totalCents;
    shippingCents += line.shippingCents;
    taxCents += line.taxCents + line.shippingTaxCents;
  }
  return {
    subtotalCents,
    shippingCents,
    taxCents,
    totalCents: subtotalCents + shippingCents + taxCents,
  };
}

/** The tax's name: VAT where prices include it, else Tax. */
export const taxLabel = (pricesIncludeTax: boolean) => (pricesIncludeTax ? 'VAT' : 'Tax');

/**
 * The summary rows every document prints, label and text: "Subtotal", "Shipping (Ground)",
 * "Tax" (or "VAT"), "Total" (where prices include VAT: "Total (includes VAT)").
 */
export function orderSummaryRows(
  lines: readonly ChargedLine[],
  options: OrderSummaryOptions,
): [string, string][] {
  const sums = sumOrder(lines);
  const vat = options.pricesIncludeTax;
  return [
    [vat ? 'Subtotal (excl. VAT)' : 'Subtotal', formatCents(sums.subtotalCents)],
    [
      options.shippingMethod ? `Shipping (${options.shippingMethod})` : 'Shipping',
      formatCents(sums.shippingCents),
    ],
    [taxLabel(vat), formatCents(sums.taxCents)],
    [vat ? 'Total (includes VAT)' : 'Total', formatCents(sums.totalCents)],
  ];
}
