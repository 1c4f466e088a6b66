import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../shared/errors.ts';
import { IDEMPOTENCY_KEY_REUSED_MESSAGE } from '../../../shared/idempotency.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { idempotencyKey, paymentIdempotencyKey, refund } from '../../db/schema.ts';
import { AppError, Conflict } from '../../errors.ts';
import {
  IDEMPOTENCY_KEY_TTL_HOURS,
  type IdempotencyClaim,
} from '../idempotency/idempotency.service.ts';

/*
 * The Idempotency-Key of POST /api/purchase/{id}/refunds (docs/decisions/032). A refund is not
 * idempotent by nature, so the key is written FIRST in the reservation's transaction, with the id
 * the refund is about to get: it exists exactly when the reservation does. A repeat finds it and
 * is answered from that refund (waiting while the provider is still at it); a concurrent repeat
 * waits on the key's primary key, finds it taken and rolls its own reservation back. A refund that
 * fails deletes its key with the release, so a retry after a 502/503 is judged afresh.
 */

/** How long a repeat waits for the first request's refund to settle before answering 409. */
const SETTLE_WAIT_MS = 15_000;
const SETTLE_POLL_MS = 50;

export const REFUND_KEY_IN_PROGRESS_MESSAGE =
  'A refund with this Idempotency-Key is still in progress. Please check the order in a moment.';
export const REFUND_KEY_FAILED_MESSAGE =
  'The refund first sent with this Idempotency-Key failed, so nothing was refunded. Please try again.';

const reused = () => new AppError(422, ErrorCode.Validation, IDEMPOTENCY_KEY_REUSED_MESSAGE);

/** Thrown inside the reservation when a concurrent request took the key first (same body). */
export class RefundKeyTaken extends Error {
  constructor(readonly refundId: string) {
    super('refund idempotency key taken');
  }
}

interface LiveKey {
  hash: string;
  refundId: string | null;
}

/** The live key (within the TTL) among payment and order keys, or null. */
export async function liveRefundKey(
  db: Queryable,
  claim: IdempotencyClaim,
): Promise<LiveKey | null> {
  const live = sql`${claim.userId} AND key = ${claim.key}
    AND created_at > now() - ${IDEMPOTENCY_KEY_TTL_HOURS} * interval '1 hour'`;
  const { rows } = await db.execute<{ request_hash: string; refund_id: string | null }>(sql`
    SELECT request_hash, refund_id FROM ${paymentIdempotencyKey} WHERE user_id = ${live}
    UNION ALL
    SELECT request_hash, NULL FROM ${idempotencyKey} WHERE user_id = ${live}
    LIMIT 1`);
  const [row] = rows;
  return row ? { hash: row.request_hash, refundId: row.refund_id } : null;
}

/** A live key seen with the same body names the refund it made; another body is a 422. */
export function refundOfKey(claim: IdempotencyClaim, seen: LiveKey): string {
  if (seen.hash !== claim.hash || seen.refundId === null) throw reused();
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
  const { rowCount } = await tx.execute(sql`
    INSERT INTO ${paymentIdempotencyKey} (user_id, key, request_hash, refund_id)
    VALUES (${claim.userId}, ${claim.key}, ${claim.hash}, ${refundId})
    ON CONFLICT (user_id, key) DO UPDATE
      SET request_hash = EXCLUDED.request_hash, refund_id = EXCLUDED.refund_id, created_at = now()
      WHERE payment_idempotency_key.created_at
        <= now() - ${IDEMPOTENCY_KEY_TTL_HOURS} * interval '1 hour'`);
  if (rowCount) return;
  // A new statement, so a new snapshot: it sees the row the conflict waited for.
  const first = await liveRefundKey(tx, claim);
  if (!first) throw new Conflict(REFUND_KEY_IN_PROGRESS_MESSAGE);
  throw new RefundKeyTaken(refundOfKey(claim, first));
}

/** Forgets the key of a refund that failed (in its release's transaction). */
export async function forgetRefundKey(tx: Queryable, refundId: string): Promise<void> {
  await tx.delete(paymentIdempotencyKey).where(eq(paymentIdempotencyKey.refundId, refundId));
}

type RefundRow = typeof refund.$inferSelect;

/**
 * The refund a repeat is answered with, once it settled: succeeded → that refund; failed → 503
 * (its key is gone, so sending again refunds afresh); still pending after the wait → 409.
 */
export async function settledRefund(db: Db, refundId: string): Promise<RefundRow> {
  const until = Date.now() + SETTLE_WAIT_MS;
  for (;;) {
    const [row] = await db.select().from(refund).where(eq(refund.id, refundId));
    if (row?.status === 'succeeded') return row;
    if (!row || row.status === 'failed')
      throw new AppError(503, ErrorCode.Unavailable, REFUND_KEY_FAILED_MESSAGE);
    if (Date.now() >= until) throw new Conflict(REFUND_KEY_IN_PROGRESS_MESSAGE);
    await sleep(SETTLE_POLL_MS);
  }
}
