import type { AppConfig } from '../../config.ts';
import type { AuthUser } from '../../plugins/authentication.ts';
import { rateLimitHitSql } from '../rate-limit/rate-limit.ts';

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
 * The limits on placing an order, as CTEs of the order's one statement (order-statement.ts), which
 * must gate its writes on `limits` (one row, two booleans):
 *
 * - the per-IP and per-account order rate: one hit counted on each key (whether or not the order is
 *   then placed), refused when a key is over the limit (`rate_limited`). A limit of 0 counts
 *   nothing. Parallel orders on one key queue on its row lock, so the rate is exact;
 * - the number of unpaid orders the account holds (`too_many_unpaid`; each holds stock, so a few
 *   accounts must not lock the whole stock for the hold time). The count is read at the
 *   statement's start, so parallel orders of one account are counted together and a burst may pass
 *   it by a few; the rate limit bounds such bursts.
 */
export function purchaseLimitsCtes(param: Param): string {
  return `order_rate_hits AS (
    ${rateLimitHitSql(
      `CASE WHEN ${param('rateMax')} > 0 THEN ${param('rateKeys')} ELSE '{}'::text[] END`,
      param('rateWindowMs'),
    )}
  ), limits AS (
    SELECT
      EXISTS (SELECT 1 FROM order_rate_hits WHERE count > ${param('rateMax')}) AS rate_limited,
      (SELECT count(*) FROM purchase
        WHERE user_id = ${param('userId')} AND status = 'pending' AND NOT paid
          AND hold_expires_at > now()) >= ${param('maxUnpaid')} AS too_many_unpaid
  )`;
}
