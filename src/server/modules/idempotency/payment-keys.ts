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

const reused = () => new AppError(422, ErrorCode.Validation, IDEMPOTENCY_KEY_REUSED_MESSAGE);

/**
 * The hash a live key (within the TTL) was first used with, looked up among payment keys and the
 * order keys (a key of POST /api/purchase reused for a payment is another request), or null.
 */
async function liveHash(db: Queryable, claim: IdempotencyClaim): Promise<string | null> {
  const live = sql`${claim.userId} AND key = ${claim.key}
    AND created_at > now() - ${IDEMPOTENCY_KEY_TTL_HOURS} * interval '1 hour'`;
  const { rows } = await db.execute<{ request_hash: string }>(sql`
    SELECT request_hash FROM ${paymentIdempotencyKey} WHERE user_id = ${live}
    UNION ALL
    SELECT request_hash FROM ${idempotencyKey} WHERE user_id = ${live}
    LIMIT 1`);
  return rows[0]?.request_hash ?? null;
}

/**
 * Stores the key (taking over a row of it past the TTL). The primary key decides a race: a
 * concurrent writer of the same key waits for the first to commit, then reads its hash; another
 * body is a 422, which rolls back the transaction it runs in.
 */
async function storeKey(db: Queryable, claim: IdempotencyClaim): Promise<void> {
  const { rowCount } = await db.execute(sql`
    INSERT INTO ${paymentIdempotencyKey} (user_id, key, request_hash)
    VALUES (${claim.userId}, ${claim.key}, ${claim.hash})
    ON CONFLICT (user_id, key) DO UPDATE
      SET request_hash = EXCLUDED.request_hash, created_at = now()
      WHERE payment_idempotency_key.created_at
        <= now() - ${IDEMPOTENCY_KEY_TTL_HOURS} * interval '1 hour'`);
  if (rowCount) return;
  // A new statement, so a new snapshot: it sees the row the conflict waited for.
  const first = await liveHash(db, claim);
  if (first !== null && first !== claim.hash) throw reused();
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
  const seen = await liveHash(db, claim);
  if (seen !== null) {
    if (seen !== claim.hash) throw reused();
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
