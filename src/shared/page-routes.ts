/**
 * The web app's pages: one entry per page, the spec's URLs (docs/product-spec.md, section 2).
 * `path` is the router's pattern (src/web/app/router.tsx mounts each one), `href` builds a link to
 * the page with its parameters encoded. The router, the server renderer's page data, the
 * navigation and the Web Vitals beacon (vital-metrics.ts) all read this table; it lives in the
 * contract because the server validates the beacon's route against it.
 *
 * A new page: add an entry here, then its element in router.tsx (the compiler asks for it), and
 * its data in app/ssr/page-data.ts if the server renders it.
 */

/** The names of a pattern's parameters: '/a/:id/b/:key' → 'id' | 'key'. */
type ParamsOf<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<Rest>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

type HrefOf<Path extends string> = [ParamsOf<Path>] extends [never]
  ? () => string
  : (params: Record<ParamsOf<Path>, string>) => string;

export interface PageRoute<Path extends string = string> {
  path: Path;
  href: HrefOf<Path>;
  /** The same page at a second address of the spec's (/home is the home page). */
  alias?: string;
}

function page<const Path extends string>(path: Path): PageRoute<Path> {
  const href = (params: Record<string, string> = {}) =>
    path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  return { path, href: href as HrefOf<Path> };
}

export const pageRoutes = {
  home: { ...page('/'), alias: '/home' },
  allProducts: page('/allProducts'),
  blogs: page('/blogs'),
  about: page('/about'),
  portfolio: page('/portfolio'),
  contact: page('/contact'),
  terms: page('/terms'),
  privacy: page('/privacy'),
  login: page('/login'),
  register: page('/register'),
  reset: page('/reset'),
  purchase: page('/purchase/:productId'),
  basket: page('/basket'),
  checkout: page('/checkout'),
  /** The dashboard opens on My Profile. */
  dashboard: page('/dashboard'),
  myOrders: page('/dashboard/myOrders'),
  addReview: page('/dashboard/addReview'),
  payment: page('/dashboard/payment/:id'),
  manageAllOrders: page('/dashboard/manageAllOrders'),
  addProduct: page('/dashboard/addProduct'),
  makeAdmin: page('/dashboard/makeAdmin'),
  manageProducts: page('/dashboard/manageProducts'),
  editProduct: page('/dashboard/manageProducts/:productId/edit'),
  manageReviews: page('/dashboard/manageReviews'),
  overview: page('/dashboard/overview'),
  siteSpeed: page('/dashboard/siteSpeed'),
  importProducts: page('/dashboard/importProducts'),
  webhooks: page('/dashboard/webhooks'),
  returns: page('/dashboard/returns'),
  recalls: page('/dashboard/recalls'),
  warranty: page('/dashboard/warranty'),
  myQuotes: page('/dashboard/myQuotes'),
  quotes: page('/dashboard/quotes'),
  manageCategories: page('/dashboard/manageCategories'),
  category: page('/category/:slug'),
  auditLog: page('/dashboard/auditLog'),
} as const;

export type PageName = keyof typeof pageRoutes;

const patternsOf = (route: PageRoute) =>
  route.alias === undefined ? [route.path] : [route.path, route.alias];

/** Every pattern and alias, in the table's order. */
export const pagePatterns: readonly string[] = Object.values(pageRoutes).flatMap(patternsOf);

function segmentsOf(path: string): string[] {
  return path.toLowerCase().split('/').filter(Boolean);
}

/**
 * The page a path shows and the pattern it matched, ignoring case and a trailing slash as the
 * router does (a parameter matches any one segment); undefined for an unknown path.
 */
export function pageOf(pathname: string): { name: PageName; pattern: string } | undefined {
  const segments = segmentsOf(pathname);
  for (const [name, route] of Object.entries(pageRoutes) as [PageName, PageRoute][]) {
    for (const pattern of patternsOf(route)) {
      const parts = segmentsOf(pattern);
      const matches =
        parts.length === segments.length &&
        parts.every((part, i) => part.startsWith(':') || part === segments[i]);
      if (matches) return { name, pattern };
    }
  }
  return undefined;
}
