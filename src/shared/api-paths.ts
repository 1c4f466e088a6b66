/** Every API path in one place (the spec's call table under /api). */
export const apiPaths = {
  health: '/api/health',
  config: '/api/config',
  products: '/api/products',
  product: (productId: string) => `/api/products/${encodeURIComponent(productId)}`,
  reviews: '/api/reviews',
  contact: '/api/contact',
  newsletter: '/api/newsletter',
} as const;
