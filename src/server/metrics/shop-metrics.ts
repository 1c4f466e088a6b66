import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';

/** Buckets of the request histogram, in seconds: the fast paths' sub-millisecond to 5 s. */
const DURATION_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
];

/** The shop's figures from the database, read at most once per this many ms per instance. */
const DB_FIGURES_TTL_MS = 5_000;

/** The outbox's lanes (ADR 039): webhooks per endpoint, every other kind in the mail lane. */
const OUTBOX_LANES = ['mail', 'webhook'] as const;
type OutboxLane = (typeof OUTBOX_LANES)[number];

interface DbFigures {
  orders: number;
  paid: number;
  outboxPending: number;
  outboxOldestSeconds: number;
  /** Per lane: jobs due and not taken by a worker, and how long the longest-waiting one has been due. */
  outboxDue: Record<OutboxLane, { jobs: number; waitSeconds: number }>;
}

/** The database-wide figures a scrape reports (every instance reports the same). */
async function readDbFigures(database: Database): Promise<DbFigures> {
  const { rows } = await database.pool.query<{
    orders: string;
    paid: string;
    pending: string;
    oldest: number | null;
  }>(
    `SELECT (SELECT count(*) FROM purchase) AS orders,
       (SELECT count(*) FROM purchase WHERE paid) AS paid,
       (SELECT count(*) FROM outbox WHERE status = 'pending') AS pending,
       (SELECT extract(epoch FROM now() - min(created_at))::float8
          FROM outbox WHERE status = 'pending') AS oldest`,
  );
  const row = rows[0];
  // Due: pending with its time come (a job a worker holds is not: its claim moved that time on).
  const due = await database.pool.query<{ lane: OutboxLane; jobs: number; wait: number }>(
    `SELECT CASE WHEN kind = 'webhook' THEN 'webhook' ELSE 'mail' END AS lane,
       count(*)::int AS jobs, extract(epoch FROM now() - min(next_attempt_at))::float8 AS wait
     FROM outbox WHERE status = 'pending' AND next_attempt_at <= now() GROUP BY 1`,
  );
  const outboxDue = { mail: { jobs: 0, waitSeconds: 0 }, webhook: { jobs: 0, waitSeconds: 0 } };
  for (const lane of due.rows) outboxDue[lane.lane] = { jobs: lane.jobs, waitSeconds: lane.wait };
  return {
    orders: Number(row?.orders ?? 0),
    paid: Number(row?.paid ?? 0),
    outboxPending: Number(row?.pending ?? 0),
    outboxOldestSeconds: row?.oldest ?? 0,
    outboxDue,
  };
}

interface ArchiverFigures {
  failed: number;
  failing: boolean;
}

/**
 * PostgreSQL's WAL archiver (pg_stat_archiver, the whole cluster: the embedded one's
 * archive_command, or pgBackRest's on a server of your own). Its own query: an engine without the
 * view (a distributed PostgreSQL-compatible one) leaves only these figures out.
 */
async function readArchiverFigures(database: Database): Promise<ArchiverFigures | undefined> {
  const { rows } = await database.pool.query<{ failed: number; failing: boolean }>(
    `SELECT failed_count::float8 AS failed,
       coalesce(last_failed_time > coalesce(last_archived_time, '-infinity'), false) AS failing
       FROM pg_stat_archiver`,
  );
  const row = rows[0];
  return row && { failed: row.failed, failing: row.failing };
}

/** What the metrics read of the instance besides the database. */
export interface MetricSources {
  database: Database;
  /** Hot reads answered from memory and handed to their route (fast-path.ts); absent: none. */
  hotReads?: () => { hits: number; misses: number };
}

export interface ShopMetrics {
  registry: Registry;
  /** One answered request: method, route pattern, status, seconds. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

/**
 * The instance's Prometheus metrics (issue 27), in a registry of its own (so two apps in one
 * process, as in tests, never share one). Gauges are read when scraped; the database figures at
 * most every 5 s, and a database that does not answer leaves them as they were (the scrape still
 * answers, with the breaker saying why).
 */
export function createShopMetrics(sources: MetricSources): ShopMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'toolhouse_' });
  const { database } = sources;

  const requests = new Histogram({
    name: 'toolhouse_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });

  let figures: DbFigures | undefined;
  let archiver: ArchiverFigures | undefined;
  let readAt = 0;
  let reading: Promise<void> | undefined;
  const read = async () => {
    // Down: the breaker gauge says so; the last figures stay.
    const [shop, archive] = await Promise.allSettled([
      readDbFigures(database),
      readArchiverFigures(database),
    ]);
    if (shop.status === 'fulfilled') figures = shop.value;
    if (archive.status === 'fulfilled') archiver = archive.value;
  };
  /** Both reads, at most once per TTL, shared by the scrape's collectors. */
  const refresh = () => {
    if (Date.now() - readAt >= DB_FIGURES_TTL_MS) {
      readAt = Date.now();
      reading = read();
    }
    return reading;
  };
  const dbFigures = async () => {
    await refresh();
    return figures;
  };
  const figure = (name: string, help: string, pick: (f: DbFigures) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const f = await dbFigures();
        if (f) this.set(pick(f));
      },
    });
  figure('toolhouse_orders_placed', 'Orders ever placed (all instances)', (f) => f.orders);
  figure('toolhouse_orders_paid', 'Orders ever paid (all instances)', (f) => f.paid);
  figure('toolhouse_outbox_pending', 'Outbox messages waiting to be sent', (f) => f.outboxPending);
  figure(
    'toolhouse_outbox_oldest_pending_age_seconds',
    'Age of the oldest pending outbox message (0: none)',
    (f) => f.outboxOldestSeconds,
  );
  // Issue 38: how far the worker is behind, per lane (the alert ToolhouseOutboxFallingBehind).
  const perLane = (
    name: string,
    help: string,
    pick: (due: DbFigures['outboxDue']['mail']) => number,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['lane'] as const,
      registers: [registry],
      async collect() {
        const f = await dbFigures();
        if (f) for (const lane of OUTBOX_LANES) this.set({ lane }, pick(f.outboxDue[lane]));
      },
    });
  perLane(
    'toolhouse_outbox_due_jobs',
    'Outbox jobs due and not yet taken by a worker, by lane (mail: every kind but webhooks)',
    (due) => due.jobs,
  );
  perLane(
    'toolhouse_outbox_due_wait_seconds',
    'How long the outbox job due longest has waited for a worker, by lane (0: none due)',
    (due) => due.waitSeconds,
  );

  new Counter({
    name: 'toolhouse_wal_archive_failed_total',
    help: "Failed attempts of PostgreSQL's archive_command (pg_stat_archiver.failed_count, the whole cluster)",
    registers: [registry],
    async collect() {
      await refresh();
      if (!archiver) return;
      this.reset();
      this.inc(archiver.failed);
    },
  });
  new Gauge({
    name: 'toolhouse_wal_archive_failing',
    help: "1 while PostgreSQL's last attempt to archive a WAL segment failed (archiving stalled, pg_wal grows), else 0",
    registers: [registry],
    async collect() {
      await refresh();
      if (archiver) this.set(archiver.failing ? 1 : 0);
    },
  });

  const pool = database.pool;
  new Gauge({
    name: 'toolhouse_db_pool_connections',
    help: 'Database pool connections of this instance, by state',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  const outboxPool = database.outbox?.pool;
  if (outboxPool)
    new Gauge({
      name: 'toolhouse_outbox_pool_connections',
      help: "The outbox worker's own database pool (OUTBOX_DB_CONNECTIONS) of this instance, by state",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'in_use' }, outboxPool.totalCount - outboxPool.idleCount);
        this.set({ state: 'waiting' }, outboxPool.waitingCount);
      },
    });
  new Gauge({
    name: 'toolhouse_db_breaker_open',
    help: 'The database circuit breaker: 1 open (database known down, 503 at once), 0 closed',
    registers: [registry],
    collect() {
      this.set(database.breaker.state === 'down' ? 1 : 0);
    },
  });
  const { hotReads } = sources;
  if (hotReads)
    new Counter({
      name: 'toolhouse_hot_read_cache_total',
      help: 'Hot reads (fast paths) answered from the cache (hit) or handed to their route (miss)',
      labelNames: ['result'] as const,
      registers: [registry],
      collect() {
        const { hits, misses } = hotReads();
        this.reset();
        this.inc({ result: 'hit' }, hits);
        this.inc({ result: 'miss' }, misses);
      },
    });

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      requests.observe({ method, route, status_code: status }, seconds);
    },
  };
}
