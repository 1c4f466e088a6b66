import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { product, review } from '../../db/schema.ts';
import { freshRead } from './fresh-read.ts';

/** Fingerprints of the data server-rendered pages show, by the query-key root that reads it. */
export type DataVersions = Readonly<Record<string, string>>;

/**
 * Data that never changes while the process runs (the public config comes from the environment):
 * it needs no version.
 */
const STATIC_ROOTS = new Set(['public-config']);

/**
 * One tiny query for both fingerprints, shared by concurrent requests (freshRead). The catalogue's
 * is the same aggregate as the catalogue cache's (src/server/modules/catalog/catalog-cache.ts):
 * an insert raises max(seq), a delete lowers count, every update bumps a version. A review changes
 * the count (posted, or removed with its account), its updated_at (replaced) or its hidden flag
 * (moderated).
 */
export function createDataVersions(db: Db) {
  const query = db
    .select({
      products: sql<string>`(select count(*)::text || ':' || coalesce(max(${product.seq}), 0)::text
        || ':' || coalesce(sum(${product.seq}), 0)::text || ':' || coalesce(sum(${product.version}), 0)::text
        from ${product})`,
      reviews: sql<string>`(select count(*)::text || ':' || coalesce(max(${review.updatedAt})::text, '')
        || ':' || coalesce(sum(hashtext(${review.id}::text || ${review.updatedAt}::text
        || ${review.hidden}::text)), 0)::text
        from ${review})`,
    })
    // Not a named prepared statement: PgBouncer in transaction pooling mode cannot keep one.
    .from(sql`(select 1) as one`);
  const read = freshRead(async (): Promise<DataVersions> => {
    const [row] = await query.execute();
    if (!row) throw new Error('the page data version query returned no row');
    return row;
  });

  return {
    /**
     * The versions of the data behind `roots`, read after this call; undefined when a root is
     * unknown here (such a page is rendered for every request, never cached).
     */
    async of(roots: readonly string[]): Promise<string | undefined> {
      const versioned = roots.filter((root) => !STATIC_ROOTS.has(root));
      if (versioned.length === 0) return '';
      const versions = await read();
      const parts: string[] = [];
      for (const root of versioned) {
        const version = versions[root];
        if (version === undefined) return undefined;
        parts.push(`${root}=${version}`);
      }
      return parts.join(';');
    },
  };
}
