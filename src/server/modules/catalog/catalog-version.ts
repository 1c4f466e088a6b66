import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { product } from '../../db/schema.ts';

/**
 * The catalogue's version: a fingerprint of the product table that changes with every product
 * write, whoever makes it and on whichever instance (an insert raises max(seq), a delete lowers
 * count, every update bumps a version so sum(version) grows; sum(seq) catches a delete and an
 * insert that cancel out in count). Answers derived from the catalogue are cached per version.
 *
 * Concurrent callers share reads: while one read is in flight, callers that arrive wait for the
 * NEXT read, which starts after they arrived. So each caller sees every write committed before
 * it called (read-your-writes across instances), yet an instance runs at most one version read
 * at a time: under load one tiny query serves hundreds of requests. No named prepared statement
 * (a transaction-pooling PgBouncer could not keep it).
 */
export interface CatalogVersion {
  current(): Promise<string>;
}

export function createCatalogVersion(db: Db): CatalogVersion {
  const read = async (): Promise<string> => {
    const [row] = await db
      .select({
        v: sql<string>`count(*)::text || ':' || coalesce(max(${product.seq}), 0)::text || ':' ||
          coalesce(sum(${product.seq}), 0)::text || ':' || coalesce(sum(${product.version}), 0)::text`,
      })
      .from(product);
    if (!row) throw new Error('the catalogue version query returned no row');
    return row.v;
  };

  let inFlight: Promise<string> | undefined;
  let next: Promise<string> | undefined;

  const start = (): Promise<string> => {
    const reading = read();
    inFlight = reading;
    const clear = () => {
      if (inFlight === reading) inFlight = undefined;
    };
    reading.then(clear, clear);
    return reading;
  };

  return {
    current() {
      if (!inFlight) return start();
      next ??= inFlight
        .then(
          () => undefined,
          () => undefined,
        )
        .then(() => {
          next = undefined;
          return start();
        });
      return next;
    },
  };
}
