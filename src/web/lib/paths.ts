/**
 * The app's pages, as links and redirects name them (app/router.tsx mounts the routes at these
 * paths). A parameterized page is a function, so its id is always encoded.
 */
export const paths = {
  home: '/',
  /** The same page under the spec's own path (Register lands there). */
  specHome: '/home',
  allProducts: '/allProducts',
  blogs: '/blogs',
  about: '/about',
  portfolio: '/portfolio',
  contact: '/contact',
  terms: '/terms',
  privacy: '/privacy',
  login: '/login',
  register: '/register',
  reset: '/reset',
  basket: '/basket',
  /** Signed in only: a visitor's Checkout goes through /login and comes back here. */
  checkout: '/checkout',
  purchase: (productId: string) => `/purchase/${encodeURIComponent(productId)}`,
  dashboard: {
    profile: '/dashboard',
    myOrders: '/dashboard/myOrders',
    addReview: '/dashboard/addReview',
    payment: (orderId: string) => `/dashboard/payment/${encodeURIComponent(orderId)}`,
    overview: '/dashboard/overview',
    manageAllOrders: '/dashboard/manageAllOrders',
    addProduct: '/dashboard/addProduct',
    makeAdmin: '/dashboard/makeAdmin',
    manageProducts: '/dashboard/manageProducts',
    editProduct: (productId: string) =>
      `/dashboard/manageProducts/${encodeURIComponent(productId)}/edit`,
    manageReviews: '/dashboard/manageReviews',
    siteSpeed: '/dashboard/siteSpeed',
  },
} as const;
