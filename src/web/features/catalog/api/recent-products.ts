import { useQuery } from '@tanstack/react-query';
import { HOME_PRODUCT_COUNT } from '../../../../shared/constants.ts';
import type { ProductSearch, ProductSearchResult } from '../../../../shared/product-search.ts';
import { productSearchQueryOptions } from './search-products.ts';

/**
 * The home page's 'Our Products': the first page of the catalogue, newest first, as many as the
 * home shows. One small search rather than the whole catalogue, so the home page (and the data
 * it embeds when the server renders it) stays small however many products there are.
 */
export const RECENT_PRODUCTS_SEARCH: ProductSearch = {
  q: '',
  sort: 'newest',
  inStock: false,
  page: 1,
  pageSize: HOME_PRODUCT_COUNT,
};

export const recentProductsQueryOptions = () => productSearchQueryOptions(RECENT_PRODUCTS_SEARCH);

const itemsOf = (result: ProductSearchResult) => result.items;

/** The newest products, newest first. */
export function useRecentProducts() {
  return useQuery({ ...recentProductsQueryOptions(), select: itemsOf });
}
