import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { dataVersion } from './schema.ts';

/**
 * The freshness bound of everything cached from the shop's data (the catalogue's bytes, the
 * server-rendered pages), and the commit wait of API writes, in ms (docs/decisions/007 and 016).
 */
export const DATA_FRESHNESS_MS = 5;

/**
 * Fingerprints of the data the caches serve: each changes with every committed write of its table.
 * Each is the number of committed transactions that wrote the table, counted by the database itself
 * (triggers of migration 0022_data_version, ADR 031: whoever writes, the admin's edit, the order
 * statement, the hold expiry, an import, a fix by hand), so reading them costs the same whatever
 * the size of the catalogue. The count only grows, so an equal count means the same writes.
 */
export interface DataVersions {
  /** The product table. */
  products: string;
  /** Reviews (posted, replaced, hidden, removed). */
  reviews: string;
  /** Categories (issue 24: renamed, re-slugged, added, deleted). */
  categories: string;
}

/** Started this much earlier than a check's average duration asks for, for the odd slow one. */
const REFRESH_SLACK_MS = 0.2;

// The three sums over the 64 counter rows, in one round trip; plain SQL without a named prepared
// statement, so it works through PgBouncer in transaction pooling mode. Run at most about twice
// per bound. (Before ADR 031 it aggregated every product row: 3–9 ms at 10,000 products.)
const VERSIONS = sql<DataVersions>`SELECT sum(${dataVersion.products})::text AS products,
  sum(${dataVersion.reviews})::text AS reviews, sum(${dataVersion.categories})::text AS categories
  FROM ${dataVersion}`;

/** A value now, or later: a cache hit answers without a promise (no microtask, no allocation). */
export type Eventually<T> = T | Promise<T>;

/**
 * The query straight on the app's pool (the guarded one: bounded waits, fails at once in an
 * outage), its text made once: the ORM's per-query work is not worth it for one constant query.
 */
function readFrom(pool: Pick<pg.Pool, 'query'>): () => Promise<DataVersions> {
  const text = new PgDialect().sqlToQuery(VERSIONS).sql;
  return async () => {
    const { rows } = await pool.query<DataVersions>(text);
    const row = rows[0];
    if (!row) throw new Error('the data version query returned no row');
    return { products: row.products, reviews: row.reviews, categories: row.categories };
  };
}

export interface DataVersionCheck {
  /**
   * Versions read by a check that STARTED at most the freshness bound before this call: at once
   * (no promise) when a finished check is that recent, else a promise of a running or new one.
   * They include every write committed more than the bound before the call, on any instance.
   */
  current(): Eventually<DataVersions>;
}

export interface DataVersionCheckOptions {
  /** The freshness bound in ms (tests use a clock of their own). */
  freshnessMs?: number;
  /** A monotonic clock in ms. */
  now?: () => number;
  /** The query (tests count or delay it); defaults to the one above on `pool`. */
  read?: () => Promise<DataVersions>;
}

interface Check {
  startedAt: number;
  versions: Promise<DataVersions>;
}

/**
 * One per app instance (app.ts), shared by the catalogue cache, the search answers and the page
 * cache, so concurrent readers of all three share one query (docs/decisions/016):
 *
 * - A call is answered from the newest FINISHED check if it started within the bound before the
 *   call: synchronously, no waiting, no promise.
 * - Once that check is so old that a new one (twice its usual duration from now) might not end
 *   within the bound, the call also starts the next one in the background (one at a time; no
 *   earlier than half the bound). So under load a finished, recent check is almost always there:
 *   requests do not wait for the database, and the instance runs a little more than one check
 *   per bound (at most one per half bound), however many requests. Each check costs the database
 *   and the pool real work on a small machine, so not more often.
 * - Otherwise the call waits for a running check that started within the bound, or for a new one
 *   that starts after it (at once, or as soon as an older running check ends; all such callers
 *   share it).
 * - A failed check is never reused; callers of it get its error (the caches decide what an outage
 *   means for them).
 */
export function createDataVersionCheck(
  pool: Pick<pg.Pool, 'query'>,
  options: DataVersionCheckOptions = {},
): DataVersionCheck {
  const freshnessMs = options.freshnessMs ?? DATA_FRESHNESS_MS;
  const now = options.now ?? (() => performance.now());
  const read = options.read ?? readFrom(pool);

  /** The newest check that finished with versions, and when it started. */
  let settled: { startedAt: number; versions: DataVersions } | undefined;
  let running: Check | undefined;
  /** The check queued behind a running one that is too old for its callers. */
  let queued: Promise<DataVersions> | undefined;
  /** How long a check takes (a moving average), so the next one starts just in time. */
  let took = 0;

  const start = (): Check => {
    // Taken before the query is sent: the database's snapshot is taken later still.
    const check: Check = { startedAt: now(), versions: read() };
    running = check;
    check.versions.then(
      (versions) => {
        if (running === check) running = undefined;
        took += (now() - check.startedAt - took) / 4;
        if (!settled || settled.startedAt <= check.startedAt)
          settled = { startedAt: check.startedAt, versions };
      },
      () => {
        if (running === check) running = undefined;
      },
    );
    return check;
  };

  const ignore = () => undefined;
  /** Whether a check this old should be followed by the next one now: it ends before the bound. */
  const dueForRefresh = (age: number) =>
    age >= freshnessMs - Math.min(freshnessMs / 2, 2 * took + REFRESH_SLACK_MS);

  return {
    current() {
      const arrived = now();
      const oldest = arrived - freshnessMs;
      if (settled && settled.startedAt >= oldest) {
        // Refresh ahead: the next call finds a finished check younger than the bound. Its failure
        // reaches whoever must wait for a check; nobody waits for this one.
        if (!running && dueForRefresh(arrived - settled.startedAt)) start().versions.catch(ignore);
        return settled.versions;
      }
      if (running && running.startedAt >= oldest) return running.versions;
      if (!running) return start().versions;
      queued ??= running.versions.then(ignore, ignore).then(() => {
        queued = undefined;
        return start().versions;
      });
      return queued;
    },
  };
}
