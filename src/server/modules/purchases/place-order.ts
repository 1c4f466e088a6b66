import type { Pool, PoolClient } from 'pg';
import {
  creditLimitMessage,
  NO_COMPANY_MESSAGE,
  NO_CREDIT_MESSAGE,
} from '../../../shared/companies.ts';
import { TOO_MANY_REQUESTS_MESSAGE } from '../../../shared/errors.ts';
import { PRICES_CHANGED_MESSAGE } from '../../../shared/pricing.ts';
import {
  CODE_CUSTOMER_USED_MESSAGE,
  CODE_FIRST_ORDER_MESSAGE,
  CODE_USED_UP_MESSAGE,
} from '../../../shared/promotions.ts';
import {
  type AppError,
  Conflict,
  isLostRace,
  ServiceUnavailable,
  TooManyRequests,
} from '../../errors.ts';
import {
  ORDER_BUSY_MESSAGE,
  placeCheckoutValues,
  type PlaceCheckoutInput,
  type PlaceCheckoutRow,
} from './order-statement.ts';
import {
  ensureOrderFunction,
  forgetOrderFunction,
  PLACE_CHECKOUT_CALL,
  UNDEFINED_FUNCTION,
} from './order-statement-function.ts';
import { tooManyUnpaidOrdersMessage } from './purchase-limits.ts';

/*
 * The one way an order is placed (issue 33): a checkout, a single purchase (POST /api/purchase)
 * and an accepted quote all send the order statement (order-statement.ts) through this module,
 * with one retry policy and one reading of the limits' refusals. A new way of buying calls
 * `placeOrder`, or `placeOrderInTransaction` when something of its own must commit with the order.
 */

/**
 * Sends the order statement on `db` (the pool, or the client of the caller's transaction) as a
 * call of the function that keeps its plan (order-statement-function.ts); a first order of an
 * account (whose limits row the statement has just created) is sent once more, so its limits are
 * decided on the locked row like any other.
 */
async function sendOrderStatement(
  db: Pick<Pool, 'query'>,
  input: PlaceCheckoutInput,
): Promise<PlaceCheckoutRow[]> {
  const send = async () =>
    (await db.query<PlaceCheckoutRow>(PLACE_CHECKOUT_CALL, placeCheckoutValues(input))).rows;
  const rows = await send();
  return rows[0]?.account_missing ? send() : rows;
}

/**
 * The retry policy of placing: an attempt that lost a race (`isLostRace`: a deadlock's victim, or
 * not serializable) is run once more. It placed nothing (one atomic statement, or a transaction
 * rolled back), and the second runs on a fresh snapshot after the transaction it lost to. The
 * lock order (docs/decisions/022, 023) leaves no known deadlock, so this is the safety net for one
 * nobody found yet, or an engine that aborts rather than waits. A second loss in a row is answered
 * 503 (worth a retry, said so), never 500: the customer's order was not placed, and the message
 * says that.
 */
async function withOneRetry<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!isLostRace(error)) throw error;
  }
  try {
    return await attempt();
  } catch (error) {
    if (isLostRace(error)) throw new ServiceUnavailable(ORDER_BUSY_MESSAGE);
    throw error;
  }
}

/** Places an order: the statement's rows, one per line, for the caller to answer the lines. */
export async function placeOrder(
  pool: Pick<Pool, 'query'>,
  input: PlaceCheckoutInput,
): Promise<PlaceCheckoutRow[]> {
  await ensureOrderFunction(pool);
  try {
    return await withOneRetry(() => sendOrderStatement(pool, input));
  } catch (error) {
    // The database lost the function (restored from before it): made again, and sent once more.
    if ((error as { code?: string }).code !== UNDEFINED_FUNCTION) throw error;
    forgetOrderFunction(pool);
    await ensureOrderFunction(pool);
    return withOneRetry(() => sendOrderStatement(pool, input));
  }
}

/** What must commit or roll back with the order (a quote's acceptance). */
export interface OrderTransaction<T> {
  /** First, in the transaction: the order to place, or null to place nothing (rolled back). */
  before(client: PoolClient): Promise<PlaceCheckoutInput | null>;
  /** Then, with the statement's rows; throwing rolls everything back. */
  after(client: PoolClient, rows: PlaceCheckoutRow[]): Promise<T>;
}

/**
 * Places an order inside one transaction with the caller's own steps, retried as a whole under the
 * same policy as `placeOrder`. Null when `before` placed nothing.
 */
export function placeOrderInTransaction<T>(
  pool: Pick<Pool, 'connect'>,
  steps: OrderTransaction<T>,
): Promise<T | null> {
  return withOneRetry(async () => {
    await ensureOrderFunction(pool);
    const client = await pool.connect();
    let done = false;
    try {
      await client.query('BEGIN');
      const input = await steps.before(client);
      const result = input && (await steps.after(client, await sendOrderStatement(client, input)));
      await client.query(input ? 'COMMIT' : 'ROLLBACK');
      done = true;
      return result;
    } finally {
      if (!done) await client.query('ROLLBACK').catch(() => undefined);
      client.release();
    }
  });
}

/** What a buyer is told when a promotion's use could not be claimed (claim_promotion_uses). */
const PROMOTION_PROBLEM_MESSAGES: Record<string, string> = {
  used_up: CODE_USED_UP_MESSAGE,
  customer_used: CODE_CUSTOMER_USED_MESSAGE,
  first_order: CODE_FIRST_ORDER_MESSAGE,
};

/**
 * The order limits' refusals, the same for every way of placing: 429 for the order rate, then 409
 * for too many unpaid orders, then 409 for a checkout on account its company's credit does not
 * cover (issue 37, field `paymentMethod`), then 409 for a promotion whose use could not be claimed (its limit
 * reached: the code's message, field `codes`; ended or changed: "Prices changed"). Null when the
 * limits let the order through.
 */
export function limitRefusal(
  row: PlaceCheckoutRow | undefined,
  maxUnpaidOrders: number,
): AppError | null {
  if (row?.rate_reached) return new TooManyRequests(TOO_MANY_REQUESTS_MESSAGE);
  if (row?.too_many_unpaid) return new Conflict(tooManyUnpaidOrdersMessage(maxUnpaidOrders));
  if (row?.credit_problem) {
    const message =
      row.credit_problem === 'no_company'
        ? NO_COMPANY_MESSAGE
        : row.credit_problem === 'no_credit'
          ? NO_CREDIT_MESSAGE
          : creditLimitMessage(Number(row.credit_available_cents ?? 0));
    return new Conflict(message, { paymentMethod: message });
  }
  if (row?.promotion_problem) {
    const message =
      PROMOTION_PROBLEM_MESSAGES[row.promotion_problem.split(':')[0] ?? ''] ??
      PRICES_CHANGED_MESSAGE;
    return new Conflict(message, { codes: message });
  }
  return null;
}
