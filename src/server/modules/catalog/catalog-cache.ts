import { createHash } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { product } from '../../db/schema.ts';
import { findDatabaseUnavailable } from '../../errors.ts';
import { productColumns, toProduct } from './catalog.service.ts';

/**
 * The catalogue list as the exact bytes GET /api/products sends, with a strong ETag. One per app
 * instance; correct across instances without any messaging:
 *
 * - Every read first asks the database for a fingerprint of the product table (one tiny prepared
 *   aggregate, below) and rebuilds the bytes when it differs from the one they were built from.
 * - Every product write changes the fingerprint, whoever makes it: an insert raises max(seq) (an
 *   identity, never reused), a delete lowers count(*), and every update bumps the version (admin
 *   edits, and the purchases module's order, cancel and expiry updates all do), so sum(version)
 *   grows. sum(seq) catches a delete and an insert that cancel out in count.
 * - Concurrent reads share checks: while one check is in flight, the requests that arrive wait for
 *   the NEXT check, which starts after they arrived, so each request sees every write committed
 *   before it arrived (read-your-writes across instances), yet an instance runs at most one check
 *   at a time however heavy the load: under load, one query serves hundreds of requests.
 */

export interface CatalogSnapshot {
  body: Buffer;
  /** A strong entity tag of `body`. */
  etag: string;
}

interface Built extends CatalogSnapshot {
  fingerprint: string;
}

/** The same fingerprint as `fingerprintQuery`, from the rows a rebuild read (one consistent read). */
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

export interface CatalogCache {
  /** The current catalogue: never older than the writes committed before this call. */
  current(): Promise<CatalogSnapshot>;
}

export function createCatalogCache(db: Db): CatalogCache {
  let built: Built | undefined;
  /** Rebuilds run one at a time; each is numbered, so a request knows if one began after it. */
  let rebuilds = 0;
  let rebuilding: { number: number; done: Promise<Built> } | undefined;
  let inFlight: Promise<string> | undefined;
  let next: Promise<string> | undefined;

  // A named prepared statement: parsed and planned once per connection.
  const fingerprintQuery = db
    .select({
      f: sql<string>`count(*)::text || ':' || coalesce(max(${product.seq}), 0)::text || ':' ||
        coalesce(sum(${product.seq}), 0)::text || ':' || coalesce(sum(${product.version}), 0)::text`,
    })
    .from(product)
    .prepare('catalog_fingerprint');
  const queryFingerprint = async (): Promise<string> => {
    const [row] = await fingerprintQuery.execute();
    if (!row) throw new Error('the catalogue fingerprint query returned no row');
    return row.f;
  };

  const startCheck = (): Promise<string> => {
    const check = queryFingerprint();
    inFlight = check;
    const clear = () => {
      if (inFlight === check) inFlight = undefined;
    };
    check.then(clear, clear);
    return check;
  };

  /** A fingerprint read that started after this call. */
  const freshFingerprint = (): Promise<string> => {
    if (!inFlight) return startCheck();
    if (!next) {
      const after = inFlight.then(
        () => undefined,
        () => undefined,
      );
      next = after.then(() => {
        next = undefined;
        return startCheck();
      });
    }
    return next;
  };

  const rebuild = async (): Promise<Built> => {
    const rows = await db
      .select({ ...productColumns, seq: product.seq })
      .from(product)
      .orderBy(asc(product.seq));
    const body = Buffer.from(JSON.stringify(rows.map(toProduct)));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    return { body, etag, fingerprint: fingerprintOf(rows) };
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

  return {
    async current() {
      const seen = rebuilds;
      let fingerprint: string;
      try {
        fingerprint = await freshFingerprint();
      } catch (error) {
        // The database is not answering: while it cannot change, the last bytes built are the
        // current catalogue as far as anyone can know (the shop stays browsable in an outage).
        if (built && findDatabaseUnavailable(error)) return built;
        throw error;
      }
      if (built?.fingerprint === fingerprint) return built;
      // Bytes read by a rebuild that began after this request arrived include every write it must see.
      return rebuildAfter(seen);
    },
  };
}

/** Whether an If-None-Match header matches the entity tag (weak comparison, as GET uses). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
