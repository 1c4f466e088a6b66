import { z } from 'zod';
import { PLATFORM_MAX, PRODUCT_PRICE_MAX, ProductSchema } from './product.ts';
import { singleLineText } from './text.ts';

/**
 * GET /api/products/search: the catalogue searched, filtered, sorted and paged. The same
 * parameters live in the /allProducts URL, so a link, a reload and back/forward show the same page.
 */

export const PRODUCT_SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'name'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const SEARCH_PAGE_SIZE_DEFAULT = 24;
export const SEARCH_PAGE_SIZE_MAX = 100;
/** Far beyond any real catalogue; keeps OFFSET (page × pageSize) bounded. */
export const SEARCH_PAGE_MAX = 1000;
export const SEARCH_QUERY_MAX = 100;
/** At most this many words of a query count (a pasted paragraph must not build a huge query). */
export const SEARCH_WORDS_MAX = 8;
/** Issue 34: an option filter is `Name:Value` (e.g. `Voltage:18V`), at most this long. */
export const SEARCH_OPTION_MAX = 81;
export const SEARCH_OPTION_MESSAGE = 'Must be an option and its value, as Name:Value';

/** An option filter's name and value (`Voltage:18V`: split at the first colon), or null. */
export function parseOptionFilter(option: string): { name: string; value: string } | null {
  const at = option.indexOf(':');
  if (at < 0) return null;
  const name = option.slice(0, at).trim();
  const value = option.slice(at + 1).trim();
  return name === '' || value === '' ? null : { name, value };
}

/** The words of a query, lower-cased, letters and digits only: what the search and the highlight use. */
export function searchWords(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, SEARCH_WORDS_MAX);
}

const PRICE_MESSAGE = `Must be a price from 0 to ${PRODUCT_PRICE_MAX}`;
const price = z
  .string()
  .trim()
  .regex(/^\d+(\.\d{1,2})?$/, PRICE_MESSAGE)
  .transform(Number)
  .pipe(z.number().max(PRODUCT_PRICE_MAX, PRICE_MESSAGE));

const wholeNumber = (min: number, max: number) => {
  const message = `Must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .trim()
    .regex(/^\d{1,7}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
};

/**
 * The query string as the API reads it (every value arrives as text). `sort` defaults to
 * `relevance` with a query and `newest` without one; `relevance` without a query is `newest`.
 */
export const ProductSearchQuerySchema = z
  .object({
    q: singleLineText()
      .max(SEARCH_QUERY_MAX, `Must be at most ${SEARCH_QUERY_MAX} characters`)
      .default(''),
    sort: z.enum(PRODUCT_SORTS, { error: `Must be one of ${PRODUCT_SORTS.join(', ')}` }).optional(),
    minPrice: price.optional(),
    maxPrice: price.optional(),
    inStock: z
      .enum(['1', '0', 'true', 'false'], { error: 'Must be 1, 0, true or false' })
      .transform((value) => value === '1' || value === 'true')
      .default(false),
    /** Issue 24: a category's slug, and a battery platform. */
    category: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{1,60}$/, 'Must be a category slug')
      .optional(),
    platform: singleLineText()
      .max(PLATFORM_MAX, `Must be at most ${PLATFORM_MAX} characters`)
      .optional(),
    /**
     * Issue 34: products having a variant with this option value, as `Name:Value` (e.g.
     * `Voltage:18V`; name and value matched whatever their case).
     */
    option: singleLineText()
      .max(SEARCH_OPTION_MAX, SEARCH_OPTION_MESSAGE)
      .refine((value) => value === '' || parseOptionFilter(value) !== null, SEARCH_OPTION_MESSAGE)
      .optional(),
    page: wholeNumber(1, SEARCH_PAGE_MAX).default(1),
    pageSize: wholeNumber(1, SEARCH_PAGE_SIZE_MAX).default(SEARCH_PAGE_SIZE_DEFAULT),
  })
  .refine(
    (query) =>
      query.minPrice === undefined ||
      query.maxPrice === undefined ||
      query.minPrice <= query.maxPrice,
    { path: ['maxPrice'], message: 'Must not be below the minimum price' },
  );

/** A search as the service runs it: every default applied. */
export interface ProductSearch {
  q: string;
  sort: ProductSort;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  inStock: boolean;
  category?: string | undefined;
  platform?: string | undefined;
  /** An option filter, `Name:Value` (see parseOptionFilter). */
  option?: string | undefined;
  page: number;
  pageSize: number;
}

export type ProductSearchQuery = z.output<typeof ProductSearchQuerySchema>;

/** An option filter in one spelling (`Voltage:18V`, spaces around the colon dropped), or none. */
function canonicalOption(option: string | undefined): string | undefined {
  const parsed = option === undefined ? null : parseOptionFilter(option);
  return parsed === null ? undefined : `${parsed.name}:${parsed.value}`;
}

/** Fills in the sort the query implies (see ProductSearchQuerySchema). */
export function toProductSearch(query: ProductSearchQuery): ProductSearch {
  const sort = query.sort ?? 'relevance';
  return {
    q: query.q,
    sort: sort === 'relevance' && query.q === '' ? 'newest' : sort,
    minPrice: query.minPrice,
    maxPrice: query.maxPrice,
    inStock: query.inStock,
    category: query.category,
    platform: query.platform === '' ? undefined : query.platform,
    option: canonicalOption(query.option),
    page: query.page,
    pageSize: query.pageSize,
  };
}

export const ProductSearchResultSchema = z.object({
  items: z.array(ProductSchema),
  /** Every match, across all pages. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ProductSearchResult = z.infer<typeof ProductSearchResultSchema>;

const FIELDS = [
  'q',
  'sort',
  'minPrice',
  'maxPrice',
  'inStock',
  'category',
  'platform',
  'option',
  'page',
  'pageSize',
] as const;

/**
 * The search a URL asks for (/allProducts?q=drill&sort=price_asc&inStock=1&page=2). Pure and
 * forgiving: a value the API would refuse (a hand-edited link) is dropped, never an error page.
 */
export function parseSearchParams(params: URLSearchParams): ProductSearch {
  const raw: Record<string, string> = {};
  for (const field of FIELDS) {
    const value = params.get(field);
    if (value === null || value.trim() === '') continue;
    if (ProductSearchQuerySchema.safeParse({ [field]: value }).success) raw[field] = value;
  }
  const parsed = ProductSearchQuerySchema.safeParse(raw);
  // Only min > max can fail here: keep the minimum.
  const query = parsed.success
    ? parsed.data
    : ProductSearchQuerySchema.parse({ ...raw, maxPrice: undefined });
  return toProductSearch(query);
}

/**
 * The canonical query string of a search: defaults left out, fixed order. The URL, the API call
 * and the cache keys all use it, so one search has one spelling.
 */
export function toSearchParams(search: Partial<ProductSearch>): URLSearchParams {
  const params = new URLSearchParams();
  const q = search.q?.trim() ?? '';
  if (q !== '') params.set('q', q);
  const impliedSort = q === '' ? 'newest' : 'relevance';
  if (search.sort && search.sort !== impliedSort && !(q === '' && search.sort === 'relevance')) {
    params.set('sort', search.sort);
  }
  if (search.minPrice !== undefined) params.set('minPrice', String(search.minPrice));
  if (search.maxPrice !== undefined) params.set('maxPrice', String(search.maxPrice));
  if (search.inStock) params.set('inStock', '1');
  if (search.category) params.set('category', search.category);
  if (search.platform) params.set('platform', search.platform);
  if (search.option) params.set('option', search.option);
  if (search.page !== undefined && search.page !== 1) params.set('page', String(search.page));
  if (search.pageSize !== undefined && search.pageSize !== SEARCH_PAGE_SIZE_DEFAULT) {
    params.set('pageSize', String(search.pageSize));
  }
  return params;
}
