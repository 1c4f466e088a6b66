import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { ErrorCode } from '../../../shared/errors.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { paymentIdempotencyKey, refund } from '../../db/schema.ts';
import { AppError, Conflict } from '../../errors.ts';
import {
  insertKey,
  liveKey,
  reusedKey,
  type IdempotencyClaim,
  type LiveKey,
} from '../idempotency/index.ts';

/*
 * The Idempotency-Key of POST /api/purchase/{id}/refunds (docs/decisions/032). A refund is not
 * idempotent by nature, so the key is written FIRST in the reservation's transaction, with the id
 * the refund is about to get: it exists exactly when the reservation does. A repeat finds it and
 * is answered from that refund (waiting while the provider is still at it); a concurrent repeat
 * waits on the key's primary key, finds it taken and rolls its own reservation back. A refund the
 * provider refused deletes its key with the release, so a retry after a 502 is judged afresh; one
 * the provider answered ambiguously keeps it, pending, so the retry after the 503 finishes that
 * same refund (docs/decisions/035).
 */

/** How long a repeat waits for the first request's refund to settle before answering 409. */
const SETTLE_WAIT_MS = 15_000;
const SETTLE_POLL_MS = 50;

export const REFUND_KEY_IN_PROGRESS_MESSAGE =
  'A refund with this Idempotency-Key is still in progress. Please check the order in a moment.';
export const REFUND_KEY_FAILED_MESSAGE =
  'The refund first sent with this Idempotency-Key failed, so nothing was refunded. Please try again.';

/** Thrown inside the reservation when a concurrent request took the key first (same body). */
export class RefundKeyTaken extends Error {
  constructor(readonly refundId: string) {
    super('refund idempotency key taken');
  }
}

/** A live key seen with the same body names the refund it made; another body is a 422. */
export function refundOfKey(claim: IdempotencyClaim, seen: LiveKey): string {
  if (seen.hash !== claim.hash || seen.refundId === null) throw reusedKey();
  return seen.refundId;
}

/**
 * Stores the key for refund `refundId`, in the reservation's transaction and before anything else
 * it writes (taking over a row of the key past the TTL). A concurrent writer of the same key waits
 * for the first to commit, then throws RefundKeyTaken (same body) or 422 (another).
 */
export async function storeRefundKey(
  tx: Queryable,
  claim: IdempotencyClaim,
  refundId: string,
): Promise<void> {
  if (await insertKey(tx, claim, refundId)) return;
  // A new statement, so a new snapshot: it sees the row the conflict waited for.
  const first = await liveKey(tx, claim);
  if (!first) throw new Conflict(REFUND_KEY_IN_PROGRESS_MESSAGE);
  throw new RefundKeyTaken(refundOfKey(claim, first));
}

/** Forgets the key of a refund that failed (in its release's transaction). */
export async function forgetRefundKey(tx: Queryable, refundId: string): Promise<void> {
  await tx.delete(paymentIdempotencyKey).where(eq(paymentIdempotencyKey.refundId, refundId));
}

type RefundRow = typeof refund.$inferSelect;

/** A pending refund this old was never answered (its process died): a repeat may reconcile it. */
const STALE_PENDING_MS = 60_000;

/**
 * The refund a repeat is answered with, once it settled: succeeded → that refund; failed → 503
 * (its key is gone, so sending again refunds afresh); pending and unsure (its provider answer was
 * ambiguous) or stale → that refund, for the caller to reconcile; still pending after the wait →
 * 409.
 */
export async function settledRefund(db: Db, refundId: string): Promise<RefundRow> {
  const until = Date.now() + SETTLE_WAIT_MS;
  for (;;) {
    const [row] = await db.select().from(refund).where(eq(refund.id, refundId));
    if (row?.status === 'succeeded') return row;
    if (
      row?.status === 'pending' &&
      (row.unsureAt !== null || row.createdAt.getTime() < Date.now() - STALE_PENDING_MS)
    )
      return row;
    if (!row || row.status === 'failed')
      throw new AppError(503, ErrorCode.Unavailable, REFUND_KEY_FAILED_MESSAGE);
    if (Date.now() >= until) throw new Conflict(REFUND_KEY_IN_PROGRESS_MESSAGE);
    await sleep(SETTLE_POLL_MS);
  }
}
