import { getTableName } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimit } from '../../db/schema.ts';
import { TooManyRequests } from '../../errors.ts';
import { TOO_MANY_REQUESTS_MESSAGE } from '../../../shared/errors.ts';

/** At most `max` hits per `windowSeconds`, counted per key. A `max` of 0 turns the rule off. */
export interface RateRule {
  max: number;
  windowSeconds: number;
}

const RATE_LIMIT = getTableName(rateLimit);
const NOW_MS = `(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/**
 * The statement that counts one hit on each key of the text array `keys` (SQL text, e.g. `$1`)
 * and RETURNs each key's `count`, in a window of `windowMs` (SQL text) milliseconds. Rows with no
 * key (an empty array) count nothing. One atomic upsert on the `rate_limit` table better-auth's own
 * limits use (our keys carry a `toolhouse:` prefix, so they never meet its keys): every app
 * instance sees the same counts, and parallel hits cannot slip through together (the second waits
 * for the first's row lock and counts on top of it). A fixed window: it starts at a key's first hit
 * and restarts once it has passed. Plain text, so a caller may embed it as a CTE of a larger
 * statement (the order: modules/purchases/order-statement.ts); the hit then commits with it.
 */
export function rateLimitHitSql(keys: string, windowMs: string): string {
  const expired = `${RATE_LIMIT}.last_request < ${NOW_MS} - ${windowMs}`;
  return `INSERT INTO ${RATE_LIMIT} (id, key, count, last_request)
    SELECT gen_random_uuid()::text, 'toolhouse:' || hit_key, 1, ${NOW_MS}
    FROM unnest(${keys}) AS hit_key
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN ${expired} THEN 1 ELSE ${RATE_LIMIT}.count + 1 END,
      last_request = CASE WHEN ${expired} THEN ${NOW_MS} ELSE ${RATE_LIMIT}.last_request END
    RETURNING count`;
}

/**
 * An expression: the hits counted on the keys of the text array `keys` (SQL text) in their
 * current windows of `windowMs` (SQL text) milliseconds, added up. A plain read of the statement's
 * snapshot, no lock: for a limit spread over several keys (rows), so that its hits do not all queue
 * on one row; hits committed while the statement runs are not in it.
 */
export function rateLimitSumSql(keys: string, windowMs: string): string {
  return `(SELECT coalesce(sum(${RATE_LIMIT}.count), 0) FROM ${RATE_LIMIT}
    WHERE ${RATE_LIMIT}.key IN (SELECT 'toolhouse:' || hit_key FROM unnest(${keys}) AS hit_key)
      AND ${RATE_LIMIT}.last_request >= ${NOW_MS} - ${windowMs})`;
}

// Unnamed and parameterized: parsed per call, nothing kept per connection (PgBouncer).
const HIT = rateLimitHitSql('$1::text[]', '$2::bigint');

/** Counts one hit on each key and says whether every key is still within the rule. */
export async function takeRateLimitHit(
  db: Db,
  keys: string | readonly string[],
  rule: RateRule,
): Promise<boolean> {
  if (rule.max <= 0) return true;
  const { rows } = await db.$client.query<{ count: number }>(HIT, [
    [keys].flat(),
    rule.windowSeconds * 1000,
  ]);
  return rows.every((row) => Number(row.count) <= rule.max);
}

/** Counts the hit; over the rule, a 429 in the one error shape. */
export async function enforceRateLimit(
  db: Db,
  keys: string | readonly string[],
  rule: RateRule,
): Promise<void> {
  if (!(await takeRateLimitHit(db, keys, rule)))
    throw new TooManyRequests(TOO_MANY_REQUESTS_MESSAGE);
}

/**
 * Takes back one hit counted on `key` in its current window (an attempt that turned out to be
 * allowed, e.g. a right code where only wrong ones count). Counting first and giving back after
 * keeps parallel attempts from slipping past the limit together.
 */
export async function returnRateLimitHit(db: Db, key: string): Promise<void> {
  await db.$client.query(
    `UPDATE ${RATE_LIMIT} SET count = greatest(count - 1, 0) WHERE key = 'toolhouse:' || $1`,
    [key],
  );
}
