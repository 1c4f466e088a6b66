import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { dollarsToCents } from '../../../shared/money.ts';
import {
  parseOptionFilter,
  searchWords,
  type ProductSearch,
  type ProductSearchResult,
} from '../../../shared/product-search.ts';
import type { Db } from '../../db/client.ts';
import { SKU_PATTERN } from '../../../shared/variant.ts';
import { category, productOffer as product, variant } from '../../db/schema.ts';
import { productColumns, toProduct } from './catalog.service.ts';
import { productForSale } from '../stock/index.ts';
import type { Sales } from './sale-prices.ts';

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

/**
 * Issue 34: the id of the product whose variant has exactly this SKU (any case; the unique index on
 * lower(variant.sku) answers it), or null when there is none or the query cannot be a SKU. Looked
 * up first, on its own: the match below then names the id as a constant, so the text match and
 * the id are each an index scan (an OR with a subquery would scan every product).
 */
async function skuProductId(db: Db, q: string): Promise<string | null> {
  if (!SKU_PATTERN.test(q)) return null;
  const [found] = await db
    .select({ productId: variant.productId })
    .from(variant)
    .where(sql`lower(${variant.sku}) = lower(${q})`);
  return found?.productId ?? null;
}

/** The product of the SKU the customer typed, when there is one (found before the search). */
type BySku = string | null;

function matchCondition(q: string, mode: MatchMode, bySku: BySku): SQL {
  const byText =
    // `<%`: word_similarity(q, name) >= pg_trgm.word_similarity_threshold (0.6), index-assisted.
    mode === 'likeness' ? sql`${q} <% ${product.name}` : matchWords(q);
  return bySku === null ? byText : sql`(${byText} OR ${product.id} = ${bySku}::uuid)`;
}

function matchWords(q: string): SQL {
  const tsQuery = prefixTsQuery(q);
  return tsQuery === null ? sql`false` : sql`${searchVector} @@ to_tsquery('english', ${tsQuery})`;
}

/**
 * Issue 34: products having a variant with the option value (`Voltage:18V`, name and value in any
 * case), or undefined without a filter.
 */
function optionCondition(option: string | undefined): SQL | undefined {
  const parsed = option === undefined ? null : parseOptionFilter(option);
  if (parsed === null) return undefined;
  return sql`EXISTS (SELECT 1 FROM ${variant}, jsonb_each_text(${variant.optionValues}) AS o(name, value)
    WHERE ${variant.productId} = ${product.id}
      AND lower(o.name) = lower(${parsed.name}) AND lower(o.value) = lower(${parsed.value}))`;
}

function orderOf(search: ProductSearch, mode: MatchMode, bySku: BySku): SQL[] {
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
        // The product whose SKU the customer typed comes first (issue 34).
        ...(bySku === null ? [] : [desc(sql`${product.id} = ${bySku}::uuid`)]),
        // The product the customer named exactly comes next.
        desc(sql`lower(${product.name}) = lower(${search.q})`),
        mode === 'likeness' || tsQuery === null
          ? desc(sql`word_similarity(${search.q}, ${product.name})`)
          : desc(sql`ts_rank(${searchVector}, to_tsquery('english', ${tsQuery}))`),
        newest,
      ];
    }
  }
}

function whereOf(search: ProductSearch, mode: MatchMode, bySku: BySku): SQL | undefined {
  return and(
    search.q === '' ? undefined : matchCondition(search.q, mode, bySku),
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
    optionCondition(search.option),
  );
}

/** One page of the search in one mode, and the total (a second query only past the end). */
async function searchIn(db: Db, search: ProductSearch, mode: MatchMode, bySku: BySku) {
  const where = whereOf(search, mode, bySku);
  const rows = await db
    .select({ ...productColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(product)
    .where(where)
    .orderBy(...orderOf(search, mode, bySku))
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

/** A query alone: the first page by relevance, no filter. */
const isPlainQuery = (search: ProductSearch): boolean =>
  search.sort === 'relevance' &&
  search.page === 1 &&
  !search.inStock &&
  search.minPrice === undefined &&
  search.maxPrice === undefined &&
  search.category === undefined &&
  search.platform === undefined &&
  search.option === undefined;

/**
 * Issue 34: a query that is exactly a SKU, alone, answers that SKU's product: the customer typed
 * a code, not words (trade buyers paste SKUs), and one statement answers it at once (null: no
 * such SKU, the usual search follows); with a filter, a sort or a page it is the first of the
 * usual matches instead.
 */
async function skuAnswer(
  db: Db,
  search: ProductSearch,
  sales: Sales,
): Promise<ProductSearchResult | null> {
  const rows = await db
    .select(productColumns)
    .from(product)
    .where(
      sql`${product.id} = (SELECT ${variant.productId} FROM ${variant}
        WHERE lower(${variant.sku}) = lower(${search.q}))`,
    );
  if (rows.length === 0) return null;
  return {
    items: rows.map((row) => toProduct(row, sales)),
    total: rows.length,
    page: search.page,
    pageSize: search.pageSize,
  };
}

/**
 * One page of the products matching a search, and how many match in all, each with its sale price
 * under `sales`. Deleted products are gone from the table, so they never match.
 */
export async function searchProducts(
  db: Db,
  search: ProductSearch,
  sales: Sales,
): Promise<ProductSearchResult> {
  if (isPlainQuery(search) && SKU_PATTERN.test(search.q)) {
    const answer = await skuAnswer(db, search, sales);
    if (answer) return answer;
  }
  const bySku = isPlainQuery(search) ? null : await skuProductId(db, search.q);
  let found = await searchIn(db, search, 'words', bySku);
  if (found.total === 0 && search.q !== '') found = await searchIn(db, search, 'likeness', bySku);
  return {
    items: found.rows.map(({ total: _total, ...row }) => toProduct(row, sales)),
    total: found.total,
    page: search.page,
    pageSize: search.pageSize,
  };
}
