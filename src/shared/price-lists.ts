import { z } from 'zod';
import { singleLineText } from './text.ts';

// Contract price lists (issue 37, docs/decisions/059): staff assign one to a company; its members
// see and pay its prices. A list holds fixed prices per variant (SKU) and percents off per
// category. A line's unit price: a fixed price of its variant, else its category's percent off,
// applied to the price break of its quantity; never above that break price. Promotions apply after.

export const priceListPaths = {
  priceLists: '/api/price-lists',
  priceList: (id: string) => `/api/price-lists/${encodeURIComponent(id)}`,
  /** A member's contract prices for some products (after hydration; never in cached HTML). */
  myPrices: '/api/contract-prices',
} as const;

export const PRICE_LIST_NOT_FOUND_MESSAGE = 'Price list not found';
export const PRICE_LIST_ENTRIES_MAX = 5000;

export const PriceListParamsSchema = z.object({
  id: singleLineText('Price list id', { keepSpaces: true }).max(100),
});

export const PriceListBodySchema = z.object({
  name: singleLineText('Name', { required: 'Name is required' }).max(
    100,
    'Name must be at most 100 characters',
  ),
  /** Fixed prices by SKU, in dollars. */
  prices: z
    .array(
      z.object({
        sku: singleLineText('SKU', { required: 'SKU is required' }).max(64),
        price: z
          .number({ error: 'Price must be a number' })
          .positive('Price must be more than 0')
          .max(21_000_000),
      }),
    )
    .max(PRICE_LIST_ENTRIES_MAX)
    .default([]),
  /** Percent off per category (0 < percent < 100, two decimals at most). */
  discounts: z
    .array(
      z.object({
        categoryId: z.uuid('Category not found'),
        percent: z
          .number({ error: 'Percent must be a number' })
          .gt(0, 'Percent must be more than 0')
          .lt(100, 'Percent must be less than 100'),
      }),
    )
    .max(PRICE_LIST_ENTRIES_MAX)
    .default([]),
});

export const PriceListSchema = z.object({
  id: z.string(),
  name: z.string(),
  prices: z.array(
    z.object({
      sku: z.string(),
      variantId: z.string(),
      productName: z.string(),
      price: z.number(),
    }),
  ),
  discounts: z.array(
    z.object({ categoryId: z.string(), categoryName: z.string(), percent: z.number() }),
  ),
  /** The companies it is assigned to. */
  companies: z.array(z.object({ id: z.string(), name: z.string() })),
  updatedAt: z.string(),
});
export type PriceList = z.infer<typeof PriceListSchema>;
export const PriceListListSchema = z.object({ priceLists: z.array(PriceListSchema) });

/** GET /api/contract-prices?productIds=a,b: the caller's contract unit prices per variant. */
export const MyPricesQuerySchema = z.object({
  productIds: singleLineText('Product ids').max(4000),
});
export const MyPricesSchema = z.object({
  /** Null when the caller has no price list. */
  priceListName: z.string().nullable(),
  /** Per variant id: the contract price in dollars of one unit at quantity 1 (breaks still apply). */
  prices: z.record(z.string(), z.number()),
  /** Per product id: its default variant's price of `prices` (what a product card shows). */
  products: z.record(z.string(), z.number()),
});

// Issue 37, the staff API's and the contract prices' own messages and limits.
export const PRICE_LIST_NAME_TAKEN_MESSAGE = 'A price list with this name already exists';
export const unknownSkuMessage = (sku: string) => `Unknown SKU: ${sku}`;
export const unknownCategoryMessage = (id: string) => `Unknown category: ${id}`;
export const skuTwiceMessage = (sku: string) => `SKU listed twice: ${sku}`;
export const CATEGORY_TWICE_MESSAGE = 'Category listed twice';
export const PRICE_TOO_SMALL_MESSAGE = 'Price must be at least $0.01';
export const PERCENT_DECIMALS_MESSAGE = 'Percent must have at most two decimals';
/** At most this many products per GET /api/contract-prices. */
export const CONTRACT_PRICES_PRODUCTS_MAX = 100;
export const TOO_MANY_PRODUCTS_MESSAGE = `Ask for at most ${CONTRACT_PRICES_PRODUCTS_MAX} products at once`;
export type MyPrices = z.infer<typeof MyPricesSchema>;
export type PriceListBody = z.input<typeof PriceListBodySchema>;
