import type { UseQueryOptions } from '@tanstack/react-query';
import type { PageQueryKey } from '../../../shared/page-rendering.ts';
import { parseSearchParams } from '../../../shared/product-search.ts';
import { recentProductsQueryOptions } from '../../features/catalog/api/recent-products.ts';
import { productSearchQueryOptions } from '../../features/catalog/api/search-products.ts';
import { reviewsQueryOptions } from '../../features/reviews/api/get-reviews.ts';
import { publicConfigQueryOptions } from '../../lib/public-config.ts';
import { paths } from '../../lib/paths.ts';

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
}

const noData = () => [];
const home = () => [
  recentProductsQueryOptions(),
  reviewsQueryOptions(),
  publicConfigQueryOptions(),
];
const signIn = () => [publicConfigQueryOptions()];

/**
 * The public pages the server renders, by lower-case path (the router ignores case). Every other
 * known path (the dashboard, purchase) is rendered in the browser only; an unknown path is the
 * not-found page with a 404.
 *
 * The server prefetches and embeds whatever a page's `queries` list, and the page reads the same
 * queries when it hydrates.
 */
export const serverRenderedPages: Readonly<Record<string, ServerRenderedPage>> = {
  '/': { canonicalPath: paths.home, queries: home },
  '/home': { canonicalPath: paths.home, queries: home },
  '/allproducts': {
    canonicalPath: paths.allProducts,
    // The page of results the URL asks for (search, sort, filters, page), as the page reads it.
    queries: ({ searchParams }) => [productSearchQueryOptions(parseSearchParams(searchParams))],
  },
  '/blogs': { canonicalPath: paths.blogs, queries: noData },
  '/about': { canonicalPath: paths.about, queries: noData },
  '/portfolio': { canonicalPath: paths.portfolio, queries: noData },
  '/contact': { canonicalPath: paths.contact, queries: noData },
  '/terms': { canonicalPath: paths.terms, queries: noData },
  '/privacy': { canonicalPath: paths.privacy, queries: noData },
  '/login': { canonicalPath: paths.login, queries: signIn },
  '/register': { canonicalPath: paths.register, queries: signIn },
  '/reset': { canonicalPath: paths.reset, queries: noData },
};

/** Every public page once, by its canonical path. */
export const publicPagePaths: readonly string[] = [
  ...new Set(Object.values(serverRenderedPages).map((page) => page.canonicalPath)),
];

export function serverRenderedPage(pathname: string): ServerRenderedPage | undefined {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  return serverRenderedPages[path];
}
