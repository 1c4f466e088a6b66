/** Every API path in one place (the spec's call table under /api). */
export const apiPaths = {
  health: '/api/health',
  config: '/api/config',
  products: '/api/products',
  /** `query`: the canonical search parameters (toSearchParams in product-search.ts). */
  productSearch: (query: URLSearchParams) => {
    const text = query.toString();
    return text === '' ? '/api/products/search' : `/api/products/search?${text}`;
  },
  product: (productId: string) => `/api/products/${encodeURIComponent(productId)}`,
  // Issue 24: categories, back-in-stock alerts, "Goes well with", "Works with your … batteries"
  categories: '/api/categories',
  category: (id: string) => `/api/categories/${encodeURIComponent(id)}`,
  productNotify: (id: string) => `/api/products/${encodeURIComponent(id)}/notify`,
  productRelated: (id: string) => `/api/products/${encodeURIComponent(id)}/related`,
  myPlatforms: '/api/my/platforms',
  reviews: '/api/reviews',
  allReviews: '/api/reviews/all',
  review: (id: string) => `/api/reviews/${encodeURIComponent(id)}`,
  vitals: '/api/vitals',
  adminVitals: (days: number) => `/api/admin/vitals?days=${days}`,
  adminOverview: (days: number, tz: string) =>
    `/api/admin/overview?${new URLSearchParams({ days: String(days), tz }).toString()}`,
  ordersCsv: (filters: Record<string, string>) => {
    const query = new URLSearchParams(filters).toString();
    return `/api/purchase1.csv${query ? `?${query}` : ''}`;
  },
  productsCsv: '/api/products.csv',
  productImport: (step: 'preview' | 'apply') => `/api/product-import/${step}`,
  webhooks: '/api/admin/webhooks',
  webhook: (id: string) => `/api/admin/webhooks/${encodeURIComponent(id)}`,
  webhookDeliveries: (id: string) => `/api/admin/webhooks/${encodeURIComponent(id)}/deliveries`,
  contact: '/api/contact',
  newsletter: '/api/newsletter',
  purchases: '/api/purchase',
  myPurchases: (email: string) => `/api/purchase?customerEmail=${encodeURIComponent(email)}`,
  purchase: (id: string) => `/api/purchase/${encodeURIComponent(id)}`,
  allPurchases: '/api/purchase1',
  receipt: (id: string) => `/api/purchase/${encodeURIComponent(id)}/receipt`,
  shipments: '/api/shipments',
  failedMails: '/api/admin/failed-mails',
  images: '/api/images',
  basket: '/api/basket',
  basketMerge: '/api/basket/merge',
  quickOrder: '/api/quick-order',
  checkout: '/api/checkout',
  checkoutById: (id: string) => `/api/checkouts/${encodeURIComponent(id)}`,
  addresses: '/api/addresses',
  address: (id: string) => `/api/addresses/${encodeURIComponent(id)}`,
  createPaymentIntent: '/api/create-payment-intent',
  testProcessorConfirm: '/api/test-processor/confirm',
  // Our own account calls (spec section 7)
  accessToken: (email: string) => `/api/user/${encodeURIComponent(email)}`,
  adminCheck: (email: string) => `/api/admin/${encodeURIComponent(email)}`,
  users: '/api/user',
  makeAdmin: (email: string) => `/api/user/admin/${encodeURIComponent(email)}`,
  myPermissions: '/api/me/permissions',
  setRole: (email: string) => `/api/user/role/${encodeURIComponent(email)}`,
  audit: (query: URLSearchParams) => `/api/audit?${query.toString()}`,
  auditCsv: (query: URLSearchParams) => `/api/audit.csv?${query.toString()}`,
  profile: (email: string) => `/api/userProfile?email=${encodeURIComponent(email)}`,
  saveProfile: (email: string) => `/api/userProfile/${encodeURIComponent(email)}`,
  // Identity (better-auth, mounted at /api/auth)
  auth: {
    signUp: '/api/auth/sign-up/email',
    signIn: '/api/auth/sign-in/email',
    signInSocial: '/api/auth/sign-in/social',
    signOut: '/api/auth/sign-out',
    session: '/api/auth/get-session',
    requestPasswordReset: '/api/auth/request-password-reset',
    resetPassword: '/api/auth/reset-password',
    twoFactorEnable: '/api/auth/two-factor/enable',
    twoFactorDisable: '/api/auth/two-factor/disable',
    twoFactorVerifyTotp: '/api/auth/two-factor/verify-totp',
    twoFactorVerifyBackupCode: '/api/auth/two-factor/verify-backup-code',
  },
} as const;
