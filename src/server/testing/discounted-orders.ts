import { eq, sql } from 'drizzle-orm';
import type { PlacedPromotion } from '../../shared/promotions.ts';
import type { Purchase } from '../../shared/purchase.ts';
import { checkout, purchase } from '../db/schema.ts';
import type { SignedIn } from './accounts.ts';
import { payWithTestCard } from './aftersale.ts';
import { CA_TAX_PPM, taxedOrder } from './taxed-orders.ts';
import type { TestApp } from './test-app.ts';

/*
 * Orders placed with promotions (issue 36), for the documents and refunds tests. Until the order
 * statement writes them, the discount is set on the placed rows the way it will: the line's
 * `discount_cents`, its tax on the net after the discount (California, 7.25%, half up), and the
 * checkout's `discount_cents` and `promotions`. Then the order is paid (unless `paid` is false):
 * the payment charges the generated `amount_cents`.
 */

export const TEN_PERCENT: Omit<PlacedPromotion, 'discountCents'> = {
  promotionId: '00000000-0000-4000-8000-000000000036',
  name: 'Ten off tools',
  code: 'TOOLS10',
  kind: 'percent_off',
  shippingDiscountCents: 0,
};

/** Tax on `netCents` at California's rate, rounded half up (as the tax step does). */
export const californiaTaxOf = (netCents: number) =>
  Math.floor((2 * netCents * CA_TAX_PPM + 1_000_000) / 2_000_000);

/**
 * The customer's order delivered to California (taxedOrder's: 4 × $25.00 unless told, shipping
 * $10.00 and its tax), with `discountCents` off its line by the promotions `promotions` (default:
 * one "Ten off tools" giving all of it), paid unless `paid` is false.
 */
export async function discountedOrder(
  t: TestApp,
  who: SignedIn,
  options: {
    discountCents: number;
    quantity?: number;
    priceCents?: number;
    name?: string;
    paid?: boolean;
    promotions?: PlacedPromotion[];
  },
): Promise<Purchase> {
  const order = await taxedOrder(t, who, {
    quantity: options.quantity ?? 4,
    priceCents: options.priceCents ?? 2_500,
    ...(options.name ? { name: options.name } : {}),
    paid: false,
  });
  await setDiscount(t, order._id, options.discountCents, {
    ...(options.promotions ? { promotions: options.promotions } : {}),
  });
  if (options.paid !== false) await payWithTestCard(t, who, order);
  return order;
}

/**
 * Puts `discountCents` on a placed line (and sums its checkout's), with its tax on the discounted
 * net (California's, unless `taxCents` says), and the checkout's `promotions` (default: one "Ten
 * off tools" giving `discountCents`).
 */
export async function setDiscount(
  t: TestApp,
  purchaseId: string,
  discountCents: number,
  options: { promotions?: PlacedPromotion[]; taxCents?: number } = {},
): Promise<void> {
  const promotions = options.promotions ?? [{ ...TEN_PERCENT, discountCents }];
  const { db } = t.database;
  const [line] = await db
    .select({ totalCents: purchase.totalCents, checkoutId: purchase.checkoutId })
    .from(purchase)
    .where(eq(purchase.id, purchaseId));
  if (!line) throw new Error('no such order');
  const taxCents = options.taxCents ?? californiaTaxOf(line.totalCents - discountCents);
  await db.update(purchase).set({ discountCents, taxCents }).where(eq(purchase.id, purchaseId));
  await db
    .update(checkout)
    .set({
      discountCents: sql`(SELECT sum(discount_cents) FROM ${purchase} WHERE checkout_id = ${line.checkoutId})::int`,
      taxCents: sql`(SELECT sum(tax_cents + shipping_tax_cents) FROM ${purchase} WHERE checkout_id = ${line.checkoutId})::int`,
      totalCents: sql`(SELECT sum(amount_cents) FROM ${purchase} WHERE checkout_id = ${line.checkoutId})::int`,
      promotions,
    })
    .where(eq(checkout.id, line.checkoutId));
}
