/**
 * The web app's pages: one record per page, the spec's URLs (docs/product-spec.md, section 2).
 * A page's record says everything the app and the server need to know about it:
 *
 * - `path`: the router's pattern; `href` builds a link to the page with its parameters encoded
 *   (the server's mail links too, on PUBLIC_URL);
 * - `access`: who may open it: everyone, a signed-in user, or a staff member with a permission
 *   (the router puts the page behind RequireAuth or RequireAdmin, and the staff guard and the
 *   dashboard's sidebar ask for exactly this permission);
 * - `rendering`: `server` (rendered with its data, then hydrated) or `browser` (the empty shell);
 * - `navigation`: where it is linked (its title, or a label of its own): the main navbar, the
 *   account links, the dashboard's sidebar (and its order there); none for a page only linked
 *   from others;
 * - `indexing`: `sitemap` (listed in sitemap.xml), `unlisted` (neither listed nor disallowed) or
 *   `disallow` (robots.txt disallows it, and a server-rendered one says `noindex`);
 * - `title`: the page's own title (none for the home page and for pages named after their
 *   subject: a product, a category).
 *
 * The router, the guards, the navbar and sidebar, robots.txt, the sitemap, the server renderer's
 * page list, the mail links and the Web Vitals beacon (vital-metrics.ts) all read this table; it
 * lives in the contract because the server reads it too.
 *
 * A new page: one record here, then its element in router.tsx (the compiler asks for it), and its
 * data in app/ssr/page-data.ts if the server renders it (the compiler asks for that too).
 */

import type { Permission } from './permissions.ts';

/** The names of a pattern's parameters: '/a/:id/b/:key' → 'id' | 'key'. */
type ParamsOf<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<Rest>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

type HrefOf<Path extends string> = [ParamsOf<Path>] extends [never]
  ? () => string
  : (params: Record<ParamsOf<Path>, string>) => string;

/** Who may open a page: anyone, a signed-in user, or staff with `permission`. */
export type PageAccess = 'public' | 'signedIn' | { permission: Permission };

/** How the server answers the page's path. */
export type PageRendering = 'server' | 'browser';

/** What search engines are told about the page. */
export type PageIndexing = 'sitemap' | 'unlisted' | 'disallow';

/** A place where the page is linked; its link's label is `label`, else the page's title. */
export type PageNavigation =
  /** The main navbar, for everyone, in `order`. */
  | { menu: 'navbar'; label?: string; order: number }
  /** The navbar's account links (Basket for everyone, Dashboard once signed in). */
  | { menu: 'account'; label?: string }
  /**
   * The dashboard's sidebar, in `order`: a staff page's link for staff whose permissions open it,
   * a signed-in page's for customers; `everyone`: for customers and staff alike.
   */
  | { menu: 'sidebar'; label?: string; order: number; everyone?: true };

export interface PageRecord {
  access: PageAccess;
  rendering: PageRendering;
  /** Where the page is linked: nowhere (left out), one or more places. */
  navigation?: readonly PageNavigation[];
  indexing: PageIndexing;
  title?: string;
  /** The same page at a second address of the spec's (/home is the home page). */
  alias?: string;
}

export interface PageRoute<Path extends string = string> extends PageRecord {
  path: Path;
  href: HrefOf<Path>;
}

function page<const Path extends string, const R extends PageRecord>(
  path: Path,
  record: R,
): PageRoute<Path> & R {
  const href = (params: { [name: string]: string } = {}) =>
    path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  return { ...record, path, href: href as HrefOf<Path> };
}

/** A public page the server renders and the sitemap lists. */
const publicPage = { access: 'public', rendering: 'server', indexing: 'sitemap' } as const;
/** A signed-in screen, rendered in the browser, disallowed to crawlers. */
const signedIn = { access: 'signedIn', rendering: 'browser', indexing: 'disallow' } as const;
/** A staff screen of the dashboard: for staff with `permission`. */
const staff = (permission: Permission) =>
  ({ access: { permission }, rendering: 'browser', indexing: 'disallow' }) as const;
/** Linked in the main navbar / the dashboard's sidebar, in `order`, by its title or `label`. */
const navbar = (order: number, label?: string) => [{ menu: 'navbar', order, label }] as const;
const sidebar = (order: number, label?: string) => [{ menu: 'sidebar', order, label }] as const;

export const pageRoutes = {
  home: page('/', {
    ...publicPage,
    alias: '/home',
    navigation: navbar(1, 'Home'),
  }),
  allProducts: page('/allProducts', {
    ...publicPage,
    title: 'All Products',
    navigation: navbar(2),
  }),
  blogs: page('/blogs', {
    ...publicPage,
    title: 'Blogs',
    navigation: navbar(3),
  }),
  about: page('/about', { ...publicPage, title: 'About' }),
  portfolio: page('/portfolio', {
    ...publicPage,
    title: 'Portfolio',
    navigation: navbar(4),
  }),
  contact: page('/contact', {
    ...publicPage,
    title: 'Contact Us',
    navigation: navbar(5),
  }),
  terms: page('/terms', { ...publicPage, title: 'Terms of Service' }),
  privacy: page('/privacy', { ...publicPage, title: 'Privacy Policy' }),
  login: page('/login', { ...publicPage, title: 'Login' }),
  register: page('/register', { ...publicPage, title: 'Register' }),
  /** Its link carries a one-time token: rendered, but neither listed nor a route of its own. */
  reset: page('/reset', {
    ...publicPage,
    indexing: 'unlisted',
    title: 'Reset Password',
  }),
  /** The dashboard opens on My Profile. */
  dashboard: page('/dashboard', {
    ...signedIn,
    title: 'My Profile',
    navigation: [
      { menu: 'account', label: 'Dashboard' },
      { menu: 'sidebar', order: 0, everyone: true },
    ],
  }),
  /**
   * The product: server-rendered for everyone, but private (noindex, not listed); the page itself
   * sends a signed-out visitor to sign in once it is live (ADR 030).
   */
  purchase: page('/purchase/:productId', { ...publicPage, indexing: 'disallow' }),
  /** Everyone's basket; its Checkout signs a visitor in and comes back. */
  basket: page('/basket', {
    access: 'public',
    rendering: 'browser',
    indexing: 'disallow',
    title: 'Basket',
    navigation: [{ menu: 'account' }],
  }),
  checkout: page('/checkout', { ...signedIn, title: 'Checkout' }),
  /** Issue 34: lines of SKU and quantity into the basket; linked from the customer's sidebar. */
  quickOrder: page('/quickOrder', {
    ...signedIn,
    title: 'Quick Order',
    navigation: sidebar(4),
  }),
  myOrders: page('/dashboard/myOrders', {
    ...signedIn,
    title: 'My Orders',
    navigation: sidebar(1),
  }),
  addReview: page('/dashboard/addReview', {
    ...signedIn,
    title: 'Add Review',
    navigation: sidebar(2),
  }),
  payment: page('/dashboard/payment/:id', { ...signedIn, title: 'Payment' }),
  manageAllOrders: page('/dashboard/manageAllOrders', {
    ...staff('orders.view'),
    title: 'Manage All Orders',
    navigation: sidebar(2),
  }),
  addProduct: page('/dashboard/addProduct', {
    ...staff('catalogue.manage'),
    title: 'Add a new Product',
    navigation: sidebar(3, 'Add a Product'),
  }),
  makeAdmin: page('/dashboard/makeAdmin', {
    ...staff('users.manage'),
    title: 'Make Admin',
    navigation: sidebar(4),
  }),
  manageProducts: page('/dashboard/manageProducts', {
    ...staff('catalogue.manage'),
    title: 'Manage Products',
    navigation: sidebar(5),
  }),
  editProduct: page('/dashboard/manageProducts/:productId/edit', {
    ...staff('catalogue.manage'),
    title: 'Edit Product',
  }),
  manageReviews: page('/dashboard/manageReviews', {
    ...staff('reviews.moderate'),
    title: 'Manage Reviews',
    navigation: sidebar(7),
  }),
  overview: page('/dashboard/overview', {
    ...staff('admin.other'),
    title: 'Overview',
    navigation: sidebar(1),
  }),
  siteSpeed: page('/dashboard/siteSpeed', {
    ...staff('admin.other'),
    title: 'Site speed',
    navigation: sidebar(8, 'Site Speed'),
  }),
  importProducts: page('/dashboard/importProducts', {
    ...staff('catalogue.manage'),
    title: 'Import products',
    navigation: sidebar(9, 'Import Products'),
  }),
  webhooks: page('/dashboard/webhooks', {
    ...staff('admin.other'),
    title: 'Webhooks',
    navigation: sidebar(10),
  }),
  returns: page('/dashboard/returns', {
    ...staff('orders.view'),
    title: 'Returns',
    navigation: sidebar(11),
  }),
  recalls: page('/dashboard/recalls', {
    ...staff('admin.other'),
    title: 'Recalls',
    navigation: sidebar(12),
  }),
  warranty: page('/dashboard/warranty', {
    ...staff('admin.other'),
    title: 'Warranty',
    navigation: sidebar(13),
  }),
  myQuotes: page('/dashboard/myQuotes', {
    ...signedIn,
    title: 'My Quotes',
    navigation: sidebar(3),
  }),
  quotes: page('/dashboard/quotes', {
    ...staff('admin.other'),
    title: 'Quotes',
    navigation: sidebar(14),
  }),
  manageCategories: page('/dashboard/manageCategories', {
    ...staff('catalogue.manage'),
    title: 'Categories',
    navigation: sidebar(6),
  }),
  /** Each category's page (issue 24): the sitemap lists every category's (the server adds them). */
  category: page('/category/:slug', publicPage),
  auditLog: page('/dashboard/auditLog', {
    ...staff('audit.view'),
    title: 'Audit log',
    navigation: sidebar(15, 'Audit Log'),
  }),
  /** Issue 35: certificates and VAT numbers of exempt buyers, approved or rejected here. */
  taxExemptions: page('/dashboard/taxExemptions', {
    ...staff('admin.other'),
    title: 'Tax exemptions',
    navigation: sidebar(16, 'Tax Exemptions'),
  }),
  /** Issue 35: shipping zones and methods; the tax table and the pricing settings. */
  shipping: page('/dashboard/shipping', {
    ...staff('admin.other'),
    title: 'Shipping',
    navigation: sidebar(17),
  }),
  taxes: page('/dashboard/taxes', {
    ...staff('admin.other'),
    title: 'Taxes',
    navigation: sidebar(18),
  }),
  /** Issue 36: promotions and their codes, with what each brought. */
  promotions: page('/dashboard/promotions', {
    ...staff('catalogue.manage'),
    title: 'Promotions',
    navigation: sidebar(19),
  }),
  /** Issue 37: the trade customer's company: create one, or its members, invitations, addresses. */
  company: page('/dashboard/company', { ...signedIn, title: 'Company', navigation: sidebar(5) }),
  /** Issue 37: an invitation mail's link: accept or decline joining a company. */
  companyInvitation: page('/invitations/:companyId/:invitationId', {
    ...signedIn,
    title: 'Invitation',
  }),
  /** Issue 37: a company's saved lists, put into the basket in one click (linked from the basket). */
  savedLists: page('/dashboard/lists', { ...signedIn, title: 'Saved lists' }),
  /** Issue 37: a company's invoices and statement (linked from the Company page). */
  companyInvoices: page('/dashboard/invoices', { ...signedIn, title: 'Invoices' }),
  /** Issue 37: every company's invoices, payments received and ageing. */
  manageInvoices: page('/dashboard/manageInvoices', {
    ...staff('admin.other'),
    title: 'Invoices',
    navigation: sidebar(22),
  }),
  /** Issue 37: a company's checkouts awaiting approval, approved or rejected here. */
  approvals: page('/dashboard/approvals', { ...signedIn, title: 'Approvals' }),
  /** Issue 37: a company's orders, for its admins and approvers. */
  companyOrders: page('/dashboard/companyOrders', { ...signedIn, title: 'Company orders' }),
  /** Issue 37: companies' credit, terms and price list; their invoices. */
  companies: page('/dashboard/companies', {
    ...staff('admin.other'),
    title: 'Companies',
    navigation: sidebar(20),
  }),
  /** Issue 37: contract price lists (fixed prices per SKU, percents off per category). */
  priceLists: page('/dashboard/priceLists', {
    ...staff('admin.other'),
    title: 'Price lists',
    navigation: sidebar(21, 'Price Lists'),
  }),
} as const;

export type PageName = keyof typeof pageRoutes;

/** The pages the server renders (`rendering: 'server'`). */
export type ServerRenderedPageName = {
  [Name in PageName]: (typeof pageRoutes)[Name]['rendering'] extends 'server' ? Name : never;
}[PageName];

/** Every page's name, in the table's order. */
export const pageNames = Object.keys(pageRoutes) as PageName[];

const recordOf = (name: PageName): PageRoute => pageRoutes[name];

/** The staff permission a page needs; undefined for a public or any signed-in user's page. */
export function permissionOf(name: PageName): Permission | undefined {
  const { access } = recordOf(name);
  return typeof access === 'object' ? access.permission : undefined;
}

/** A page's link in a menu: its page, its address and label, from its record's placement. */
export interface PageLink<Menu extends PageNavigation['menu'] = PageNavigation['menu']> {
  page: PageName;
  to: string;
  /** The placement's label, else the page's title. */
  label: string;
  placement: Extract<PageNavigation, { menu: Menu }>;
}

/**
 * The links of `menu`, in their order there (a menu without orders: in the table's order). A page
 * linked from a menu has no parameters (its link is its path).
 */
export function pageLinksIn<Menu extends PageNavigation['menu']>(menu: Menu): PageLink<Menu>[] {
  const orderOf = (placement: PageNavigation) => ('order' in placement ? placement.order : 0);
  return pageNames
    .flatMap((name) =>
      (recordOf(name).navigation ?? [])
        .filter((placement): placement is PageLink<Menu>['placement'] => placement.menu === menu)
        .map((placement) => ({
          page: name,
          to: recordOf(name).href(),
          label: placement.label ?? recordOf(name).title ?? '',
          placement,
        })),
    )
    .sort((a, b) => orderOf(a.placement) - orderOf(b.placement));
}

const hasParameters = (path: string) => path.includes(':');

// Read by the server only: functions, so that the browser's bundle leaves them out.

/**
 * The pages sitemap.xml lists by their own path (`indexing: 'sitemap'`); a pattern's instances
 * (each category's page) are listed by the server.
 */
export function sitemapPagePaths(): string[] {
  return pageNames
    .map(recordOf)
    .filter((route) => route.indexing === 'sitemap' && !hasParameters(route.path))
    .map((route) => route.path);
}

/**
 * robots.txt's Disallow paths of the pages (`indexing: 'disallow'`): each page's path up to its
 * first parameter, once, leaving out one a shorter earlier path already covers (/dashboard covers
 * /dashboard/myOrders).
 */
export function disallowedPagePaths(): string[] {
  return pageNames
    .map(recordOf)
    .filter((route) => route.indexing === 'disallow')
    .map((route) => route.path.split(':')[0] ?? route.path)
    .filter((path, i, all) => !all.slice(0, i).some((earlier) => path.startsWith(earlier)));
}

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
