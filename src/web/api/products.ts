import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../shared/api-paths.ts';
import {
  ProductDetailSchema,
  ProductListSchema,
  type Product,
  type ProductDetail,
} from '../../shared/product.ts';
import { VariantSchema } from '../../shared/variant.ts';
import { apiClient, isApiError } from '../lib/api-client.ts';
import { SAME_FOR_EVERYONE } from '../lib/query-client.ts';
import { queryKeys } from '../lib/query-keys.ts';

// The catalogue as the screens that need all of it or one product read it (Purchase, Manage
// Products, Edit Product): one module, so one cached answer per list and per product. Features never import
// each other, so it lives outside them.

/** GET /api/products: the whole catalogue. */
export function getProducts(options: { signal?: AbortSignal } = {}): Promise<Product[]> {
  return apiClient.get(apiPaths.products, ProductListSchema, options);
}

/**
 * The whole catalogue (the admin's product list). It changes rarely: fetched once when the list
 * opens, then kept for a few minutes; an admin's own changes invalidate it at once.
 */
export const productsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.products.list(),
    meta: SAME_FOR_EVERYONE,
    queryFn: ({ signal }) => getProducts({ signal }),
    staleTime: 5 * 60_000,
  });

export function useProducts() {
  return useQuery(productsQueryOptions());
}

/**
 * A product answer as the web app reads it: one without `variants` (the spec's product alone) is
 * read as a product that is its own one variant (no picker, its fields as they are).
 */
const ProductAnswerSchema = ProductDetailSchema.extend({
  variants: VariantSchema.array().default([]),
});

/**
 * GET /api/products/{id}: one product with its current version and its variants (issue 34, the
 * default first); 404 when there is none.
 */
export function getProduct(
  productId: string,
  options: { signal?: AbortSignal } = {},
): Promise<ProductDetail> {
  return apiClient.get(apiPaths.product(productId), ProductAnswerSchema, options);
}

export const productQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: queryKeys.products.detail(productId),
    meta: SAME_FOR_EVERYONE,
    queryFn: ({ signal }) => getProduct(productId, { signal }),
    // The stock changes with every sale, and the edit form starts from the current version:
    // asked again each time a page opens.
    staleTime: 0,
  });

export function useProduct(productId: string) {
  return useQuery(productQueryOptions(productId));
}

/**
 * The product page's product (/purchase/:productId): GET /api/products/{id}, with null for an
 * unknown or malformed id, so the server can render, embed and cache the not-found answer too
 * (status 404) and the browser hydrates the same. The page's HTML is rendered per products
 * version, so the embedded answer is as fresh as the page; after that it is asked again like any
 * product answer (every sale and edit invalidates the products root).
 */
export const productPageQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: queryKeys.products.page(productId),
    meta: SAME_FOR_EVERYONE,
    queryFn: async ({ signal }): Promise<ProductDetail | null> => {
      try {
        return await getProduct(productId, { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 30_000,
  });

export function useProductPage(productId: string, enabled = true) {
  return useQuery({ ...productPageQueryOptions(productId), enabled });
}
