import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimit } from '../../db/schema.ts';
import { TooManyRequests } from '../../errors.ts';
import { TOO_MANY_REQUESTS_MESSAGE } from '../../../shared/errors.ts';

/** At most `max` hits per `windowSeconds`, counted per key. A `max` of 0 turns the rule off. */
export interface RateRule {
  max: number;
  windowSeconds: number;
}

const NOW_MS = sql`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/**
 * Counts one hit on each key and says whether every key is still within the rule. One atomic
 * statement on the `rate_limit` table better-auth's own limits use (our keys carry a `toolhouse:`
 * prefix, so they never meet its keys): every app instance sees the same counts, and parallel hits
 * cannot slip through together. A fixed window: it starts at a key's first hit and restarts once
 * it has passed.
 */
export async function takeRateLimitHit(
  db: Db,
  keys: string | readonly string[],
  rule: RateRule,
): Promise<boolean> {
  if (rule.max <= 0) return true;
  const windowMs = rule.windowSeconds * 1000;
  const rows = [keys]
    .flat()
    .map((key) => sql`(${randomUUID()}, ${`toolhouse:${key}`}, 1, ${NOW_MS})`);
  const expired = sql`${rateLimit.lastRequest} < ${NOW_MS} - ${windowMs}`;
  const result = await db.execute<{ count: number }>(sql`
    insert into ${rateLimit} (id, key, count, last_request)
    values ${sql.join(rows, sql`, `)}
    on conflict (key) do update set
      count = case when ${expired} then 1 else ${rateLimit.count} + 1 end,
      last_request = case when ${expired} then ${NOW_MS} else ${rateLimit.lastRequest} end
    returning count`);
  return result.rows.every((row) => Number(row.count) <= rule.max);
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
