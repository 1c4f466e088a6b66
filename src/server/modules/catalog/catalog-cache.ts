import { createHash } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import type { ProductDetail } from '../../../shared/product.ts';
import type { Db } from '../../db/client.ts';
import { dataVersion, productOffer } from '../../db/schema.ts';
import { findDatabaseUnavailable } from '../../errors.ts';
import {
  DATA_FRESHNESS_MS,
  type DataVersionCheck,
  type Eventually,
} from '../../db/data-version-check.ts';
import { nextSaleBoundary, saleBoundaries } from '../../../shared/sale-price.ts';
import { productColumns, toProduct } from './catalog.service.ts';
import { variantsByProduct } from './product-variants.ts';
import { createSaleClock, readSalePromotions, type SaleClock } from './sale-prices.ts';

/**
 * The catalogue as the exact bytes GET /api/products and GET /api/products/{id} send, with strong
 * ETags. One per app instance; correct across instances without any messaging
 * (docs/decisions/ "catalogue cache: bounded freshness and commit wait"):
 *
 * - Reads are answered from the product table's version as the instance's shared data version
 *   check read it (db/data-version-check.ts: the database counts every committed product write,
 *   whoever makes it, ADR 031), and the bytes are rebuilt when it differs from the one they were
 *   built from (read in the rebuild's own snapshot).
 * - Freshness bound: a request is answered from a check that STARTED at most
 *   `CATALOG_FRESHNESS_MS` before the request arrived (a finished one at once, without a promise;
 *   else a running or later one). So it sees every write committed more than that bound before it
 *   arrived. Under load the check refreshes ahead, so requests do not wait for the database.
 * - Commit wait (http/commit-wait.ts): every API write answers only `CATALOG_FRESHNESS_MS` after
 *   its handler finished (after its commit). A client's next request, on any instance, therefore
 *   arrives more than the bound after the commit and sees the write: read-your-writes across
 *   instances, for every client. Only writes made outside the API (SQL by hand, background jobs
 *   such as hold expiry) show up to the bound later.
 * - Sale prices (issue 36, ADR 057): the automatic promotions are read in the rebuild's snapshot
 *   (a change of one counts as a product write, migration 0037), and the bytes hold until the next
 *   start or end of one of them: a request after it rebuilds them, as a new version would.
 */

/** The freshness bound of the cached catalogue (and the commit wait of API writes), in ms. */
export const CATALOG_FRESHNESS_MS = DATA_FRESHNESS_MS;

export interface CatalogSnapshot {
  body: Buffer;
  /** A strong entity tag of `body`. */
  etag: string;
}

/**
 * One product's bytes (with its variants, issue 34); its entity tag is its version (what an edit
 * sends back in If-Match) and a hash of the bytes (a kit's stock changes with its parts', which
 * other products' versions count).
 */
export interface ProductSnapshot extends CatalogSnapshot {
  version: number;
}

interface Built extends CatalogSnapshot {
  fingerprint: string;
  products: Map<string, ProductSnapshot>;
  /** When a sale price in them may start or stop (ms; Infinity: never): rebuilt from then on. */
  expiresAt: number;
}

/** `"<version>-<hash of the bytes>"`: If-Match reads the version (versionsFromIfMatch). */
const productEtag = (version: number, body: Buffer) =>
  `"${version}-${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`;

export interface CatalogCache {
  /** The whole list: never older than the writes committed the freshness bound before this call. */
  current(): Eventually<CatalogSnapshot>;
  /** One product (undefined when there is no such product), as fresh as `current()`. */
  product(productId: string): Eventually<ProductSnapshot | undefined>;
  /**
   * The automatic promotions per products version and the sale clock, for the other caches of
   * products (search answers, pages) and the uncached public answers (ADR 057).
   */
  sales: SaleClock;
}

export function createCatalogCache(db: Db, versions: DataVersionCheck): CatalogCache {
  const sales = createSaleClock(db, versions);
  let built: Built | undefined;
  /** Rebuilds run one at a time; each is numbered, so a request knows if one began after it. */
  let rebuilds = 0;
  /** The number of the rebuild `built` came from. */
  let builtNumber = 0;
  let rebuilding: { number: number; done: Promise<Built> } | undefined;

  const rebuild = async (): Promise<Built> => {
    // The rows and the product version they are (ADR 031's counter) from one snapshot, so the
    // bytes are labelled with exactly the version they show.
    // The promotions too: a promotion's change counts as a product write (migration 0037).
    const { rows, variants, fingerprint, expiresAt } = await db.transaction(
      async (tx) => {
        const [counted] = await tx
          .select({ products: sql<string>`sum(${dataVersion.products})::text` })
          .from(dataVersion);
        const promotions = await readSalePromotions(tx);
        const now = Date.now();
        const read = await tx
          .select(productColumns)
          .from(productOffer)
          .orderBy(asc(productOffer.seq));
        const sold = { promotions, now };
        const variants = await variantsByProduct(tx, null, sold);
        return {
          rows: read.map((row) => ({ row, shown: toProduct(row, sold) })),
          variants,
          fingerprint: counted?.products ?? '',
          expiresAt: nextSaleBoundary(saleBoundaries(promotions), now),
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    // Each product serialized once; the list is the same texts joined, exactly what
    // JSON.stringify of the array gives. One product's bytes add its variants.
    const products = new Map<string, ProductSnapshot>();
    const texts: string[] = [];
    for (const { row, shown } of rows) {
      texts.push(JSON.stringify(shown));
      const detail = Buffer.from(
        JSON.stringify({ ...shown, variants: variants.get(row.id) ?? [] } satisfies ProductDetail),
      );
      products.set(row.id, {
        body: detail,
        etag: productEtag(row.version, detail),
        version: row.version,
      });
    }
    const body = Buffer.from(`[${texts.join(',')}]`);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    return { body, etag, products, fingerprint, expiresAt };
  };

  /** A rebuild that started after the caller saw `seen` rebuilds start. */
  const rebuildAfter = async (seen: number): Promise<Built> => {
    while (rebuilding && rebuilding.number <= seen) await rebuilding.done.catch(() => undefined);
    // Bytes a later rebuild read already include every write the caller must see (its check may
    // just be older than theirs): no second rebuild.
    if (!rebuilding && built && builtNumber > seen) return built;
    if (!rebuilding) {
      const number = ++rebuilds;
      // Rebuilds never overlap, so the one finishing is always the newest.
      const done = rebuild().then((fresh) => {
        builtNumber = number;
        return (built = fresh);
      });
      const entry = { number, done };
      rebuilding = entry;
      const clear = () => {
        if (rebuilding === entry) rebuilding = undefined;
      };
      done.then(clear, clear);
    }
    return rebuilding.done;
  };

  /** The bytes for `fingerprint`, read by a rebuild that began after the caller saw `seen`. */
  const bytesFor = (fingerprint: string, seen: number): Eventually<Built> =>
    built?.fingerprint === fingerprint && Date.now() < built.expiresAt ? built : rebuildAfter(seen);

  const fresh = (): Eventually<Built> => {
    const seen = rebuilds;
    const checked = versions.current();
    if (!(checked instanceof Promise)) return bytesFor(checked.products, seen);
    return checked.then(
      (current) => bytesFor(current.products, seen),
      (error: unknown) => {
        // The database is not answering: while it cannot change, the last bytes built are the
        // current catalogue as far as anyone can know (the shop stays browsable in an outage).
        if (built && findDatabaseUnavailable(error)) return built;
        throw error;
      },
    );
  };

  return {
    sales,
    current: fresh,
    product(productId) {
      const catalog = fresh();
      return catalog instanceof Promise
        ? catalog.then((found) => found.products.get(productId))
        : catalog.products.get(productId);
    },
  };
}
