import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { paymentIntent, purchase, refund, user } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { PaymentProvider, ProviderRefundOutcome } from '../payments/index.ts';
import {
  markRefundUnsure,
  providerKeyOf,
  recordSucceededRefund,
  releaseFailedRefund,
  type RefundActor,
  type RefundRow,
} from './refund-settlement.ts';

/*
 * The reconciliation of pending refunds (docs/decisions/035): a refund whose provider answer was
 * ambiguous (timeout, 5xx, connection lost) may have been made. Nothing releases it but the
 * provider's own word: it is looked up there by its key (Stripe: the refunds of the payment
 * intent, by metadata.refundKey) and recorded as succeeded if the provider has it, released if the
 * provider has it failed or has no such refund. The admin's retry also re-sends it, with the SAME
 * provider idempotency key, when the provider has none: at most one refund either way. Each runs
 * holding the refund's row lock, so two never act on one refund at once.
 */

/**
 * A refund whose provider call ended ambiguously is released for "not found" only this long after
 * that call (or, never answered at all, e.g. the process died, after its creation): long past the
 * provider's deadline, so no request of it can still be on its way.
 */
export const RECONCILE_AFTER_MS = 5 * 60_000;
/** Pending refunds reconciled per run of the job. */
const RECONCILE_BATCH = 20;

export type Reconciled =
  | { status: 'succeeded'; row: RefundRow }
  | { status: 'failed'; row: RefundRow }
  /** Still unknown: the provider did not answer (again), or no provider of its payment is set up. */
  | { status: 'pending'; row: RefundRow; error?: unknown };

/** Its last provider call (ambiguous) or, never answered, its creation, is older than that. */
const lastCallBefore = (olderThanMs: number) =>
  lt(
    sql`coalesce(${refund.unsureAt}, ${refund.createdAt})`,
    sql`now() - ${olderThanMs} * interval '1 millisecond'`,
  );

/** An answer that leaves the refund pending: the provider may have acted. */
export const isAmbiguous = (error: unknown) =>
  error instanceof AppError && error.statusCode === 503;

async function actorOf(tx: Queryable, row: RefundRow, actor?: RefundActor): Promise<RefundActor> {
  if (actor) return actor;
  const [asker] = await tx.select({ id: user.id }).from(user).where(eq(user.email, row.actorEmail));
  return { id: asker?.id ?? 'system', email: row.actorEmail };
}

/**
 * Asks the provider what became of pending refund `refundId` and settles it accordingly. With
 * `resend` (an admin's retry) a refund the provider does not have is sent again under its key;
 * without (the job) it is released. `skipLocked`: a refund another request is settling is left
 * alone (answered as pending). A refund no longer pending is answered as it is.
 */
export async function reconcileRefund(
  db: Db,
  provider: PaymentProvider | null,
  refundId: string,
  options: { resend: boolean; actor?: RefundActor; skipLocked?: boolean; olderThanMs?: number },
): Promise<Reconciled | undefined> {
  return db.transaction(async (tx) => {
    const due = options.olderThanMs === undefined ? undefined : lastCallBefore(options.olderThanMs);
    const locked = tx
      .select()
      .from(refund)
      .where(and(eq(refund.id, refundId), due));
    const [row] = await (options.skipLocked
      ? locked.for('update', { skipLocked: true })
      : locked.for('update'));
    if (!row) return undefined;
    if (row.status !== 'pending') return { status: row.status, row };
    const [order] = await tx
      .select({ intentId: purchase.transactionId, provider: paymentIntent.provider })
      .from(purchase)
      .leftJoin(paymentIntent, eq(paymentIntent.id, purchase.transactionId))
      .where(eq(purchase.id, row.purchaseId));
    const intentId = order?.intentId;
    if (!provider || !intentId || order.provider !== provider.name)
      return { status: 'pending', row };
    const key = providerKeyOf(row.id);
    let outcome: ProviderRefundOutcome;
    try {
      outcome = await provider.findRefund(intentId, key);
    } catch (error) {
      // No answer, or not one to act on: nothing is known, so nothing is released.
      return { status: 'pending', row, error };
    }
    if (outcome === null && options.resend) {
      try {
        await provider.refund(intentId, { amountCents: row.amountCents, key });
        outcome = 'succeeded';
      } catch (error) {
        if (isAmbiguous(error)) {
          await markRefundUnsure(tx, row.id);
          return { status: 'pending', row, error };
        }
        outcome = 'failed';
      }
    }
    if (outcome === 'succeeded') {
      const done = await recordSucceededRefund(tx, await actorOf(tx, row, options.actor), row);
      return { status: 'succeeded', row: done ?? row };
    }
    await releaseFailedRefund(tx, row);
    return { status: 'failed', row: { ...row, status: 'failed' } };
  });
}

/**
 * The job's run: every pending refund whose last provider call is RECONCILE_AFTER_MS old (or
 * `olderThanMs`) is asked about, a batch at a time; those the provider cannot answer for stay
 * pending for the next run. Returns how many were settled.
 */
export async function reconcilePendingRefunds(
  db: Db,
  provider: PaymentProvider | null,
  options: { olderThanMs?: number; stopping?: () => boolean } = {},
): Promise<number> {
  const { olderThanMs = RECONCILE_AFTER_MS, stopping = () => false } = options;
  if (!provider) return 0;
  const due = await db
    .select({ id: refund.id })
    .from(refund)
    .where(and(eq(refund.status, 'pending'), lastCallBefore(olderThanMs)))
    .orderBy(refund.createdAt)
    .limit(RECONCILE_BATCH);
  let settled = 0;
  for (const { id } of due) {
    if (stopping()) break;
    // Checked again under the row lock: a retry may have called the provider meanwhile.
    const result = await reconcileRefund(db, provider, id, {
      resend: false,
      skipLocked: true,
      olderThanMs,
    });
    if (result && result.status !== 'pending') settled += 1;
  }
  return settled;
}
