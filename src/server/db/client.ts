import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { BreakerLog, DatabaseBreaker } from './database-breaker.ts';
import { GuardedPool } from './guarded-pool.ts';
import * as schema from './schema.ts';

/** With its pool (`$client`), for hot statements sent as plain unnamed SQL. */
export type Db = NodePgDatabase<typeof schema> & { $client: Pick<pg.Pool, 'query'> };
/** A transaction handle; services that may run inside a caller's transaction take `Queryable`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  pool: GuardedPool;
  /** Whether the database is known to be down (every call then fails at once with a 503). */
  breaker: DatabaseBreaker;
  /**
   * The outbox worker's own small pool (OUTBOX_DB_CONNECTIONS, ADR 048): its share of the
   * database, so it neither waits behind the requests' queue for a connection nor takes theirs.
   * Absent (0): the worker uses `db`.
   */
  outbox?: { db: Db; pool: GuardedPool };
}

export interface PoolOptions {
  max?: number;
  onError?: (error: Error) => void;
  /** Where the breaker reports an outage's start and end (once each). */
  log?: BreakerLog;
  /** Connections of the outbox worker's own pool (`Database.outbox`); 0 or unset: none. */
  outboxConnections?: number;
}

/**
 * The pool every query and transaction of the app goes through (drizzle's, and so better-auth's
 * adapter's): every wait bounded on the client, and failing at once while the database is down.
 */
export function connectDatabase(connectionString: string, options: PoolOptions = {}): Database {
  const pool = new GuardedPool({ connectionString, max: options.max ?? 10, log: options.log });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', (error) => options.onError?.(error));
  const database: Database = { db: drizzle({ client: pool, schema }), pool, breaker: pool.breaker };
  if (options.outboxConnections) {
    const outbox = new GuardedPool({ connectionString, max: options.outboxConnections });
    outbox.on('error', (error) => options.onError?.(error));
    database.outbox = { db: drizzle({ client: outbox, schema }), pool: outbox };
  }
  return database;
}

/** Closes the database's pools (the outbox worker's too). */
export async function endPools(database: Database): Promise<void> {
  await database.outbox?.pool.end();
  await database.pool.end();
}
