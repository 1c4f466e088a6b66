import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { dollarsToCents } from '../../../shared/money.ts';
import {
  searchWords,
  type ProductSearch,
  type ProductSearchResult,
} from '../../../shared/product-search.ts';
import type { Db } from '../../db/client.ts';
import { category, productOffer as product } from '../../db/schema.ts';
import { productColumns, toProduct } from './catalog.service.ts';
import { productForSale } from '../stock/index.ts';

/**
 * Catalogue search in PostgreSQL (docs/decisions, "search in PostgreSQL"): full-text search with
 * English stemming on name and description (the generated, GIN-indexed `search_vector` column of
 * migration product_search); when no product has all the words, pg_trgm word similarity on the
 * name (trigram GIN index), so a typo ("grindr", "hamer drill") still finds the product.
 */

/**
 * `search_vector` is not in schema.ts (drizzle cannot express it): see the migrations (0006, and
 * 0028's view product_offer, which this search reads: a product with its default variant's price).
 */
const searchVector = sql`"product_offer"."search_vector"`;

/**
 * Every word must match, each as a prefix of a stemmed word, so results follow the keystrokes
 * ("dri" finds drills) and stems meet ("drilling" finds "drill"). Null when nothing is left.
 * Words are letters and digits only (searchWords), so nothing in them is tsquery syntax.
 */
function prefixTsQuery(q: string): string | null {
  const words = searchWords(q);
  return words.length === 0 ? null : words.map((word) => `${word}:*`).join(' & ');
}

/**
 * How a query matches: by words (full-text search, index-assisted), or, when no product has all
 * of the words, by likeness of the name (a typo: "grindr", "hamer drill"). Likeness is the
 * fallback only: computing it for every product of a large catalogue costs far more than a
 * full-text match, and a word match is the better answer when there is one.
 */
type MatchMode = 'words' | 'likeness';

function matchCondition(q: string, mode: MatchMode): SQL {
  // `<%`: word_similarity(q, name) >= pg_trgm.word_similarity_threshold (0.6), index-assisted.
  if (mode === 'likeness') return sql`${q} <% ${product.name}`;
  const tsQuery = prefixTsQuery(q);
  return tsQuery === null ? sql`false` : sql`${searchVector} @@ to_tsquery('english', ${tsQuery})`;
}

function orderOf(search: ProductSearch, mode: MatchMode): SQL[] {
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
        mode === 'likeness' || tsQuery === null
          ? desc(sql`word_similarity(${search.q}, ${product.name})`)
          : desc(sql`ts_rank(${searchVector}, to_tsquery('english', ${tsQuery}))`),
        newest,
      ];
    }
  }
}

function whereOf(search: ProductSearch, mode: MatchMode): SQL | undefined {
  return and(
    search.q === '' ? undefined : matchCondition(search.q, mode),
    search.minPrice === undefined
      ? undefined
      : gte(product.priceCents, dollarsToCents(search.minPrice)),
    search.maxPrice === undefined
      ? undefined
      : lte(product.priceCents, dollarsToCents(search.maxPrice)),
    // In stock: for sale now (at least the minimum order quantity left, not withdrawn by a recall).
    search.inStock ? productForSale : undefined,
    // Issue 24: an unknown slug matches nothing (the subquery is NULL).
    search.category === undefined
      ? undefined
      : sql`${product.categoryId} = (SELECT ${category.id} FROM ${category} WHERE ${category.slug} = ${search.category})`,
    search.platform === undefined ? undefined : eq(product.platform, search.platform),
  );
}

/** One page of the search in one mode, and the total (a second query only past the end). */
async function searchIn(db: Db, search: ProductSearch, mode: MatchMode) {
  const where = whereOf(search, mode);
  const rows = await db
    .select({ ...productColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(product)
    .where(where)
    .orderBy(...orderOf(search, mode))
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
  return { rows, total };
}

/**
 * One page of the products matching a search, and how many match in all. Deleted products are
 * gone from the table, so they never match.
 */
export async function searchProducts(db: Db, search: ProductSearch): Promise<ProductSearchResult> {
  let found = await searchIn(db, search, 'words');
  if (found.total === 0 && search.q !== '') found = await searchIn(db, search, 'likeness');
  return {
    items: found.rows.map(({ total: _total, ...row }) => toProduct(row)),
    total: found.total,
    page: search.page,
    pageSize: search.pageSize,
  };
}
