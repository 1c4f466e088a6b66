import type { UseQueryOptions } from '@tanstack/react-query';
import type { PageQueryKey } from '../../../shared/page-rendering.ts';
import {
  pageNames,
  pageOf,
  pageRoutes,
  type PageName,
  type ServerRenderedPageName,
} from '../../../shared/page-routes.ts';
import { parseSearchParams } from '../../../shared/product-search.ts';
import { recentProductsQueryOptions } from '../../features/catalog/api/recent-products.ts';
import { productSearchQueryOptions } from '../../features/catalog/api/search-products.ts';
import { reviewsQueryOptions } from '../../features/reviews/api/get-reviews.ts';
import { publicConfigQueryOptions } from '../../lib/public-config.ts';
import { categoriesQueryOptions } from '../../api/categories.ts';
import { productPageQueryOptions } from '../../api/products.ts';

/** What a page's data may depend on: the path's parameters and the URL's search parameters. */
export interface PageRequest {
  pathname: string;
  searchParams: URLSearchParams;
}

// Any query a page prefetches: its key, its fetch and its options, exactly as the page reads it.
// Its key starts with a data root the server knows (shared/page-rendering.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each page's queries return their own data types
export type PageQuery = UseQueryOptions<any, any, any, any> & { queryKey: PageQueryKey };

export interface ServerRenderedPage {
  /** The page's one address (canonical URL, sitemap): /home is the home page at /. */
  canonicalPath: string;
  /** The queries the page reads while it renders, prefetched on the server and embedded. */
  queries: (request: PageRequest) => PageQuery[];
  /**
   * A page of the spec's signed-in screens whose public part the server renders (the product
   * page): `noindex`, no canonical URL, not in the sitemap (ADR 030).
   */
  private: boolean;
}

const noData = () => [];
const home = () => [
  recentProductsQueryOptions(),
  reviewsQueryOptions(),
  publicConfigQueryOptions(),
];
const signIn = () => [publicConfigQueryOptions()];

/**
 * The queries each page the server renders (`rendering: 'server'` in the route table) reads while
 * it renders: a server-rendered page without its entry here does not compile. Every other page of
 * the table (the dashboard, checkout) is rendered in the browser only; an unknown path is the
 * not-found page with a 404.
 *
 * The server prefetches and embeds whatever a page's queries list, and the page reads the same
 * queries when it hydrates.
 */
const pageQueries: Record<ServerRenderedPageName, ServerRenderedPage['queries']> = {
  home,
  // The page of results the URL asks for (search, sort, filters, page), as the page reads it.
  allProducts: ({ searchParams }) => [
    productSearchQueryOptions(parseSearchParams(searchParams)),
    // The category filter's names (issue 24).
    categoriesQueryOptions(),
  ],
  blogs: noData,
  about: noData,
  portfolio: noData,
  contact: noData,
  terms: noData,
  privacy: noData,
  login: signIn,
  register: signIn,
  reset: noData,
  // Issue 24: the categories (name, description, 404) and the category's page of results.
  category: ({ pathname, searchParams }) => [
    categoriesQueryOptions(),
    productSearchQueryOptions({
      ...parseSearchParams(searchParams),
      category: categorySlugOf(pathname),
    }),
  ],
  // The product page's public part (ADR 030): the product as GET /api/products/{id} answers
  // anyone (null: the not-found page, 404). What depends on the customer renders in the browser.
  purchase: ({ pathname }) => [productPageQueryOptions(productIdOf(pathname))],
};

/** A path's second segment, decoded as the router decodes it (a malformed escape stays as is). */
function secondSegmentOf(pathname: string): string {
  const segment = pathname.split('/').filter(Boolean)[1] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The product id of a /purchase/:productId path, as the page reads it. */
export function productIdOf(pathname: string): string {
  return secondSegmentOf(pathname);
}

/** The slug of a /category/:slug path, as the page reads it. */
export function categorySlugOf(pathname: string): string {
  return secondSegmentOf(pathname).toLowerCase();
}

/**
 * Every server-rendered page once, by its canonical path (a pattern for /category/:slug and
 * /purchase/:productId): each is a route of the server's, but an unlisted page (/reset, whose link
 * carries a one-time token), which the server renders on demand only.
 */
export const publicPagePaths: readonly string[] = pageNames
  .filter(isServerRendered)
  .filter((name) => pageRoutes[name].indexing !== 'unlisted')
  .map((name) => pageRoutes[name].path);

function isServerRendered(name: PageName): name is ServerRenderedPageName {
  return pageRoutes[name].rendering === 'server';
}

export function serverRenderedPage(pathname: string): ServerRenderedPage | undefined {
  const name = pageOf(pathname)?.name;
  if (!name || !isServerRendered(name)) return undefined;
  const queries = pageQueries[name];
  const canonicalPath =
    name === 'category'
      ? pageRoutes.category.href({ slug: categorySlugOf(pathname) })
      : name === 'purchase'
        ? pageRoutes.purchase.href({ productId: productIdOf(pathname) })
        : pageRoutes[name].path;
  // Not for search engines (the product page, ADR 030): noindex, no canonical URL.
  return { canonicalPath, queries, private: pageRoutes[name].indexing === 'disallow' };
}
