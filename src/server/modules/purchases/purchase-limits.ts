import { createHash } from 'node:crypto';
import type { PlacementConfig } from './purchases.config.ts';
import { rateLimitHitSql, rateLimitSumSql } from '../rate-limit/index.ts';

export const tooManyUnpaidOrdersMessage = (max: number) =>
  `You already have ${max} unpaid orders. Please pay for or delete one of them before placing another.`;

export type PurchaseLimits = Pick<PlacementConfig, 'orderRateLimitPerHour' | 'maxUnpaidOrders'>;

export const ORDER_RATE_WINDOW_MS = 60 * 60 * 1000;

/**
 * The per-address order rate is counted on this many rows per address (`rate_limit` keys
 * `order:ip:<address>:<shard>`), the shard chosen by the account: so no row is locked by every
 * order from one address (many buyers share one behind a company proxy), and an account's orders,
 * which queue on its own row anyway, always count on the same one.
 */
export const ORDER_RATE_IP_SHARDS = 16;

/** The per-address rate keys: every shard of the address, and the one this account counts on. */
export function orderRateIpKeys(clientIp: string, userId: string) {
  const shard = createHash('sha256').update(userId).digest().readUInt16BE(0) % ORDER_RATE_IP_SHARDS;
  return {
    all: Array.from({ length: ORDER_RATE_IP_SHARDS }, (_, i) => `order:ip:${clientIp}:${i}`),
    mine: `order:ip:${clientIp}:${shard}`,
  };
}

/** The SQL text of a statement parameter (e.g. `$3::text`), by name. */
export type Param = (name: string) => string;

const window = (param: Param) => `${param('rateWindowMs')} * interval '1 millisecond'`;

/**
 * The order limits of a checkout's one statement (order-statement.ts), as two CTEs:
 *
 * - `account`: the caller's `account_orders` row, LOCKED. A locking read returns the row as the
 *   last checkout of this account committed it (READ COMMITTED re-reads a row it waited for), so
 *   the account's checkouts are decided one after another on exact counts: its unpaid checkouts
 *   (each holds stock, so a few accounts must not lock the whole stock for the hold time) and its
 *   order-rate hits in the current fixed window. Nothing else queues on it: only this account.
 * - `limits` (one row): `account_missing` (a first order: `account_created` inserts the row, and
 *   the service runs the statement again), `rate_reached`, `too_many_unpaid`.
 *
 * The per-address rate adds up the hits of the address's shards (ORDER_RATE_IP_SHARDS), a plain
 * read with no lock, and the hit is counted at the end of the statement (`ipRateHitCte`). It is
 * approximate: orders in flight at the same moment do not see each other's hits, so a burst from
 * one address passes the limit by at most the number of order statements running at once (bounded
 * by the database connections of all instances), and only within that burst.
 */
export function orderLimitsCtes(param: Param): string {
  return `account AS (
    SELECT unpaid_checkouts, rate_hits, rate_window_started_at > now() - ${window(param)} AS in_window
    FROM account_orders WHERE user_id = ${param('userId')} FOR UPDATE
  ), account_created AS (
    INSERT INTO account_orders (user_id) SELECT ${param('userId')}
    WHERE NOT EXISTS (SELECT FROM account) ON CONFLICT (user_id) DO NOTHING
  ), limits AS (
    SELECT NOT EXISTS (SELECT FROM account) AS account_missing,
      ${param('rateMax')} > 0 AND (
        coalesce((SELECT rate_hits FROM account WHERE in_window), 0) >= ${param('rateMax')}
        OR ${rateLimitSumSql(param('ipRateKeys'), param('rateWindowMs'))} >= ${param('rateMax')}
      ) AS rate_reached,
      coalesce((SELECT unpaid_checkouts FROM account), 0) >= ${param('maxUnpaid')}
        AS too_many_unpaid
  )`;
}

/**
 * The account row's update at the end of the statement (`placed_checkout` is the checkout placed,
 * if any): one hit on the order rate for every attempt with lines that the rate did not refuse
 * (refused or not otherwise), and the unpaid checkout placed (one invoiced as it is placed, on a
 * company's account, is not unpaid: issue 37). The row is already locked by
 * `account`, so this is the value the next checkout of the account reads.
 */
export function accountCountedCte(param: Param): string {
  return `account_counted AS (
    UPDATE account_orders SET
      rate_hits = CASE WHEN account.in_window THEN account_orders.rate_hits + 1 ELSE 1 END,
      rate_window_started_at = CASE WHEN account.in_window
        THEN account_orders.rate_window_started_at ELSE now() END,
      unpaid_checkouts = account_orders.unpaid_checkouts
        + (SELECT count(*) FROM placed_checkout WHERE unpaid_orders > 0)::int
    FROM account, limits
    WHERE account_orders.user_id = ${param('userId')} AND NOT limits.rate_reached
      AND EXISTS (SELECT FROM lines)
    RETURNING 1
  )`;
}

/**
 * The per-address hit, on this account's shard row (`rate_limit`): for every attempt with lines the
 * rate did not refuse (an account's first, which is sent again, once), counted LAST, after `after` (the statement's writes, read here only to run
 * them first), so the shard row is locked only for the end of the statement and its commit.
 */
export function ipRateHitCte(param: Param, after: readonly string[]): string {
  const writesDone = after.map((cte) => `(SELECT count(*) FROM ${cte}) >= 0`).join(' AND ');
  const keys = `CASE WHEN ${param('rateMax')} > 0
      AND (SELECT NOT (account_missing OR rate_reached) FROM limits)
      AND EXISTS (SELECT FROM lines) AND ${writesDone}
    THEN ARRAY[${param('ipRateKey')}] ELSE '{}'::text[] END`;
  return `ip_rate_hit AS (
    ${rateLimitHitSql(keys, param('rateWindowMs'))}
  )`;
}
