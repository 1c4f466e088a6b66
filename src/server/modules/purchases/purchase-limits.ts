import type { AppConfig } from '../../config.ts';
import type { AuthUser } from '../auth/caller.ts';
import { rateLimitHitSql, rateLimitReachedSql } from '../rate-limit/rate-limit.ts';

export const tooManyUnpaidOrdersMessage = (max: number) =>
  `You already have ${max} unpaid orders. Please pay for or delete one of them before placing another.`;

export type PurchaseLimits = Pick<AppConfig, 'orderRateLimitPerHour' | 'maxUnpaidOrders'>;

export const ORDER_RATE_WINDOW_MS = 60 * 60 * 1000;

/** The rate-limit keys an order counts a hit on: its client IP and its account. */
export const orderRateKeys = (caller: Pick<AuthUser, 'id'>, clientIp: string) => [
  `order:ip:${clientIp}`,
  `order:user:${caller.id}`,
];

/** The SQL text of a statement parameter (e.g. `$3::text`), by name. */
export type Param = (name: string) => string;

/**
 * The order limits as they stand when the order's one statement (order-statement.ts) starts, as a
 * CTE whose writes must be gated on `limits` (one row):
 *
 * - `too_many_unpaid`: the number of unpaid orders the account holds (each holds stock, so a few
 *   accounts must not lock the whole stock for the hold time), counted up to the limit only. Read at the statement's start, so
 *   parallel orders of one account are counted together and a burst may pass it by a few; the rate
 *   limit bounds such bursts.
 * - `rate_reached`: an IP or account key already at the order rate limit, so this order's hit will
 *   be refused (`orderRateHitsCte`). Only saves work: such an order takes no stock (no product row
 *   lock held while it queues on its rate rows) and writes nothing it would have to undo.
 */
export function orderLimitsCte(param: Param): string {
  const reached = rateLimitReachedSql(param('rateKeys'), param('rateMax'), param('rateWindowMs'));
  return `limits AS (
    SELECT ${param('rateMax')} > 0 AND ${reached} AS rate_reached,
      (SELECT count(*) FROM (SELECT FROM purchase
        WHERE user_id = ${param('userId')} AND status = 'pending' AND NOT paid
          AND hold_expires_at > now() LIMIT ${param('maxUnpaid')}) AS held)
        >= ${param('maxUnpaid')} AS too_many_unpaid
  )`;
}

/**
 * The per-IP and per-account order rate as a CTE of the order's one statement: one hit counted on
 * each key (`order_rate_hits`, RETURNING each key's count), whether or not the order is placed. A
 * limit of 0 counts nothing. Parallel hits on one key queue on its row lock, so the count is exact.
 *
 * That row lock is held until the statement commits, and the per-IP row is shared by every order
 * from one address: so the hits are counted LAST, after the CTEs `after` (the order's writes, read
 * here only to run them first), and only the end of the statement and its commit queue on the lock.
 * The writes are then undone by aborting the statement when a key is over the limit: see
 * `orderRateVerdictSql`.
 */
export function orderRateHitsCte(param: Param, after: readonly string[]): string {
  const writesDone = after.map((cte) => `(SELECT count(*) FROM ${cte}) >= 0`).join(' AND ');
  const keys = `CASE WHEN ${param('rateMax')} > 0 AND ${writesDone}
    THEN ${param('rateKeys')} ELSE '{}'::text[] END`;
  return `order_rate_hits AS (
    ${rateLimitHitSql(keys, param('rateWindowMs'))}
  )`;
}

/** The SQLSTATE of the error that aborts an order over the rate limit (drizzle/0008_refuse_function). */
const RATE_REFUSAL_SQLSTATE = 'TH429';

/**
 * An expression for the order statement's result: 0 when every key is within the limit; else the
 * statement fails through the database's `refuse()`, so nothing it wrote stays (nor the hit: a hit
 * over the limit changes no later answer, the count stays over it until the window restarts).
 */
export function orderRateVerdictSql(param: Param): string {
  return `(SELECT coalesce(max(CASE WHEN count > ${param('rateMax')}
      THEN refuse('${RATE_REFUSAL_SQLSTATE}', 'order rate limit reached') ELSE 0 END), 0)
    FROM order_rate_hits)`;
}

/** Whether the order statement failed because a key was over the order rate limit. */
export function isOrderRateRefusal(error: unknown): boolean {
  return (error as { code?: unknown }).code === RATE_REFUSAL_SQLSTATE;
}
