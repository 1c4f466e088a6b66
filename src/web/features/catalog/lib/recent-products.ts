import { HOME_PRODUCT_COUNT } from '../../../../shared/constants.ts';
import type { Product } from '../../../../shared/product.ts';

/** The API lists products oldest first; the home page shows the newest ones. */
export function selectRecentProducts(products: readonly Product[]): Product[] {
  return [...products].reverse().slice(0, HOME_PRODUCT_COUNT);
}
