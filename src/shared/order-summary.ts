import { formatCents } from './money.ts';
import type { PlacedPromotion } from './promotions.ts';

/*
 * Issue 35: every document sums an order's money the same way, from the cents stored on its lines
 * (never recomputed from rates), so the receipt, the mails, the web views and the credit notes
 * show the same cents: subtotal (the lines' net), shipping (net, with the method's name), tax (the
 * lines' tax and the shipping's tax; "VAT" where prices include it) and the total the buyer paid.
 * Issue 36: the subtotal is before the promotions' discount (the lines' unit × quantity); the
 * discount (the lines' `discount_cents`) and each promotion's saving, as placed, follow it.
 */

/** What one order line was charged, in cents (purchase.total/tax/shipping/shipping_tax_cents). */
export interface ChargedLine {
  totalCents: number;
  /** Issue 36: its share of the promotions' discounts (0 or absent: none). */
  discountCents?: number;
  taxCents: number;
  shippingCents: number;
  shippingTaxCents: number;
}

export interface OrderSummaryOptions {
  /** The checkout's country shows prices with VAT included (EU/UK). */
  pricesIncludeTax: boolean;
  /** The shipping method's name as placed ('' for orders from before). */
  shippingMethod: string;
  /** Issue 36: the checkout's promotions as placed (each one's name, code and saving). */
  promotions?: readonly PromotionSaving[];
}

/** What a document says of one promotion (a PlacedPromotion, or the API's in cents). */
export type PromotionSaving = Pick<
  PlacedPromotion,
  'name' | 'code' | 'discountCents' | 'shippingDiscountCents'
>;

export interface OrderSummary {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/** The lines' sums: net subtotal, net shipping, all tax, and the total (their amounts). */
export function sumOrder(lines: readonly ChargedLine[]): OrderSummary {
  let subtotalCents = 0;
  let discountCents = 0;
  let shippingCents = 0;
  let taxCents = 0;
  for (const line of lines) {
    subtotalCents += line.totalCents;
    discountCents += line.discountCents ?? 0;
    shippingCents += line.shippingCents;
    taxCents += line.taxCents + line.shippingTaxCents;
  }
  return {
    subtotalCents,
    discountCents,
    shippingCents,
    taxCents,
    totalCents: subtotalCents - discountCents + shippingCents + taxCents,
  };
}

/** The tax's name: VAT where prices include it, else Tax. */
export const taxLabel = (pricesIncludeTax: boolean) => (pricesIncludeTax ? 'VAT' : 'Tax');

/** A promotion's label on documents: its name, and the code typed for it. */
export const promotionLabel = (promotion: Pick<PromotionSaving, 'name' | 'code'>) =>
  promotion.code ? `${promotion.name} (code ${promotion.code})` : promotion.name;

/** What a promotion saved: "-$10.00", "-$10.00 on shipping", or both. */
export function promotionSavingText(promotion: PromotionSaving): string {
  const parts: string[] = [];
  if (promotion.discountCents > 0 || promotion.shippingDiscountCents === 0)
    parts.push(`-${formatCents(promotion.discountCents)}`);
  if (promotion.shippingDiscountCents > 0)
    parts.push(`-${formatCents(promotion.shippingDiscountCents)} on shipping`);
  return parts.join(', ');
}

/**
 * The summary rows every document prints, label and text: "Subtotal", "Discount" and each
 * promotion ("Promotion: Ten off (code TOOLS10)", "-$10.00") when there are any, "Shipping
 * (Ground)", "Tax" (or "VAT"), "Total" (where prices include VAT: "Total (includes VAT)").
 */
export function orderSummaryRows(
  lines: readonly ChargedLine[],
  options: OrderSummaryOptions,
): [string, string][] {
  const sums = sumOrder(lines);
  const vat = options.pricesIncludeTax;
  return [
    [vat ? 'Subtotal (excl. VAT)' : 'Subtotal', formatCents(sums.subtotalCents)],
    ...(sums.discountCents > 0
      ? ([['Discount', `-${formatCents(sums.discountCents)}`]] as [string, string][])
      : []),
    ...(options.promotions ?? []).map((promotion): [string, string] => [
      `Promotion: ${promotionLabel(promotion)}`,
      promotionSavingText(promotion),
    ]),
    [
      options.shippingMethod ? `Shipping (${options.shippingMethod})` : 'Shipping',
      formatCents(sums.shippingCents),
    ],
    [taxLabel(vat), formatCents(sums.taxCents)],
    [vat ? 'Total (includes VAT)' : 'Total', formatCents(sums.totalCents)],
  ];
}
