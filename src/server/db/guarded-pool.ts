import pg from 'pg';
import { DatabaseUnavailable } from '../errors.ts';
import {
  DB_ACQUIRE_TIMEOUT_MS,
  DB_CONNECT_TIMEOUT_MS,
  DB_KEEPALIVE_DELAY_MS,
  DB_PROBE_INTERVAL_MS,
  DB_PROBE_TIMEOUT_MS,
  DB_QUERY_TIMEOUT_MS,
  DB_SUSPECT_AFTER_MS,
  DB_STATEMENT_TIMEOUT_MS,
} from './database-bounds.ts';
import { DatabaseBreaker, type BreakerLog } from './database-breaker.ts';

/**
 * A pg Pool whose every wait is bounded on the client and which fails at once while the database
 * is known to be down (docs/decisions/ "database circuit breaker"). drizzle and better-auth's
 * adapter use it as any pg Pool: `query` for single statements, `connect` + `release` for
 * transactions.
 *
 * - `connect`: refused at once while the breaker is open; else bounded by `acquireTimeoutMs`, the
 *   pool's queue and a new connection's handshake together.
 * - Every statement, on a pooled or a checked-out client, has a client-side timer. When it fires
 *   the statement is abandoned: its connection is destroyed and taken out of the pool at once (a
 *   transaction's client too, whose owner may never call release: drizzle does not when BEGIN
 *   fails), and any further statement on that client (the ROLLBACK) fails at once.
 * - Timeouts and lost connections are reported to the breaker, which probes the database; when it
 *   opens, the statements in flight are abandoned too.
 * - No session state: nothing here needs more than one statement or transaction per connection,
 *   so it works through PgBouncer in transaction pooling mode.
 */

export interface GuardedPoolOptions {
  connectionString: string;
  max: number;
  log?: BreakerLog;
  acquireTimeoutMs?: number;
  connectTimeoutMs?: number;
  queryTimeoutMs?: number;
  /** DB_SUSPECT_AFTER_MS. */
  suspectAfterMs?: number;
}

/** pg's Client with a handshake bound of its own (pg-pool's one option bounds its queue too). */
function clientWithConnectTimeout(connectTimeoutMs: number): new () => pg.ClientBase {
  return class extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectTimeoutMs });
    }
  } as new () => pg.ClientBase;
}

/** One checkout of a client, from `connect` to `release`. */
interface Lease {
  client: pg.PoolClient;
  /** Statements sent and not yet answered. */
  inFlight: number;
  /** Set when the client was abandoned: every further statement fails with it. */
  brokenBy: DatabaseUnavailable | undefined;
  release(error?: Error | boolean): void;
}

const QUERY_CANCELED = '57014';

type QueryCallback = (error: Error | undefined, result?: unknown) => void;

// Network and server-lifecycle failures: the database (or the way to it) may be gone.
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
]);

/** Whether a driver error means the connection (or the server) failed, not the statement. */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof DatabaseUnavailable) return true;
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || code.startsWith('08')))
    return true;
  return (
    typeof message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|not queryable/i.test(message)
  );
}

const connectionSettings = (connectionString: string) => ({
  connectionString,
  keepAlive: true,
  keepAliveInitialDelayMillis: DB_KEEPALIVE_DELAY_MS,
});

/** Connect and SELECT 1 on a connection of its own, within `timeoutMs`, whatever the server does. */
export async function probeDatabase(connectionString: string, timeoutMs: number): Promise<void> {
  const client = new pg.Client({
    ...connectionSettings(connectionString),
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
  });
  client.on('error', () => undefined); // failures surface through connect/query below
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    // end() destroys the socket when a statement is still unanswered: nothing waits on a stall.
    await client.end().catch(() => undefined);
  }
}

export class GuardedPool extends pg.Pool {
  readonly breaker: DatabaseBreaker;
  readonly #acquireTimeoutMs: number;
  readonly #queryTimeoutMs: number;
  readonly #leases = new Map<pg.PoolClient, Lease>();
  /** Abandoned clients, out of the pool: their owner may still send a statement (the ROLLBACK). */
  readonly #abandoned = new WeakMap<pg.PoolClient, DatabaseUnavailable>();
  readonly #suspectAfterMs: number;
  #lastSlowSuspicion = 0;

  constructor(options: GuardedPoolOptions) {
    const acquireTimeoutMs = options.acquireTimeoutMs ?? DB_ACQUIRE_TIMEOUT_MS;
    super({
      ...connectionSettings(options.connectionString),
      max: options.max,
      connectionTimeoutMillis: acquireTimeoutMs,
      Client: clientWithConnectTimeout(options.connectTimeoutMs ?? DB_CONNECT_TIMEOUT_MS),
      idleTimeoutMillis: 30_000,
      statement_timeout: DB_STATEMENT_TIMEOUT_MS,
    });
    this.#acquireTimeoutMs = acquireTimeoutMs;
    this.#queryTimeoutMs = options.queryTimeoutMs ?? DB_QUERY_TIMEOUT_MS;
    this.#suspectAfterMs = options.suspectAfterMs ?? DB_SUSPECT_AFTER_MS;
    this.breaker = new DatabaseBreaker({
      probe: () => probeDatabase(options.connectionString, DB_PROBE_TIMEOUT_MS),
      probeIntervalMs: DB_PROBE_INTERVAL_MS,
      log: options.log,
    });
    this.breaker.onOpen(() => {
      for (const lease of this.#leases.values())
        if (lease.inFlight > 0) this.#abandon(lease, this.breaker.refusal());
    });
    // An idle client that lost its connection: pg-pool drops it; the database may be gone.
    this.on('error', (error) => this.breaker.suspect(error));
    this.on('connect', (client) => {
      // A checked-out client has no listener of pg-pool's: its connection failing must not be an
      // unhandled 'error' event (a crash). The statement in flight fails with the error anyway.
      client.on('error', (error) => {
        const lease = this.#leases.get(client);
        if (lease)
          this.#abandon(lease, new DatabaseUnavailable('connection lost', { cause: error }));
        this.breaker.suspect(error);
      });
    });
    // Own methods shadow pg-pool's (whose query would check out through the callback form).
    this.connect = this.#connect.bind(this) as unknown as pg.Pool['connect'];
    this.query = this.#query.bind(this) as unknown as pg.Pool['query'];
    const end = this.end.bind(this);
    this.end = ((...args: unknown[]) => {
      this.breaker.stop();
      return (end as (...a: unknown[]) => unknown)(...args);
    }) as pg.Pool['end'];
  }

  #connect(
    callback?: (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void,
  ) {
    const acquired = this.#acquire();
    if (!callback) return acquired;
    acquired.then(
      (client) => callback(undefined, client, () => client.release()),
      (error: Error) => callback(error, undefined, () => undefined),
    );
    return undefined;
  }

  #acquire(): Promise<pg.PoolClient> {
    if (this.breaker.state === 'down') return Promise.reject(this.breaker.refusal());
    return new Promise<pg.PoolClient>((resolve, reject) => {
      let settled = false;
      const finish = (error: DatabaseUnavailable) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        stopWaiting();
        reject(error);
      };
      const timer = setTimeout(
        () => finish(new DatabaseUnavailable(`no connection within ${this.#acquireTimeoutMs} ms`)),
        this.#acquireTimeoutMs,
      );
      const stopWaiting = this.breaker.onOpen(() => finish(this.breaker.refusal()));
      const slow = this.#suspectWhenSlow('no connection');
      super.connect().then(
        (client) => {
          clearTimeout(slow);
          if (settled) {
            client.release(); // the caller gave up meanwhile: the client goes back unused
            return;
          }
          settled = true;
          clearTimeout(timer);
          stopWaiting();
          resolve(this.#lease(client));
        },
        (error: unknown) => {
          clearTimeout(slow);
          if (isConnectionFailure(error)) this.breaker.suspect(error);
          finish(new DatabaseUnavailable('could not connect', { cause: error }));
        },
      );
    });
  }

  /**
   * A timer that, unless cleared within DB_SUSPECT_AFTER_MS, has the breaker probe the database
   * (at most once a second): a stall is known long before the statement timers give up.
   */
  #suspectWhenSlow(what: string): NodeJS.Timeout {
    const timer = setTimeout(() => {
      const now = Date.now();
      if (now - this.#lastSlowSuspicion < 1_000) return;
      this.#lastSlowSuspicion = now;
      this.breaker.suspect(new DatabaseUnavailable(`${what} within ${this.#suspectAfterMs} ms`));
    }, this.#suspectAfterMs);
    timer.unref();
    return timer;
  }

  #lease(client: pg.PoolClient): pg.PoolClient {
    const poolRelease = client.release.bind(client);
    let released = false;
    const lease: Lease = {
      client,
      inFlight: 0,
      brokenBy: undefined,
      // Once only: an abandoned client is released here first, and its owner's release comes after.
      release: (error) => {
        if (released) return;
        released = true;
        this.#leases.delete(client);
        poolRelease(error ?? lease.brokenBy);
      },
    };
    this.#leases.set(client, lease);
    client.release = lease.release;
    if (!Object.hasOwn(client, 'query')) {
      const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
      client.query = ((...args: unknown[]) =>
        this.#guardedStatement(client, query, args)) as pg.PoolClient['query'];
    }
    return client;
  }

  /** Destroys the client's connection and takes it out of the pool, failing what waits on it. */
  #abandon(lease: Lease, error: DatabaseUnavailable): void {
    if (lease.brokenBy) return;
    lease.brokenBy = error;
    this.#abandoned.set(lease.client, error);
    // pg-pool ends a client released with an error; ending one with a statement in flight
    // destroys its socket, so pg fails that statement at once.
    lease.release(error);
  }

  #guardedStatement(
    client: pg.PoolClient,
    query: (...args: unknown[]) => Promise<unknown>,
    args: unknown[],
  ): unknown {
    const callback = typeof args.at(-1) === 'function' ? (args.pop() as QueryCallback) : undefined;
    const config = args[0] as { submit?: unknown } | undefined;
    // Submittables (cursors, streams) manage their own life; this app sends none.
    if (typeof config?.submit === 'function') return query(...args, callback);
    const result = this.#timedStatement(client, () => query(...args));
    if (!callback) return result;
    result.then(
      (value) => callback(undefined, value),
      (error: Error) => callback(error),
    );
    return undefined;
  }

  async #timedStatement(client: pg.PoolClient, send: () => Promise<unknown>): Promise<unknown> {
    const lease = this.#leases.get(client);
    const abandoned = this.#abandoned.get(client);
    if (abandoned) throw abandoned;
    if (!lease) return send(); // not checked out through us: pg reports the misuse itself
    if (this.breaker.state === 'down') {
      this.#abandon(lease, this.breaker.refusal());
      throw lease.brokenBy;
    }
    lease.inFlight += 1;
    const slow = this.#suspectWhenSlow('no answer');
    const timer = setTimeout(() => {
      const error = new DatabaseUnavailable(`no answer within ${this.#queryTimeoutMs} ms`);
      this.#abandon(lease, error);
      this.breaker.suspect(error);
    }, this.#queryTimeoutMs);
    try {
      return await send();
    } catch (error) {
      if (lease.brokenBy) throw lease.brokenBy;
      // The server's statement_timeout cancelled it: slow, not gone (the connection stays usable).
      if ((error as { code?: unknown }).code === QUERY_CANCELED)
        throw new DatabaseUnavailable('statement timeout', { cause: error });
      if (!isConnectionFailure(error)) throw error; // the statement's own error: unchanged
      this.breaker.suspect(error);
      const lost = new DatabaseUnavailable('connection lost', { cause: error });
      this.#abandon(lease, lost);
      throw lost;
    } finally {
      clearTimeout(slow);
      clearTimeout(timer);
      lease.inFlight -= 1;
    }
  }

  async #query(...args: unknown[]): Promise<unknown> {
    const callback = typeof args.at(-1) === 'function' ? (args.pop() as QueryCallback) : undefined;
    const run = async () => {
      const client = await this.#acquire();
      try {
        return await client.query(...(args as Parameters<pg.PoolClient['query']>));
      } finally {
        client.release();
      }
    };
    const result = run();
    if (!callback) return result;
    result.then(
      (value) => callback(undefined, value),
      (error: Error) => callback(error),
    );
    return undefined;
  }
}
