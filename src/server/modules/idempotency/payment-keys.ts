import { sql } from 'drizzle-orm';
import { ErrorCode } from '../../../shared/errors.ts';
import { IDEMPOTENCY_KEY_REUSED_MESSAGE } from '../../../shared/idempotency.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { idempotencyKey, paymentIdempotencyKey } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { IDEMPOTENCY_KEY_TTL_HOURS, type IdempotencyClaim } from './idempotency.service.ts';

/**
 * Writes the payment call's key in the caller's transaction (or on its own): `tx` is the
 * transaction of the call's state change, so the key commits exactly with it.
 */
export type RememberKey = (tx: Queryable) => Promise<void>;

/** A key used before with another body (or on another route). */
export const reusedKey = () =>
  new AppError(422, ErrorCode.Validation, IDEMPOTENCY_KEY_REUSED_MESSAGE);

/** A live key: the hash of the body it was first used with, and the refund it made (if any). */
export interface LiveKey {
  hash: string;
  refundId: string | null;
}

/**
 * The live key (within the TTL), looked up among payment keys and the order keys (a key of
 * POST /api/purchase reused for a payment is another request), or null.
 */
export async function liveKey(db: Queryable, claim: IdempotencyClaim): Promise<LiveKey | null> {
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

/**
 * Inserts the key (taking over a row of it past the TTL), for refund `refundId` if it is a
 * refund's. False when a live row of the key is there: the primary key decides a race, so a
 * concurrent writer of the same key waits for the first to commit and then gets false; a new
 * statement (a new snapshot) then sees that row.
 */
export async function insertKey(
  db: Queryable,
  claim: IdempotencyClaim,
  refundId: string | null = null,
): Promise<boolean> {
  const { rowCount } = await db.execute(sql`
    INSERT INTO ${paymentIdempotencyKey} (user_id, key, request_hash, refund_id)
    VALUES (${claim.userId}, ${claim.key}, ${claim.hash}, ${refundId})
    ON CONFLICT (user_id, key) DO UPDATE
      SET request_hash = EXCLUDED.request_hash, refund_id = EXCLUDED.refund_id, created_at = now()
      WHERE payment_idempotency_key.created_at
        <= now() - ${IDEMPOTENCY_KEY_TTL_HOURS} * interval '1 hour'`);
  return Boolean(rowCount);
}

/** Stores a payment call's key; another body seen first is a 422, which rolls back its transaction. */
async function storeKey(db: Queryable, claim: IdempotencyClaim): Promise<void> {
  if (await insertKey(db, claim)) return;
  const first = await liveKey(db, claim);
  if (first !== null && first.hash !== claim.hash) throw reusedKey();
}

/**
 * Runs a payment call that is idempotent by nature at most once per key in effect
 * (docs/decisions/029). Without a key, just `run`. A key seen before with another body (or route)
 * is a 422; with the same, the call runs again and answers what it answers now (no second
 * effect: one intent per checkout, paying twice is a no-op). A new key is written by `run`'s
 * `remember` in the transaction of its state change, or after it succeeded when it changed nothing;
 * a call that fails keeps no key, so its retry is judged afresh.
 */
export async function runPaymentOnce<T>(
  db: Db,
  claim: IdempotencyClaim | null,
  run: (remember: RememberKey) => Promise<T>,
): Promise<T> {
  const noop: RememberKey = async () => {};
  if (!claim) return run(noop);
  const seen = (await liveKey(db, claim))?.hash ?? null;
  if (seen !== null) {
    if (seen !== claim.hash) throw reusedKey();
    return run(noop);
  }
  let written = false;
  const result = await run(async (tx) => {
    await storeKey(tx, claim);
    written = true;
  });
  if (!written) await storeKey(db, claim);
  return result;
}

/** Removes payment keys past their TTL (the jobs plugin runs it with the order keys' sweep). */
export async function sweepPaymentIdempotencyKeys(db: Db): Promise<number> {
  const { rowCount } = await db.$client.query(
    `DELETE FROM payment_idempotency_key WHERE created_at <= now() - $1 * interval '1 hour'`,
    [IDEMPOTENCY_KEY_TTL_HOURS],
  );
  return rowCount ?? 0;
}
