import { and, eq, sql } from 'drizzle-orm';
import type { Refund } from '../../../shared/aftersale.ts';
import { centsToDollars } from '../../../shared/money.ts';
import type { Queryable } from '../../db/client.ts';
import { orderAftersale, orderReturn, refund } from '../../db/schema.ts';
import type { AuthUser } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import { applyEffects } from '../purchases/index.ts';
import { queueAftersaleMail } from './order-aftersale.ts';
import { forgetRefundKey } from './refund-keys.ts';

/*
 * How a pending refund ends (refunds.service.ts step 3), each guarded on it still being pending so
 * it ends once: succeeded (recorded) or failed (released). Only a clear answer of the provider ends
 * it: after an ambiguous one it stays pending, marked unsure, until the provider is asked
 * (refund-reconciliation.ts, docs/decisions/035).
 */

export type RefundRow = typeof refund.$inferSelect;

/** Who a refund is recorded for in the audit log: the admin, or the one who asked for it. */
export type RefundActor = Pick<AuthUser, 'id' | 'email'>;

export const toRefund = (row: RefundRow): Refund => ({
  _id: row.id,
  number: row.number,
  purchaseId: row.purchaseId,
  amount: centsToDollars(row.amountCents),
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  quantity: row.quantity,
  net: centsToDollars(row.netCents),
  tax: centsToDollars(row.taxCents),
  shipping: centsToDollars(row.shippingCents),
  shippingTax: centsToDollars(row.shippingTaxCents),
  discount: centsToDollars(row.discountCents),
});

/** The provider's idempotency key of a refund (and the key it is found by: metadata.refundKey). */
export const providerKeyOf = (refundId: string) => `refund-${refundId}`;

/**
 * The refund failed at the provider (a clear refusal, or the provider has no such refund): its
 * amount is free again (once) and its Idempotency-Key forgotten, in the caller's transaction.
 */
export async function releaseFailedRefund(tx: Queryable, pending: RefundRow): Promise<void> {
  const [failed] = await tx
    .update(refund)
    .set({ status: 'failed', settledAt: sql`now()` })
    .where(and(eq(refund.id, pending.id), eq(refund.status, 'pending')))
    .returning({ id: refund.id });
  if (!failed) return;
  await forgetRefundKey(tx, pending.id);
  await tx
    .update(orderAftersale)
    .set({
      refundReservedCents: sql`${orderAftersale.refundReservedCents} - ${pending.amountCents}`,
    })
    .where(eq(orderAftersale.purchaseId, pending.purchaseId));
}

/**
 * The provider's answer was ambiguous (it may have refunded): the refund stays pending with its
 * key and its reserved amount, and is marked unsure (since now) for the reconciliation.
 */
export async function markRefundUnsure(tx: Queryable, refundId: string): Promise<void> {
  await tx
    .update(refund)
    .set({ unsureAt: sql`now()` })
    .where(and(eq(refund.id, refundId), eq(refund.status, 'pending')));
}

/**
 * THE place where a refund is recorded, once, in one transaction: the refund succeeded, the order's
 * refunded total, the timeline (`refunded`, by the shop), the customer's mail (outbox, keyed by the
 * refund), the return it paid back (received → refunded) and the audit entry. Anything else that
 * must follow a refund (e.g. an `order.refunded` webhook through the outbox) belongs here, on `tx`.
 */
export async function recordSucceededRefund(
  tx: Queryable,
  actor: RefundActor,
  pending: RefundRow,
): Promise<RefundRow | undefined> {
  const [done] = await tx
    .update(refund)
    .set({ status: 'succeeded', settledAt: sql`now()` })
    .where(and(eq(refund.id, pending.id), eq(refund.status, 'pending')))
    .returning();
  if (!done) return undefined;
  await tx
    .update(orderAftersale)
    .set({ refundedCents: sql`${orderAftersale.refundedCents} + ${done.amountCents}` })
    .where(eq(orderAftersale.purchaseId, done.purchaseId));
  await applyEffects(tx, [done.purchaseId], 'refunded', 'admin');
  await queueAftersaleMail(tx, `refund:${done.id}:customer`, {
    template: 'refund',
    refundId: done.id,
  });
  if (done.returnId)
    await tx
      .update(orderReturn)
      .set({ status: 'refunded', updatedAt: sql`now()` })
      .where(and(eq(orderReturn.id, done.returnId), eq(orderReturn.status, 'received')));
  await recordAudit(tx, actor, {
    action: 'purchase.refund',
    targetType: 'purchase',
    targetId: done.purchaseId,
    after: toRefund(done),
  });
  return done;
}
