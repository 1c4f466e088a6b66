import { createHash } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { ANSWER_COLUMNS, PARAMS, PLACE_CHECKOUT_SQL } from './order-statement.ts';

/*
 * The order statement with a plan made once per database connection (issue 38; amends ADR 015 and
 * 022). Sent as text, unnamed (the only way through PgBouncer 1.18 in transaction pooling mode,
 * which keeps no prepared statements), PostgreSQL planned the whole statement on every call: about
 * half of its database time. Wrapped in a PL/pgSQL function, its plan is made on a connection's
 * first call and kept by that server backend for the next ones, whoever the client: so the plan is
 * cached in every supported setup (the embedded cluster, DATABASE_URL, and behind PgBouncer), and
 * what is sent each time is a one-line call. The plan is the generic one (`plan_cache_mode`), made
 * for any parameters, so it is never re-made per call.
 *
 * The function's name carries a hash of its text, so a new version of the statement is a new
 * function: instances of two versions (a rolling deploy) each call their own. It is created on the
 * first order a process places on a database (`ensureOrderFunction`), not by a migration, because
 * the statement is built from the code of several modules (limits, stock, lifecycle, outbox).
 */

const TEXT_HASH = createHash('sha256')
  .update(PLACE_CHECKOUT_SQL)
  .update(JSON.stringify(ANSWER_COLUMNS))
  .digest('hex')
  .slice(0, 12);

/** The function's name: the statement's version. */
export const ORDER_FUNCTION = `place_checkout_${TEXT_HASH}`;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** CREATE FUNCTION of the statement: the same parameters ($1…), the same answer. */
export const CREATE_ORDER_FUNCTION_SQL = `CREATE FUNCTION ${ORDER_FUNCTION}(${Object.values(PARAMS).join(', ')})
RETURNS TABLE (${ANSWER_COLUMNS.map(([name, type]) => `${quoted(name)} ${type}`).join(', ')})
LANGUAGE plpgsql VOLATILE
SET plan_cache_mode = force_generic_plan
AS $order$
#variable_conflict use_column
BEGIN
  RETURN QUERY ${PLACE_CHECKOUT_SQL};
END
$order$`;

/** What is sent to place an order: the call, with the statement's parameters. */
export const PLACE_CHECKOUT_CALL = `SELECT * FROM ${ORDER_FUNCTION}(${Object.values(PARAMS)
  .map((type, index) => `$${index + 1}::${type}`)
  .join(', ')})`;

/** SQLSTATEs of a function that exists already (or is being created by another process). */
const ALREADY_THERE = new Set(['42723', '23505']);
/** SQLSTATE of a call to a function that does not exist (a database restored from before it). */
export const UNDEFINED_FUNCTION = '42883';

const installed = new WeakMap<object, Promise<void>>();

async function install(db: Pick<Pool, 'query'> | PoolClient): Promise<void> {
  const { rows } = await db.query<{ found: boolean }>(
    'SELECT EXISTS (SELECT FROM pg_proc WHERE proname = $1) AS found',
    [ORDER_FUNCTION],
  );
  if (rows[0]?.found) return;
  try {
    await db.query(CREATE_ORDER_FUNCTION_SQL);
  } catch (error) {
    if (!ALREADY_THERE.has((error as { code?: string }).code ?? '')) throw error;
  }
}

/**
 * Makes sure the database behind `pool` has this version's function, once per pool and process
 * (again after a failure, or when `forget` says it went missing).
 */
export function ensureOrderFunction(
  pool: Pick<Pool, 'query'> | Pick<Pool, 'connect'>,
): Promise<void> {
  let done = installed.get(pool);
  if (!done) {
    done = (async () => {
      if ('query' in pool) return install(pool);
      const client = await pool.connect();
      try {
        await install(client);
      } finally {
        client.release();
      }
    })();
    installed.set(pool, done);
    done.catch(() => installed.delete(pool));
  }
  return done;
}

/** Forgets that `pool`'s database has the function (it answered that it has not). */
export function forgetOrderFunction(pool: object): void {
  installed.delete(pool);
}
