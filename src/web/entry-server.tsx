import { dehydrate, hashKey, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router';
import type {
  PagePlan,
  PageQueryKey,
  PageRenderer,
  RenderedPage,
} from '../shared/page-rendering.ts';
import logoUrl from './assets/logo.svg';
import { preloadIslands } from './app/lazy-island.tsx';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes, preloadRoute, routeTree } from './app/router.tsx';
import { embeddedDataElement } from './app/ssr/embedded-data.ts';
import { descriptionOf, shareTags, splitHoistables, titleOf } from './app/ssr/head-tags.ts';
import {
  categorySlugOf,
  productIdOf,
  serverRenderedPage,
  publicPagePaths,
  type PageQuery,
  type ServerRenderedPage,
} from './app/ssr/page-data.ts';
import type { Category } from '../shared/category.ts';
import {
  breadcrumbJsonLd,
  jsonLdElement,
  organizationJsonLd,
  productGroupJsonLd,
  productListJsonLd,
} from './app/ssr/structured-data.ts';
import type { ProductDetail } from '../shared/product.ts';
import { companyLocation } from './content/site.ts';
import { setApiTransport } from './lib/api-client.ts';
import { queryKeys } from './lib/query-keys.ts';
import { pageOf, pageRoutes } from '../shared/page-routes.ts';
import type { ProductSearchResult } from '../shared/product-search.ts';

// The server's way into the web app (built by `vite build --ssr` to dist/ssr/entry-server.js):
// which pages it renders, and their HTML with their data.

const rootOf = (key: PageQueryKey) => key[0];

function requestOf(url: string) {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  return { pathname, searchParams };
}

function planPage(url: string): PagePlan {
  const request = requestOf(url);
  const page = serverRenderedPage(request.pathname);
  if (page) {
    const roots = page.queries(request).map((query) => rootOf(query.queryKey));
    return { kind: 'rendered', dataRoots: [...new Set(roots)] };
  }
  const leaf = matchRoutes(routeTree, request.pathname)?.at(-1)?.route;
  if (!leaf || leaf.path === '*') return { kind: 'notFound', dataRoots: [] };
  return { kind: 'browserOnly', dataRoots: [] };
}

async function prefetch(queryClient: QueryClient, queries: PageQuery[]): Promise<boolean> {
  await Promise.all(queries.map((query) => queryClient.prefetchQuery(query)));
  return queries.every((query) => queryClient.getQueryState(query.queryKey)?.status === 'success');
}

/**
 * True when the page's subject does not exist (known once its data is loaded): an unknown
 * category, an unknown or malformed product id. The page renders the not-found page then.
 */
function subjectMissing(page: ServerRenderedPage, queryClient: QueryClient): boolean {
  const name = pageOf(page.canonicalPath)?.name;
  if (name === 'category') return categoryOf(page.canonicalPath, queryClient) === undefined;
  if (name === 'purchase') {
    const productId = productIdOf(page.canonicalPath);
    return queryClient.getQueryData(queryKeys.products.page(productId)) === null;
  }
  return false;
}

/** The category a /category/:slug page shows, from its prefetched categories (issue 24). */
function categoryOf(canonicalPath: string, queryClient: QueryClient): Category | undefined {
  if (pageOf(canonicalPath)?.name !== 'category') return undefined;
  const slug = categorySlugOf(canonicalPath);
  return queryClient.getQueryData<Category[]>(queryKeys.categories)?.find((c) => c.slug === slug);
}

/**
 * The product page's `ProductGroup` (issue 34), for a product of several variants: the page is
 * private (no canonical URL, ADR 030) but says what it sells, each variant with its offer.
 */
function productPageExtras(page: ServerRenderedPage, publicUrl: string, queryClient: QueryClient) {
  if (pageOf(page.canonicalPath)?.name !== 'purchase') return '';
  const product = queryClient.getQueryData<ProductDetail | null>(
    queryKeys.products.page(productIdOf(page.canonicalPath)),
  );
  const group = product && productGroupJsonLd(publicUrl, product);
  return group ? jsonLdElement(group) : '';
}

/** Image preloads and structured data that only some pages have. */
function pageExtras(canonicalPath: string, publicUrl: string, queryClient: QueryClient): string {
  if (canonicalPath === pageRoutes.home.path) {
    return jsonLdElement(organizationJsonLd(publicUrl, logoUrl, companyLocation));
  }
  const category = categoryOf(canonicalPath, queryClient);
  if (category) {
    const [[, page] = []] = queryClient.getQueriesData<ProductSearchResult>({
      queryKey: queryKeys.products.searches(),
    });
    return (
      jsonLdElement(
        breadcrumbJsonLd(publicUrl, [
          { name: 'Home', path: pageRoutes.home.path },
          { name: pageRoutes.allProducts.title, path: pageRoutes.allProducts.path },
          { name: category.name, path: canonicalPath },
        ]),
      ) + jsonLdElement(productListJsonLd(publicUrl, page?.items ?? []))
    );
  }
  if (canonicalPath === pageRoutes.allProducts.path) {
    // The products of the page of results the URL asked for (the page's one search query).
    const [[, page] = []] = queryClient.getQueriesData<ProductSearchResult>({
      queryKey: queryKeys.products.searches(),
    });
    return jsonLdElement(productListJsonLd(publicUrl, page?.items ?? []));
  }
  return '';
}

async function renderPage({
  url,
  publicUrl,
}: {
  url: string;
  publicUrl: string;
}): Promise<RenderedPage> {
  const request = requestOf(url);
  const plan = planPage(url);
  const page = serverRenderedPage(request.pathname);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  const queries = page?.queries(request) ?? [];
  const [complete] = await Promise.all([
    prefetch(queryClient, queries),
    // The page's chunk, then the islands it declares: rendered in full, nothing suspends.
    preloadRoute(request.pathname).then(preloadIslands),
  ]);

  const html = renderToString(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
  );

  const { hoisted, body } = splitHoistables(html);
  const missing = complete && page !== undefined && subjectMissing(page, queryClient);
  // Private pages (the product page's public part) are not for search engines (ADR 030).
  const canonicalPath = missing || page?.private ? undefined : page?.canonicalPath;
  const head = canonicalPath
    ? hoisted +
      shareTags({
        url: `${publicUrl}${canonicalPath}`,
        title: titleOf(hoisted),
        description: descriptionOf(hoisted),
        imageUrl: new URL(logoUrl, `${publicUrl}/`).href,
      }) +
      pageExtras(canonicalPath, publicUrl, queryClient)
    : hoisted +
      '<meta name="robots" content="noindex"/>' +
      (page && !missing ? productPageExtras(page, publicUrl, queryClient) : '');
  return {
    status: plan.kind === 'notFound' || missing ? 404 : 200,
    head,
    body,
    // The page's own queries only: the session (signed out on the server) stays the browser's.
    data: embeddedDataElement({
      queries: dehydrate(queryClient, {
        shouldDehydrateQuery: (query) =>
          query.state.status === 'success' &&
          queries.some((own) => query.queryHash === hashKey(own.queryKey)),
      }),
    }),
    cacheable: complete,
  };
}

export const pageRenderer: PageRenderer = {
  planPage,
  renderPage,
  setApiTransport,
  sitemapPaths: publicPagePaths,
};
