import { queryKeyRoots } from '../../../lib/query-keys.ts';

/**
 * The admin screens' product queries, under the root every product answer shares (the
 * catalogue's lists, the purchase page's product): a change invalidates the root and all refresh.
 */
export const productKeys = {
  all: queryKeyRoots.products,
  manageList: () => [...queryKeyRoots.products, 'manage'] as const,
  /** The same key as the purchase page's product: one cached answer per product. */
  detail: (productId: string) => [...queryKeyRoots.products, 'detail', productId] as const,
};
