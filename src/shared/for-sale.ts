// Issue 39: whether a product is for sale, for the browser (no zod here: the home page's cards
// read it). The server's rule is the same, in SQL: src/server/modules/stock/for-sale.ts.

/** What a withdrawn product's pages and every refusal to sell it say. */
export const PRODUCT_WITHDRAWN_MESSAGE = 'Withdrawn from sale for a safety recall';

/** Whether the product can be ordered now: stock for its minimum order, and no recall withdrew it. */
export const isForSale = (product: {
  availableQuantity: number;
  minQuantity: number;
  withdrawn: boolean;
}): boolean => product.availableQuantity >= product.minQuantity && !product.withdrawn;
