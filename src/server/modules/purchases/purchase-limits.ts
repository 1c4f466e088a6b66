import type { AppConfig } from '../../config.ts';

export const tooManyUnpaidOrdersMessage = (max: number) =>
  `You already have ${max} unpaid orders. Please pay for or delete one of them before placing another.`;

export type PurchaseLimits = Pick<AppConfig, 'orderRateLimitPerHour' | 'maxUnpaidOrders'>;

export const ORDER_RATE_WINDOW_MS = 60 * 60 * 1000;

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
 * The per-address rate counts the checkouts placed from the client address in the window, a plain
 * read of the statement's snapshot with no lock (many buyers share an address behind a company
 * proxy). It is approximate: checkouts in flight at the same moment do not see each other, so a
 * burst from one address passes the limit by at most the number of order statements running at
 * once (bounded by the database connections of all instances), and only attempts that placed a
 * checkout count for the address.
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
        OR (SELECT count(*) FROM (SELECT FROM checkout WHERE client_ip = ${param('clientIp')}
          AND created_at > now() - ${window(param)} LIMIT ${param('rateMax')}) AS recent)
          >= ${param('rateMax')}
      ) AS rate_reached,
      coalesce((SELECT unpaid_checkouts FROM account), 0) >= ${param('maxUnpaid')}
        AS too_many_unpaid
  )`;
}

/**
 * The account row's update at the end of the statement (`placed_checkout` is the checkout placed,
 * if any): one hit on the order rate for every attempt with lines that the rate did not refuse
 * (refused or not otherwise), and the unpaid checkout placed. The row is already locked by
 * `account`, so this is the value the next checkout of the account reads.
 */
export function accountCountedCte(param: Param): string {
  return `account_counted AS (
    UPDATE account_orders SET
      rate_hits = CASE WHEN account.in_window THEN account_orders.rate_hits + 1 ELSE 1 END,
      rate_window_started_at = CASE WHEN account.in_window
        THEN account_orders.rate_window_started_at ELSE now() END,
      unpaid_checkouts = account_orders.unpaid_checkouts
        + (SELECT count(*) FROM placed_checkout)::int
    FROM account, limits
    WHERE account_orders.user_id = ${param('userId')} AND NOT limits.rate_reached
      AND EXISTS (SELECT FROM lines)
    RETURNING 1
  )`;
}
