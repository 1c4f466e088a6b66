import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { product } from '../../db/schema.ts';
import { findDatabaseUnavailable } from '../../errors.ts';
import { productColumns, toProduct } from './catalog.service.ts';

/**
 * The catalogue as the exact bytes GET /api/products and GET /api/products/{id} send, with strong
 * ETags. One per app instance; correct across instances without any messaging
 * (docs/decisions/ "catalogue cache: bounded freshness and commit wait"):
 *
 * - Reads are answered from a fingerprint of the product table read from the database, and the
 *   bytes are rebuilt when it differs from the one they were built from.
 * - Every product write changes the fingerprint, whoever makes it: an insert raises max(seq) (an
 *   identity, never reused), a delete lowers count(*), and every update bumps the version (admin
 *   edits, and the purchases module's order, cancel and expiry updates all do), so sum(version)
 *   grows. sum(seq) catches a delete and an insert that cancel out in count.
 * - Freshness bound: a request is answered from a fingerprint check that STARTED at most
 *   `CATALOG_FRESHNESS_MS` before the request arrived (an earlier, still running or finished
 *   check), else from a later one. So it sees every write committed more than that bound before it
 *   arrived. One check runs at a time, and under load at most one per bound, however many requests.
 * - Commit wait (plugins/commit-wait.ts): every API write answers only `CATALOG_FRESHNESS_MS` after
 *   its handler finished (after its commit). A client's next request, on any instance, therefore
 *   arrives more than the bound after the commit and sees the write: read-your-writes across
 *   instances, for every client. Only writes made outside the API (SQL by hand, background jobs
 *   such as hold expiry) show up to the bound later.
 */

/** The freshness bound of the cached catalogue (and the commit wait of API writes), in ms. */
export const CATALOG_FRESHNESS_MS = 2;

export interface CatalogSnapshot {
  body: Buffer;
  /** A strong entity tag of `body`. */
  etag: string;
}

/** One product's bytes; its entity tag is its version (what an edit sends back in If-Match). */
export interface ProductSnapshot extends CatalogSnapshot {
  version: number;
}

interface Built extends CatalogSnapshot {
  fingerprint: string;
  products: Map<string, ProductSnapshot>;
}

/** The same fingerprint as `FINGERPRINT`, from the rows a rebuild read (one consistent read). */
function fingerprintOf(rows: { seq: number; version: number }[]): string {
  let maxSeq = 0;
  let sumSeq = 0;
  let sumVersion = 0;
  for (const row of rows) {
    if (row.seq > maxSeq) maxSeq = row.seq;
    sumSeq += row.seq;
    sumVersion += row.version;
  }
  return `${rows.length}:${maxSeq}:${sumSeq}:${sumVersion}`;
}

// Unnamed (no prepared statement kept per connection): works through PgBouncer in transaction
// pooling mode. Runs at most once per freshness bound per instance, so parsing it is no cost.
const FINGERPRINT = sql<string>`SELECT count(*)::text || ':' || coalesce(max(${product.seq}), 0)::text
  || ':' || coalesce(sum(${product.seq}), 0)::text || ':' || coalesce(sum(${product.version}), 0)::text
  AS f FROM ${product}`;

export interface CatalogCache {
  /** The whole list: never older than the writes committed the freshness bound before this call. */
  current(): Promise<CatalogSnapshot>;
  /** One product (undefined when there is no such product), as fresh as `current()`. */
  product(productId: string): Promise<ProductSnapshot | undefined>;
}

interface Check {
  startedAt: number;
  fingerprint: Promise<string>;
  running: boolean;
}

export interface CatalogCacheOptions {
  /** The freshness bound in ms (tests use a clock of their own). */
  freshnessMs?: number;
  /** A monotonic clock in ms. */
  now?: () => number;
}

export function createCatalogCache(db: Db, options: CatalogCacheOptions = {}): CatalogCache {
  const freshnessMs = options.freshnessMs ?? CATALOG_FRESHNESS_MS;
  const now = options.now ?? (() => performance.now());
  let built: Built | undefined;
  /** Rebuilds run one at a time; each is numbered, so a request knows if one began after it. */
  let rebuilds = 0;
  let rebuilding: { number: number; done: Promise<Built> } | undefined;
  /** The check started last (running or finished), and the one queued behind it. */
  let latest: Check | undefined;
  let next: Promise<string> | undefined;

  const queryFingerprint = async (): Promise<string> => {
    const { rows } = await db.execute<{ f: string }>(FINGERPRINT);
    const row = rows[0];
    if (!row) throw new Error('the catalogue fingerprint query returned no row');
    return row.f;
  };

  const startCheck = (): Check => {
    // Taken before the query is sent: the database's snapshot is taken later still.
    const check: Check = { startedAt: now(), fingerprint: queryFingerprint(), running: true };
    latest = check;
    const settle = () => {
      check.running = false;
    };
    // A failed check is not reused: the next request asks again.
    check.fingerprint.then(settle, () => {
      settle();
      if (latest === check) latest = undefined;
    });
    return check;
  };

  /**
   * A fingerprint read that started at most the freshness bound before `arrived`. One check runs at
   * a time: a request that finds a running check too old waits for the next one, which starts as
   * soon as that one ends (after the request arrived), and which all such requests share.
   */
  const freshFingerprint = (arrived: number): Promise<string> => {
    if (latest && latest.startedAt >= arrived - freshnessMs) return latest.fingerprint;
    if (!latest?.running) return startCheck().fingerprint;
    if (!next) {
      const running = latest.fingerprint.then(
        () => undefined,
        () => undefined,
      );
      next = running.then(() => {
        next = undefined;
        return startCheck().fingerprint;
      });
    }
    return next;
  };

  const rebuild = async (): Promise<Built> => {
    const rows = await db
      .select({ ...productColumns, seq: product.seq })
      .from(product)
      .orderBy(asc(product.seq));
    // Each product serialized once; the list is the same texts joined, exactly what
    // JSON.stringify of the array gives.
    const products = new Map<string, ProductSnapshot>();
    const texts: string[] = [];
    for (const row of rows) {
      const text = JSON.stringify(toProduct(row));
      texts.push(text);
      products.set(row.id, {
        body: Buffer.from(text),
        etag: `"${row.version}"`,
        version: row.version,
      });
    }
    const body = Buffer.from(`[${texts.join(',')}]`);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    return { body, etag, products, fingerprint: fingerprintOf(rows) };
  };

  /** A rebuild that started after the caller saw `seen` rebuilds start. */
  const rebuildAfter = async (seen: number): Promise<Built> => {
    while (rebuilding && rebuilding.number <= seen) await rebuilding.done.catch(() => undefined);
    if (!rebuilding) {
      const number = ++rebuilds;
      // Rebuilds never overlap, so the one finishing is always the newest.
      const done = rebuild().then((fresh) => (built = fresh));
      const entry = { number, done };
      rebuilding = entry;
      const clear = () => {
        if (rebuilding === entry) rebuilding = undefined;
      };
      done.then(clear, clear);
    }
    return rebuilding.done;
  };

  const fresh = async (): Promise<Built> => {
    const arrived = now();
    const seen = rebuilds;
    let fingerprint: string;
    try {
      fingerprint = await freshFingerprint(arrived);
    } catch (error) {
      // The database is not answering: while it cannot change, the last bytes built are the
      // current catalogue as far as anyone can know (the shop stays browsable in an outage).
      if (built && findDatabaseUnavailable(error)) return built;
      throw error;
    }
    if (built?.fingerprint === fingerprint) return built;
    // Bytes read by a rebuild that began after this request arrived include every write it must see.
    return rebuildAfter(seen);
  };

  return {
    current: fresh,
    async product(productId) {
      return (await fresh()).products.get(productId);
    },
  };
}

/** Whether an If-None-Match header matches the entity tag (weak comparison, as GET uses). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
