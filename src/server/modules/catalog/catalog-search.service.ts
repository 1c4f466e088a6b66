import { and, asc, desc, gte, lte, sql, type SQL } from 'drizzle-orm';
import { dollarsToCents } from '../../../shared/money.ts';
import {
  searchWords,
  type ProductSearch,
  type ProductSearchResult,
} from '../../../shared/product-search.ts';
import type { Db } from '../../db/client.ts';
import { product } from '../../db/schema.ts';
import { productColumns, toProduct } from './catalog.service.ts';

/**
 * Catalogue search in PostgreSQL (docs/decisions, "search in PostgreSQL"): full-text search with
 * English stemming on name and description (the generated, GIN-indexed `search_vector` column of
 * migration product_search), OR pg_trgm word similarity on the name (trigram GIN index) so a typo
 * ("drll", "cordles") still finds the product.
 */

/** `search_vector` is not in schema.ts (drizzle cannot express it): see the migration. */
const searchVector = sql`"product"."search_vector"`;

/**
 * Every word must match, each as a prefix of a stemmed word, so results follow the keystrokes
 * ("dri" finds drills) and stems meet ("drilling" finds "drill"). Null when nothing is left.
 * Words are letters and digits only (searchWords), so nothing in them is tsquery syntax.
 */
function prefixTsQuery(q: string): string | null {
  const words = searchWords(q);
  return words.length === 0 ? null : words.map((word) => `${word}:*`).join(' & ');
}

function matchCondition(q: string): SQL {
  const tsQuery = prefixTsQuery(q);
  // `<%`: word_similarity(q, name) >= pg_trgm.word_similarity_threshold (0.6), index-assisted.
  const typo = sql`${q} <% ${product.name}`;
  if (tsQuery === null) return typo;
  return sql`(${searchVector} @@ to_tsquery('english', ${tsQuery}) or ${typo})`;
}

function orderOf(search: ProductSearch): SQL[] {
  const newest = desc(product.seq);
  switch (search.sort) {
    case 'price_asc':
      return [asc(product.priceCents), newest];
    case 'price_desc':
      return [desc(product.priceCents), newest];
    case 'name':
      return [asc(sql`lower(${product.name})`), asc(product.name), newest];
    case 'newest':
      return [newest];
    case 'relevance': {
      const tsQuery = prefixTsQuery(search.q);
      return [
        // The product the customer named exactly comes first.
        desc(sql`lower(${product.name}) = lower(${search.q})`),
        ...(tsQuery === null
          ? []
          : [desc(sql`ts_rank(${searchVector}, to_tsquery('english', ${tsQuery}))`)]),
        desc(sql`word_similarity(${search.q}, ${product.name})`),
        newest,
      ];
    }
  }
}

function whereOf(search: ProductSearch): SQL | undefined {
  return and(
    search.q === '' ? undefined : matchCondition(search.q),
    search.minPrice === undefined
      ? undefined
      : gte(product.priceCents, dollarsToCents(search.minPrice)),
    search.maxPrice === undefined
      ? undefined
      : lte(product.priceCents, dollarsToCents(search.maxPrice)),
    // In stock: at least the minimum order quantity is left, so it can be ordered now.
    search.inStock ? sql`${product.availableQuantity} >= ${product.minQuantity}` : undefined,
  );
}

/**
 * One page of the products matching a search, and how many match in all. Deleted products are
 * gone from the table, so they never match. One query; a second (the count) only for a page past
 * the end.
 */
export async function searchProducts(db: Db, search: ProductSearch): Promise<ProductSearchResult> {
  const where = whereOf(search);
  const rows = await db
    .select({ ...productColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(product)
    .where(where)
    .orderBy(...orderOf(search))
    .limit(search.pageSize)
    .offset((search.page - 1) * search.pageSize);
  let total = rows[0]?.total ?? (search.page === 1 ? 0 : undefined);
  if (total === undefined) {
    const [counted] = await db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(product)
      .where(where);
    total = counted?.total ?? 0;
  }
  return {
    items: rows.map(({ total: _total, ...row }) => toProduct(row)),
    total,
    page: search.page,
    pageSize: search.pageSize,
  };
}
