/**
 * Every query key of the web app, in one place. A key's first element is its root: a change
 * invalidates a root and every answer under it asks again (a sale refreshes the product lists,
 * the product and the orders). The server renderer prefetches some of these keys, so the page
 * then reads the very same ones.
 */
const queryKeyRoots = {
  /** Every cached product answer: the list, the searches and single products. */
  products: ['products'],
  /** Orders: the customer's and the admin's lists, and single orders. */
  purchases: ['purchases'],
  /** Reviews: the public list (per viewer) and the moderation list. */
  reviews: ['reviews'],
  /** The admin dashboard's reports. */
  admin: ['admin'],
} as const;

const { products, purchases, reviews, admin } = queryKeyRoots;

export const queryKeys = {
  session: ['session'] as const,
  publicConfig: ['public-config'] as const,
  adminCheck: (email: string) => ['admin-check', email] as const,
  permissions: (email: string) => ['permissions', email] as const,
  audit: (query: string) => ['audit', query] as const,
  profile: (email: string) => ['profile', email] as const,
  users: ['users'] as const,
  /** The signed-in customer's basket (a visitor's lives in localStorage, not in the cache). */
  basket: ['basket'] as const,
  /** The signed-in customer's saved addresses. */
  addresses: ['addresses'] as const,
  /** Issue 37: the companies the caller sees (a member: theirs), and under it each one's parts. */
  companies: ['companies'] as const,
  /** Issue 35: the pricing step's answer for a basket (or one line) and a delivery address. */
  checkoutQuotes: ['checkout-quote'] as const,
  checkoutQuote: (body: unknown) => ['checkout-quote', body] as const,
  /** Issue 24: the categories with counts (a root of its own: the server renders it). */
  categories: ['categories'] as const,
  /** The caller's battery platforms (from their paid orders) and back-in-stock alerts. */
  myPlatforms: (email: string) => ['my-platforms', email] as const,
  stockAlert: (email: string, productId: string) => ['stock-alert', email, productId] as const,

  products: {
    all: products,
    /** The whole catalogue: the home page, Manage Products. */
    list: () => [...products, 'list'] as const,
    /** One search's answer, keyed by its canonical query string. */
    search: (queryString: string) => [...products, 'search', queryString] as const,
    searches: () => [...products, 'search'] as const,
    detail: (productId: string) => [...products, 'detail', productId] as const,
    /** The product page's product, null when there is none (server-rendered, 404). */
    page: (productId: string) => [...products, 'page', productId] as const,
  },

  purchases: {
    all: purchases,
    lists: () => [...purchases, 'list'] as const,
    mine: (email: string) => [...purchases, 'list', 'mine', email] as const,
    everyone: () => [...purchases, 'list', 'all'] as const,
    detail: (orderId: string) => [...purchases, 'detail', orderId] as const,
    /** A checkout and its orders: under the orders' root, so a payment or a delete refreshes it. */
    checkout: (checkoutId: string) => [...purchases, 'checkout', checkoutId] as const,
  },

  /** The payment secret of an order: not under the orders' root, so their changes keep it. */
  paymentIntent: (orderId: string) => ['payment-intent', orderId] as const,

  reviews: {
    all: reviews,
    visibleTo: (viewer: string | undefined) => [...reviews, viewer ?? 'public'] as const,
    moderation: () => [...reviews, 'all'] as const,
  },

  /** After the sale (issue 25): the customer's per-order view; admins' returns and recalls. */
  aftersale: {
    mine: ['aftersale', 'mine'] as const,
    returns: () => [...admin, 'returns'] as const,
    recalls: () => [...admin, 'recalls'] as const,
  },

  admin: {
    overview: (days: number, timeZone: string) => [...admin, 'overview', days, timeZone] as const,
    failedMails: () => [...admin, 'failed-mails'] as const,
    vitals: (days: number) => [...admin, 'vitals', days] as const,
  },
};
