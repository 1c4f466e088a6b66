import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimit } from '../../db/schema.ts';

/** At most `max` hits per `windowSeconds`, counted per key. */
export interface RateRule {
  max: number;
  windowSeconds: number;
}

/**
 * Counts one hit on `key` and says whether it is within the rule. One atomic statement on the
 * `rate_limit` table that better-auth's own limits use (our keys carry a `toolhouse:` prefix, so
 * they never meet its keys): every app instance sees the same counts, and parallel hits cannot
 * both slip through. A fixed window: it starts at the first hit and restarts after it has passed.
 */
export async function takeRateLimitHit(db: Db, key: string, rule: RateRule): Promise<boolean> {
  const windowMs = rule.windowSeconds * 1000;
  const stored = `toolhouse:${key}`;
  const result = await db.execute<{ count: number }>(sql`
    insert into ${rateLimit} (id, key, count, last_request)
    values (${randomUUID()}, ${stored}, 1, (extract(epoch from clock_timestamp()) * 1000)::bigint)
    on conflict (key) do update set
      count = case
        when ${rateLimit.lastRequest} < (extract(epoch from clock_timestamp()) * 1000)::bigint - ${windowMs}
        then 1 else ${rateLimit.count} + 1 end,
      last_request = case
        when ${rateLimit.lastRequest} < (extract(epoch from clock_timestamp()) * 1000)::bigint - ${windowMs}
        then (extract(epoch from clock_timestamp()) * 1000)::bigint else ${rateLimit.lastRequest} end
    returning count`);
  const count = Number(result.rows[0]?.count ?? 0);
  return count <= rule.max;
}
