import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  ONLY_PAID_REFUNDABLE_MESSAGE,
  refundTooLargeMessage,
  type Refund,
} from '../../../shared/aftersale.ts';
import { ErrorCode } from '../../../shared/errors.ts';
import { centsToDollars, formatDollars } from '../../../shared/money.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { orderAftersale, orderReturn, paymentIntent, purchase, refund } from '../../db/schema.ts';
import { AppError, Conflict, NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/caller.ts';
import type { IdempotencyClaim } from '../idempotency/idempotency.service.ts';
import { liveKey } from '../idempotency/payment-keys.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import { applyEffects, ORDER_NOT_FOUND_MESSAGE } from '../purchases/purchase-lifecycle.ts';
import {
  checkoutReference,
  isId,
  selectOrders,
  visibleTo,
} from '../purchases/purchases.service.ts';
import { renderCreditNotePdf } from './credit-note-pdf.ts';
import { ensureAftersaleRow, queueAftersaleMail } from './order-aftersale.ts';
import { NO_PROVIDER_MESSAGE, refundFailure } from './refund-errors.ts';
import {
  forgetRefundKey,
  RefundKeyTaken,
  refundOfKey,
  settledRefund,
  storeRefundKey,
} from './refund-keys.ts';

/*
 * Refunds (issue 25): an admin gives back (part of) what a paid order cost, through the payment
 * provider. Three steps, so the money can never be refunded beyond what was paid, even by
 * parallel refunds, and nothing counts as refunded unless the provider did it:
 *   1. RESERVE: in one transaction, the amount is added to the order's reserved refunds by ONE
 *      guarded UPDATE (`reserved + amount <= paid`) and a `pending` refund row written.
 *   2. The provider refunds that amount of the checkout's payment, with the refund's id as the
 *      idempotency key (a retry never refunds twice).
 *   3. RECORD (`recordSucceededRefund`) or RELEASE (`releaseFailedRefund`), each guarded on the
 *      refund still being pending.
 * A process that dies between 1 and 3 leaves a pending refund holding its amount: safe (never too
 * much refunded); the admin sees it in the order's refunds and the provider's dashboard.
 */

export const REFUND_NOT_FOUND_MESSAGE = 'Refund not found';
export const RETURN_ALREADY_REFUNDING_MESSAGE =
  'This return is already refunded or being refunded.';
const UNIQUE_VIOLATION = '23505';
const pgErrorCode = (error: unknown): string | undefined => {
  const { code, cause } = error as { code?: string; cause?: { code?: string } };
  return code ?? cause?.code;
};

export type RefundRow = typeof refund.$inferSelect;

export const toRefund = (row: RefundRow): Refund => ({
  _id: row.id,
  number: row.number,
  purchaseId: row.purchaseId,
  amount: centsToDollars(row.amountCents),
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
});

export interface RefundInput {
  amountCents: number;
  reason: string;
  /** The received return this refund pays back. */
  returnId?: string;
}

/**
 * Step 1: reserves the amount and writes the pending refund, or says why not. An Idempotency-Key
 * is stored first, so a concurrent repeat of it waits here and then finds it (refund-keys.ts).
 */
async function reserve(
  db: Db,
  admin: AuthUser,
  purchaseId: string,
  input: RefundInput,
  claim: IdempotencyClaim | null,
) {
  const id = randomUUID();
  try {
    return await db.transaction(async (tx) => {
      if (claim) await storeRefundKey(tx, claim, id);
      const [order] = await tx
        .select({ paid: purchase.paid, transactionId: purchase.transactionId })
        .from(purchase)
        .where(eq(purchase.id, purchaseId));
      if (!order) throw new NotFound(ORDER_NOT_FOUND_MESSAGE);
      if (!order.paid || order.transactionId === null)
        throw new Conflict(ONLY_PAID_REFUNDABLE_MESSAGE);
      await ensureAftersaleRow(tx, purchaseId);
      const [reserved] = await tx
        .update(orderAftersale)
        .set({
          refundReservedCents: sql`${orderAftersale.refundReservedCents} + ${input.amountCents}`,
        })
        .where(
          and(
            eq(orderAftersale.purchaseId, purchaseId),
            sql`${orderAftersale.refundReservedCents} + ${input.amountCents} <= ${orderAftersale.paidCents}`,
          ),
        )
        .returning({ purchaseId: orderAftersale.purchaseId });
      if (!reserved) {
        const [row] = await tx
          .select()
          .from(orderAftersale)
          .where(eq(orderAftersale.purchaseId, purchaseId));
        const left = row ? row.paidCents - row.refundReservedCents : 0;
        const message = refundTooLargeMessage(formatDollars(centsToDollars(left)));
        throw new AppError(409, ErrorCode.Conflict, message, { amount: message });
      }
      const [pending] = await tx
        .insert(refund)
        .values({
          id,
          purchaseId,
          amountCents: input.amountCents,
          reason: input.reason,
          returnId: input.returnId ?? null,
          actorEmail: admin.email,
        })
        .returning();
      if (!pending) throw new Error('refund insert returned nothing');
      return { pending, intentId: order.transactionId };
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION)
      throw new Conflict(RETURN_ALREADY_REFUNDING_MESSAGE);
    throw error;
  }
}

/** Step 3 on failure: the refund failed and its amount is free again (once), its key forgotten. */
async function releaseFailedRefund(db: Db, pending: RefundRow): Promise<void> {
  await db.transaction(async (tx) => {
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
  });
}

/**
 * Step 3 on success: THE place where a refund is recorded, once, in one transaction: the refund
 * succeeded, the order's refunded total, the timeline (`refunded`, by the shop), the customer's
 * mail (outbox, keyed by the refund), the return it paid back (received → refunded) and the audit
 * entry. Anything else that must follow a refund (e.g. an `order.refunded` webhook through the
 * outbox) belongs here, on `tx`.
 */
export async function recordSucceededRefund(
  tx: Queryable,
  admin: AuthUser,
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
  await recordAudit(tx, admin, {
    action: 'purchase.refund',
    targetType: 'purchase',
    targetId: done.purchaseId,
    after: toRefund(done),
  });
  return done;
}

/**
 * POST /api/purchase/{id}/refunds (admins): refunds `amountCents` of a paid order through the
 * provider that took the payment. 404 unknown order, 409 unpaid or beyond what is left, 502/503
 * when the provider fails (nothing recorded as refunded then). With an Idempotency-Key (`claim`),
 * a repeat with the same body is answered from the refund the first made, never refunds again;
 * another body is a 422.
 */
export async function refundOrder(
  db: Db,
  provider: PaymentProvider | null,
  admin: AuthUser,
  purchaseId: string,
  input: RefundInput,
  claim: IdempotencyClaim | null = null,
): Promise<Refund> {
  if (!isId(purchaseId)) throw new NotFound(ORDER_NOT_FOUND_MESSAGE);
  if (claim) {
    const seen = await liveKey(db, claim);
    if (seen) return toRefund(await settledRefund(db, refundOfKey(claim, seen)));
  }
  let reserved: Awaited<ReturnType<typeof reserve>>;
  try {
    reserved = await reserve(db, admin, purchaseId, input, claim);
  } catch (error) {
    if (error instanceof RefundKeyTaken) return toRefund(await settledRefund(db, error.refundId));
    throw error;
  }
  const { pending, intentId } = reserved;
  const [intent] = await db
    .select({ provider: paymentIntent.provider })
    .from(paymentIntent)
    .where(eq(paymentIntent.id, intentId));
  if (!provider || intent?.provider !== provider.name) {
    await releaseFailedRefund(db, pending);
    throw new AppError(503, ErrorCode.Unavailable, NO_PROVIDER_MESSAGE);
  }
  try {
    await provider.refund(intentId, {
      amountCents: pending.amountCents,
      key: `refund-${pending.id}`,
    });
  } catch (error) {
    await releaseFailedRefund(db, pending);
    throw refundFailure(error);
  }
  const done = await db.transaction((tx) => recordSucceededRefund(tx, admin, pending));
  return toRefund(done ?? pending);
}

/** The refunds of orders, succeeded only, oldest first. */
export async function succeededRefunds(db: Queryable, purchaseIds: string[]): Promise<RefundRow[]> {
  if (purchaseIds.length === 0) return [];
  return db
    .select()
    .from(refund)
    .where(
      and(
        sql`${refund.purchaseId} = ANY(${sql.param(purchaseIds)}::uuid[])`,
        eq(refund.status, 'succeeded'),
      ),
    )
    .orderBy(refund.number);
}

/** GET /api/refunds/{id}/credit-note: the credit note of a refund that succeeded (owner or admin). */
export async function getCreditNote(db: Db, caller: AuthUser, refundId: string): Promise<Buffer> {
  if (!isId(refundId)) throw new NotFound(REFUND_NOT_FOUND_MESSAGE);
  const [row] = await selectOrders(db)
    .innerJoin(refund, eq(refund.purchaseId, purchase.id))
    .where(and(eq(refund.id, refundId), eq(refund.status, 'succeeded'), visibleTo(caller)));
  const done = await db.select().from(refund).where(eq(refund.id, refundId));
  const found = done[0];
  if (!row || !found || found.settledAt === null) throw new NotFound(REFUND_NOT_FOUND_MESSAGE);
  return renderCreditNotePdf({
    number: found.number,
    refundedAt: found.settledAt,
    reference: checkoutReference(row.checkoutNumber),
    receiptNumber: row.checkoutReceiptNumber,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    productName: row.productName,
    quantity: row.quantity,
    orderTotalCents: row.totalCents,
    amountCents: found.amountCents,
    reason: found.reason,
    transactionId: row.transactionId,
    testMode: row.testMode,
  });
}
