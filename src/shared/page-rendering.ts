// The contract between the server and the web app's server-rendering entry
// (src/web/entry-server.tsx, built by Vite to dist/ssr): types only.

/**
 * The data a server-rendered page may show, named by the root (first element) of the query keys
 * it prefetches. The server keys its cache of the page's HTML on the version of each root's data,
 * and must know every root: one added here without its version on the server does not compile.
 */
export type DataRoot = 'products' | 'reviews' | 'public-config' | 'categories';

/** The query key of a page's data: its root first. */
export type PageQueryKey = readonly [DataRoot, ...unknown[]];

/** How the server answers a page path. */
export type PageKind =
  /** A public page: rendered on the server with its data, then hydrated. */
  | 'rendered'
  /** A signed-in screen (dashboard, checkout): the empty shell, rendered in the browser. */
  | 'browserOnly'
  /** No such page: the not-found page, rendered, with status 404. */
  | 'notFound';

export interface PagePlan {
  kind: PageKind;
  /** The roots of the query keys the page prefetches, each once. */
  dataRoots: DataRoot[];
}

export interface PageRenderInput {
  /** The request's path and query, e.g. `/allProducts?page=2`. */
  url: string;
  /** PUBLIC_URL without a trailing slash: the base of canonical and Open Graph URLs. */
  publicUrl: string;
}

export interface RenderedPage {
  status: 200 | 404;
  /** Tags for `<head>`: title, description, canonical, Open Graph, JSON-LD, image preloads. */
  head: string;
  /** The HTML inside `<div id="root">`. */
  body: string;
  /** The non-executable JSON block with the page's data, for the end of `<body>`. */
  data: string;
  /** False when some data could not be fetched: send the page, but do not keep it. */
  cacheable: boolean;
}

/** Answers an API GET inside the server's process (the page's data, as the browser would get it). */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

export interface PageRenderer {
  planPage(url: string): PagePlan;
  renderPage(input: PageRenderInput): Promise<RenderedPage>;
  /** Sets how the renderer's API calls are answered (once, at start). */
  setApiTransport(transport: ApiTransport): void;
  /**
   * The server-rendered pages that are routes of the server's (a pattern too: /category/:slug,
   * /purchase/:productId). sitemap.xml lists the route table's `indexing: 'sitemap'` pages
   * (shared/page-routes.ts) and each category's page, no product page (private, ADR 030).
   */
  sitemapPaths: readonly string[];
}
