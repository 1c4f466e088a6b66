import { asc, eq } from 'drizzle-orm';
import type { CheckoutPlaced } from '../../../shared/checkout.ts';
import { invoiceNumber } from '../../../shared/invoices.ts';
import { centsToDollars } from '../../../shared/money.ts';
import type { Purchase } from '../../../shared/purchase.ts';
import type { Db } from '../../db/client.ts';
import { checkout, invoice, purchase } from '../../db/schema.ts';
import { selectOrders, toPurchase } from './purchases.service.ts';

/** The orders a checkout placed, in the order the statement answers them. */
async function placedOrders(db: Db, checkoutId: string) {
  const rows = await selectOrders(db)
    .where(eq(purchase.checkoutId, checkoutId))
    .orderBy(asc(purchase.createdAt), asc(purchase.id));
  const [first] = rows;
  if (!first) throw new Error(`checkout ${checkoutId} of a stored key has no orders`);
  return { first, rows };
}

/** POST /api/purchase's answer rebuilt from the checkout an Idempotency-Key placed. */
export async function replayPurchase(db: Db, checkoutId: string): Promise<Purchase> {
  const { first } = await placedOrders(db, checkoutId);
  return toPurchase(first);
}

/** POST /api/checkout's answer rebuilt from the checkout an Idempotency-Key placed. */
export async function replayCheckout(db: Db, checkoutId: string): Promise<CheckoutPlaced> {
  const { first, rows } = await placedOrders(db, checkoutId);
  const { paymentMethod, approval, invoice: issued } = await checkoutTerms(db, checkoutId);
  return {
    checkoutId,
    reference: toPurchase(first).checkoutReference,
    orders: rows.map(toPurchase),
    totalPrice: centsToDollars(rows.reduce((sum, row) => sum + row.amountCents, 0)),
    paymentMethod,
    approval,
    invoice: issued,
  };
}

/**
 * Issue 37: how a checkout is paid, its approval and its invoice, as its answers show them (the
 * placing statement answers the same for the checkout it placed).
 */
export async function checkoutTerms(db: Db, checkoutId: string) {
  const [found] = await db
    .select({
      paymentMethod: checkout.paymentMethod,
      approval: checkout.approval,
      approvalReason: checkout.approvalReason,
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
    })
    .from(checkout)
    .leftJoin(invoice, eq(invoice.checkoutId, checkout.id))
    .where(eq(checkout.id, checkoutId));
  if (!found) throw new Error(`checkout ${checkoutId} not found`);
  return {
    paymentMethod: found.paymentMethod,
    approval: found.approval,
    approvalReason: found.approvalReason,
    invoice:
      found.invoiceId && found.invoiceNumber !== null
        ? { id: found.invoiceId, number: invoiceNumber(found.invoiceNumber) }
        : null,
  };
}
