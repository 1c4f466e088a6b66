import { createHash } from 'node:crypto';
import { toSearchParams, type ProductSearch } from '../../../shared/product-search.ts';
import type { Db } from '../../db/client.ts';
import { searchProducts } from './catalog-search.service.ts';
import type { SaleClock } from './sale-prices.ts';

/**
 * Search answers as the bytes GET /api/products/search sends, kept per catalogue version (the
 * instance's shared data version check: as fresh as the catalogue cache, within the same bound):
 * a small LRU keyed by the canonical query string. Any product write changes the version, and the
 * first request after it drops every cached answer. The entity tag derives from the version and
 * the query, so it is the same on every instance, and a revalidation gets a 304. The products
 * version holds the sale clock (issue 36, ADR 057): a promotion's start or end drops them too.
 */

export interface SearchAnswer {
  body: Buffer;
  etag: string;
}

export interface ProductSearchCache {
  answer(search: ProductSearch): Promise<SearchAnswer>;
}

export interface SearchCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
}

function entityTag(version: string, key: string): string {
  return `"s-${createHash('sha256').update(`${version}\n${key}`).digest('base64url').slice(0, 27)}"`;
}

export function createProductSearchCache(
  db: Db,
  /** The instance's shared data version check with the sale clock, and the promotions. */
  sales: SaleClock,
  { maxEntries = 500, maxBytes = 16 * 1024 * 1024 }: SearchCacheOptions = {},
): ProductSearchCache {
  let cachedVersion = '';
  /** Map order is recency: the first entry is the least recently used. */
  const entries = new Map<string, Promise<SearchAnswer>>();
  const sizes = new Map<string, number>();
  let bytes = 0;

  const forget = (key: string) => {
    entries.delete(key);
    bytes -= sizes.get(key) ?? 0;
    sizes.delete(key);
  };

  const evict = () => {
    for (const key of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) return;
      forget(key);
    }
  };

  return {
    async answer(search) {
      const { versions: checked, sales: sold } = await sales.view();
      // A category's slug is part of a search (issue 24): its changes drop the answers too.
      const current = `${checked.products}/${checked.categories}`;
      if (current !== cachedVersion) {
        entries.clear();
        sizes.clear();
        bytes = 0;
        cachedVersion = current;
      }
      const key = toSearchParams(search).toString();
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      // Concurrent requests for the same new answer share one search.
      const pending = searchProducts(db, search, sold).then((result) => ({
        body: Buffer.from(JSON.stringify(result)),
        etag: entityTag(current, key),
      }));
      entries.set(key, pending);
      pending.then(
        (answer) => {
          if (entries.get(key) !== pending) return;
          sizes.set(key, answer.body.length);
          bytes += answer.body.length;
          evict();
        },
        () => {
          if (entries.get(key) === pending) forget(key);
        },
      );
      return pending;
    },
  };
}
