import { createHash } from 'node:crypto';
import type { Pool, PoolClient, QueryResult, QueryResultRow } from 'pg';

/*
 * A statement whose plan PostgreSQL makes once per server connection, in every supported setup
 * (docs/decisions/049, amended by 060). Sent as text, unnamed (the only way through PgBouncer 1.18
 * in transaction pooling mode, which keeps no prepared statements), a statement is planned on
 * every call; for the order statement that was half of its database time, for the pricing step's
 * read (a dozen subqueries) 0.66 ms of a 0.09 ms query. Wrapped in a PL/pgSQL function, its plan
 * is made on a connection's first call and kept by that server backend for the next ones, whoever
 * the client is; what is sent each time is a one-line call. The plan is the generic one
 * (`plan_cache_mode`), made for any parameters, so it is never re-made per call.
 *
 * The function's name carries a hash of its text, so a new version of the statement is a new
 * function: instances of two versions (a rolling deploy) each call their own. It is created on a
 * process's first call on a database, not by a migration, because its text is code (built from
 * several modules' parts for the order statement); a database that lost it (restored from before)
 * answers "undefined function", and the call makes it again and is sent once more.
 */

interface KeptPlanCommon {
  /** The function's name before its hash: `place_checkout`, `pricing_lines`, … */
  readonly name: string;
  /** Each parameter's SQL type. */
  readonly params: readonly string[];
  /** Each answer column's name and SQL type, in the statement's order (RETURN QUERY needs both exact). */
  readonly columns: readonly (readonly [string, string])[];
  /** VOLATILE for a statement that writes (the default), STABLE for one that only reads. */
  readonly volatility?: 'VOLATILE' | 'STABLE';
}

export type KeptPlanSpec = KeptPlanCommon &
  (
    | {
        /** The statement, with its parameters as `$1`…, in the order of `params`. */
        readonly sql: string;
        readonly body?: never;
      }
    | {
        /**
         * Instead of one statement: the function's own PL/pgSQL statements (each RETURN QUERY of
         * them keeps a plan of its own), for a statement with shapes chosen as it runs.
         */
        readonly body: string;
        readonly sql?: never;
      }
  );

/** SQLSTATEs of a function that exists already (or is being created by another process). */
const ALREADY_THERE = new Set(['42723', '23505']);
/** SQLSTATE of a call to a function that does not exist (a database restored from before it). */
export const UNDEFINED_FUNCTION = '42883';

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

type Database = Pick<Pool, 'query'> | Pick<Pool, 'connect'>;

export interface KeptPlan {
  /** The function's name: the statement's version. */
  readonly functionName: string;
  /** What is sent: the call, with the statement's parameters. */
  readonly callSql: string;
  /** Makes sure `pool`'s database has the function, once per pool and process. */
  ensure(pool: Database): Promise<void>;
  /** Forgets that `pool`'s database has the function (it answered that it has not). */
  forget(pool: object): void;
  /**
   * Runs the statement on `pool` (made first if need be, and again when the database lost it).
   * Only for a pool: a call inside a caller's transaction uses `callSql` after `ensure(pool)`.
   */
  query<R extends QueryResultRow>(
    pool: Pick<Pool, 'query'>,
    values: readonly unknown[],
  ): Promise<QueryResult<R>>;
}

export function keptPlan(spec: KeptPlanSpec): KeptPlan {
  const body = spec.body ?? `RETURN QUERY ${spec.sql};`;
  const hash = createHash('sha256')
    .update(body)
    .update(JSON.stringify([spec.params, spec.columns, spec.volatility]))
    .digest('hex')
    .slice(0, 12);
  const functionName = `${spec.name}_${hash}`;
  const createSql = `CREATE FUNCTION ${functionName}(${spec.params.join(', ')})
RETURNS TABLE (${spec.columns.map(([name, type]) => `${quoted(name)} ${type}`).join(', ')})
LANGUAGE plpgsql ${spec.volatility ?? 'VOLATILE'}
SET plan_cache_mode = force_generic_plan
AS $kept$
#variable_conflict use_column
BEGIN
  ${body}
END
$kept$`;
  const callSql = `SELECT * FROM ${functionName}(${spec.params
    .map((type, index) => `$${index + 1}::${type}`)
    .join(', ')})`;

  const installed = new WeakMap<object, Promise<void>>();

  async function install(db: Pick<Pool, 'query'> | PoolClient): Promise<void> {
    const { rows } = await db.query<{ found: boolean }>(
      'SELECT EXISTS (SELECT FROM pg_proc WHERE proname = $1) AS found',
      [functionName],
    );
    if (rows[0]?.found) return;
    try {
      await db.query(createSql);
    } catch (error) {
      if (!ALREADY_THERE.has((error as { code?: string }).code ?? '')) throw error;
    }
  }

  function ensure(pool: Database): Promise<void> {
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

  const forget = (pool: object) => void installed.delete(pool);

  async function query<R extends QueryResultRow>(
    pool: Pick<Pool, 'query'>,
    values: readonly unknown[],
  ): Promise<QueryResult<R>> {
    await ensure(pool);
    try {
      return await pool.query<R>(callSql, values as unknown[]);
    } catch (error) {
      if ((error as { code?: string }).code !== UNDEFINED_FUNCTION) throw error;
      forget(pool);
      await ensure(pool);
      return pool.query<R>(callSql, values as unknown[]);
    }
  }

  return { functionName, callSql, ensure, forget, query };
}
