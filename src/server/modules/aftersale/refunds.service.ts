import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  NOTHING_LEFT_TO_REFUND_MESSAGE,
  ONLY_PAID_REFUNDABLE_MESSAGE,
  refundQuantityMessage,
  refundTooLargeMessage,
  type Refund,
} from '../../../shared/aftersale.ts';
import { ErrorCode } from '../../../shared/errors.ts';
import { centsToDollars, formatDollars } from '../../../shared/money.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { checkout, orderAftersale, paymentIntent, purchase, refund } from '../../db/schema.ts';
import { type ChargeParts, splitRefund } from './refund-split.ts';
import { AppError, Conflict, NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { liveKey } from '../idempotency/index.ts';
import type { IdempotencyClaim } from '../idempotency/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import {
  ORDER_NOT_FOUND_MESSAGE,
  checkoutReference,
  isId,
  selectOrders,
  visibleTo,
} from '../purchases/index.ts';
import { renderCreditNotePdf } from './credit-note-pdf.ts';
import { ensureAftersaleRow } from './order-aftersale.ts';
import { NO_PROVIDER_MESSAGE, refundPending, refundRefused } from './refund-errors.ts';
import { RefundKeyTaken, refundOfKey, settledRefund, storeRefundKey } from './refund-keys.ts';
import { isAmbiguous, reconcileRefund } from './refund-reconciliation.ts';
import {
  markRefundUnsure,
  providerKeyOf,
  recordSucceededRefund,
  releaseFailedRefund,
  toRefund,
  type RefundRow,
} from './refund-settlement.ts';

export { recordSucceededRefund, toRefund, type RefundRow };

/*
 * Refunds (issue 25): an admin gives back (part of) what a paid order cost, through the payment
 * provider. Three steps, so the money can never be refunded beyond what was paid, even by
 * parallel refunds, and nothing counts as refunded unless the provider did it:
 *   1. RESERVE: in one transaction, under the lock of the checkout's charge (its payment intent
 *      row), the amount is checked against what is left of the charge across ALL orders of the
 *      checkout, added to the order's reserved refunds by ONE guarded UPDATE
 *      (`reserved + amount <= paid`) and a `pending` refund row written.
 *   2. The provider refunds that amount of the checkout's payment, with the refund's id as the
 *      idempotency key (a retry never refunds twice) and in the refund's metadata.
 *   3. RECORD (`recordSucceededRefund`) or RELEASE (`releaseFailedRefund`) on a clear answer, each
 *      guarded on the refund still being pending. An ambiguous answer (timeout, 5xx, connection
 *      lost) releases nothing: the refund stays pending (unsure), holding its amount and its key,
 *      until the provider is asked what happened (refund-reconciliation.ts): by the admin's retry,
 *      which finishes that same refund, or by the reconciliation job (docs/decisions/035).
 */

export const REFUND_NOT_FOUND_MESSAGE = 'Refund not found';
export const RETURN_ALREADY_REFUNDING_MESSAGE =
  'This return is already refunded or being refunded.';
const UNIQUE_VIOLATION = '23505';
const pgErrorCode = (error: unknown): string | undefined => {
  const { code, cause } = error as { code?: string; cause?: { code?: string } };
  return code ?? cause?.code;
};

/**
 * What to refund (issue 35, docs/decisions/054): `amountCents` of the goods (its tax in
 * proportion) or `quantity` units (their net and tax as charged, to the cent), and with
 * `withShipping` the order's shipping share and its tax.
 */
export interface RefundInput {
  amountCents?: number | undefined;
  quantity?: number | undefined;
  withShipping?: boolean;
  reason: string;
  /** The received return this refund pays back. */
  returnId?: string;
}

/** The order line's charge and what refunds not failed took of it, under the caller's lock. */
async function chargeAndRefunded(
  tx: Queryable,
  purchaseId: string,
): Promise<{ line: ChargeParts; before: ChargeParts }> {
  const [line] = await tx
    .select({
      quantity: purchase.quantity,
      // Issue 36: the goods as charged, after the line's share of the promotions' discounts.
      netCents: sql<number>`${purchase.totalCents} - ${purchase.discountCents}`,
      discountCents: purchase.discountCents,
      taxCents: purchase.taxCents,
      shippingCents: purchase.shippingCents,
      shippingTaxCents: purchase.shippingTaxCents,
    })
    .from(purchase)
    .where(eq(purchase.id, purchaseId));
  if (!line) throw new NotFound(ORDER_NOT_FOUND_MESSAGE);
  const [before] = await tx
    .select({
      quantity: sql<number>`coalesce(sum(${refund.quantity}), 0)::int`,
      netCents: sql<number>`coalesce(sum(${refund.netCents}), 0)::int`,
      discountCents: sql<number>`coalesce(sum(${refund.discountCents}), 0)::int`,
      taxCents: sql<number>`coalesce(sum(${refund.taxCents}), 0)::int`,
      shippingCents: sql<number>`coalesce(sum(${refund.shippingCents}), 0)::int`,
      shippingTaxCents: sql<number>`coalesce(sum(${refund.shippingTaxCents}), 0)::int`,
    })
    .from(refund)
    .where(and(eq(refund.purchaseId, purchaseId), sql`${refund.status} <> 'failed'`));
  return {
    line,
    before: before ?? {
      quantity: 0,
      netCents: 0,
      discountCents: 0,
      taxCents: 0,
      shippingCents: 0,
      shippingTaxCents: 0,
    },
  };
}

/** The refund's parts and amount, or the 409 saying why it cannot be. */
function partsOf(line: ChargeParts, before: ChargeParts, input: RefundInput) {
  const split = splitRefund(line, before, {
    quantity: input.quantity,
    amountCents: input.amountCents,
    withShipping: input.withShipping ?? false,
  });
  if (!split.ok) {
    if (split.problem === 'amount') throw tooLarge(split.goodsLeftCents);
    const message = refundQuantityMessage(split.unitsLeft);
    throw new AppError(409, ErrorCode.Conflict, message, { quantity: message });
  }
  if (split.amountCents <= 0) throw new Conflict(NOTHING_LEFT_TO_REFUND_MESSAGE);
  return split;
}

/** 409: at most `leftCents` can still be refunded. */
function tooLarge(leftCents: number): AppError {
  const message = refundTooLargeMessage(formatDollars(centsToDollars(Math.max(0, leftCents))));
  return new AppError(409, ErrorCode.Conflict, message, { amount: message });
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
      // The checkout's charge, locked: the refunds of all its orders queue here, so together
      // they never pass what was charged, also in parallel.
      const [charge] = await tx
        .select({ amountCents: paymentIntent.amountCents })
        .from(paymentIntent)
        .where(eq(paymentIntent.id, order.transactionId))
        .for('update');
      await ensureAftersaleRow(tx, purchaseId);
      // The order's counters, locked: its refunds' split below reads what they took before.
      await tx
        .select({ purchaseId: orderAftersale.purchaseId })
        .from(orderAftersale)
        .where(eq(orderAftersale.purchaseId, purchaseId))
        .for('update');
      const { line, before } = await chargeAndRefunded(tx, purchaseId);
      const { parts, amountCents } = partsOf(line, before, input);
      if (charge) {
        const { rows } = await tx.execute<{ reserved: number }>(sql`
          SELECT coalesce(sum(a.refund_reserved_cents), 0)::int AS reserved
          FROM ${checkout} c
            JOIN ${purchase} p ON p.checkout_id = c.id
            JOIN ${orderAftersale} a ON a.purchase_id = p.id
          WHERE c.transaction_id = ${order.transactionId}`);
        const chargeLeft = charge.amountCents - (rows[0]?.reserved ?? 0);
        if (amountCents > chargeLeft) throw tooLarge(chargeLeft);
      }
      const [reserved] = await tx
        .update(orderAftersale)
        .set({
          refundReservedCents: sql`${orderAftersale.refundReservedCents} + ${amountCents}`,
        })
        .where(
          and(
            eq(orderAftersale.purchaseId, purchaseId),
            sql`${orderAftersale.refundReservedCents} + ${amountCents} <= ${orderAftersale.paidCents}`,
          ),
        )
        .returning({ purchaseId: orderAftersale.purchaseId });
      if (!reserved) {
        const [row] = await tx
          .select()
          .from(orderAftersale)
          .where(eq(orderAftersale.purchaseId, purchaseId));
        throw tooLarge(row ? row.paidCents - row.refundReservedCents : 0);
      }
      const [pending] = await tx
        .insert(refund)
        .values({
          id,
          purchaseId,
          amountCents,
          ...parts,
          withShipping: input.withShipping ?? false,
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

/**
 * A refund whose provider answer was ambiguous is finished by the admin's retry: the provider is
 * asked what happened and, if it has no such refund, is sent it again under the same key. Answers
 * the refund once succeeded; 503 (still pending) or 502 (refused, released) otherwise.
 */
async function resumeRefund(
  db: Db,
  provider: PaymentProvider | null,
  admin: AuthUser,
  pending: RefundRow,
): Promise<RefundRow> {
  const result = await reconcileRefund(db, provider, pending.id, { resend: true, actor: admin });
  if (result?.status === 'succeeded') return result.row;
  if (result?.status === 'failed') throw refundRefused();
  throw refundPending();
}

/**
 * "The same refund" as one whose answer was lost: the admin sends the form again (with a new
 * Idempotency-Key, or none) for the same order, amount or quantity, shipping choice, reason and
 * return while a refund of those is pending after an ambiguous provider answer. That refund is
 * finished instead of a second one being made.
 */
async function unsureTwin(
  db: Db,
  purchaseId: string,
  input: RefundInput,
): Promise<RefundRow | undefined> {
  const [twin] = await db
    .select()
    .from(refund)
    .where(
      and(
        eq(refund.purchaseId, purchaseId),
        eq(refund.status, 'pending'),
        isNotNull(refund.unsureAt),
        eq(refund.quantity, input.quantity ?? 0),
        input.amountCents !== undefined
          ? sql`${refund.netCents} + ${refund.taxCents} = ${input.amountCents}`
          : undefined,
        eq(refund.withShipping, input.withShipping ?? false),
        eq(refund.reason, input.reason),
        input.returnId ? eq(refund.returnId, input.returnId) : isNull(refund.returnId),
      ),
    )
    .orderBy(refund.createdAt)
    .limit(1);
  return twin;
}

/**
 * POST /api/purchase/{id}/refunds (admins): refunds an amount, or units, of a paid order (and its
 * shipping when asked; the split: refund-split.ts) through the provider that took the payment.
 * 404 unknown order, 409 unpaid or beyond what is left (of the order, or of its checkout's charge), 502 when the provider refuses (nothing refunded), 503 when
 * it is not set up (nothing refunded) or its answer was ambiguous: the refund is then PENDING,
 * holding its amount, and sending it again (same key, or the same order, amount and reason)
 * finishes that same refund, never a second one. With an Idempotency-Key (`claim`), a repeat with
 * the same body is answered from the refund the first made; another body is a 422.
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
  const answerRepeat = async (refundId: string) => {
    const row = await settledRefund(db, refundId);
    return toRefund(
      row.status === 'succeeded' ? row : await resumeRefund(db, provider, admin, row),
    );
  };
  if (claim) {
    const seen = await liveKey(db, claim);
    if (seen) return answerRepeat(refundOfKey(claim, seen));
  }
  const twin = await unsureTwin(db, purchaseId, input);
  if (twin) {
    // This key names that refund from now on: its own repeat must not make another one.
    if (claim) {
      try {
        await storeRefundKey(db, claim, twin.id);
      } catch (error) {
        if (error instanceof RefundKeyTaken) return answerRepeat(error.refundId);
        throw error;
      }
    }
    return toRefund(await resumeRefund(db, provider, admin, twin));
  }
  let reserved: Awaited<ReturnType<typeof reserve>>;
  try {
    reserved = await reserve(db, admin, purchaseId, input, claim);
  } catch (error) {
    if (error instanceof RefundKeyTaken) return answerRepeat(error.refundId);
    throw error;
  }
  const { pending, intentId } = reserved;
  const [intent] = await db
    .select({ provider: paymentIntent.provider })
    .from(paymentIntent)
    .where(eq(paymentIntent.id, intentId));
  if (!provider || intent?.provider !== provider.name) {
    await db.transaction((tx) => releaseFailedRefund(tx, pending));
    throw new AppError(503, ErrorCode.Unavailable, NO_PROVIDER_MESSAGE);
  }
  try {
    await provider.refund(intentId, {
      amountCents: pending.amountCents,
      key: providerKeyOf(pending.id),
    });
  } catch (error) {
    if (isAmbiguous(error)) {
      await markRefundUnsure(db, pending.id);
      throw refundPending();
    }
    await db.transaction((tx) => releaseFailedRefund(tx, pending));
    throw refundRefused();
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
  const [placed] = await db
    .select({ pricesIncludeTax: checkout.pricesIncludeTax })
    .from(checkout)
    .where(eq(checkout.id, row.checkoutId));
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
    orderDiscountCents: row.discountCents,
    orderAmountCents: row.amountCents,
    amountCents: found.amountCents,
    refundedQuantity: found.quantity,
    netCents: found.netCents,
    discountCents: found.discountCents,
    taxCents: found.taxCents,
    shippingCents: found.shippingCents,
    shippingTaxCents: found.shippingTaxCents,
    pricesIncludeTax: placed?.pricesIncludeTax ?? false,
    reason: found.reason,
    transactionId: row.transactionId,
    testMode: row.testMode,
  });
}
