import { z } from 'zod';
import { BasketSchema } from './basket.ts';
import { singleLineText } from './text.ts';

// A company's saved lists (issue 37): named lines ("Van restock") any member puts into their basket
// in one click.

export const listPaths = {
  lists: '/api/lists',
  list: (id: string) => `/api/lists/${encodeURIComponent(id)}`,
  /** Put every line of the list into the caller's basket. */
  toBasket: (id: string) => `/api/lists/${encodeURIComponent(id)}/basket`,
} as const;

export const LIST_NOT_FOUND_MESSAGE = 'List not found';
export const LISTS_MAX = 100;
export const LIST_LINES_MAX = 200;
/** 403 of creating a list for an account that belongs to no company. */
export const LISTS_FOR_COMPANIES_MESSAGE = 'Saved lists are for company accounts';
export const LIST_NAME_TAKEN_MESSAGE = 'Your company has a list with this name already';
export const LISTS_TOO_MANY_MESSAGE = `A company keeps at most ${LISTS_MAX} lists`;
export const LIST_SKU_TWICE_MESSAGE = 'This SKU is in the list already';
export const listUnknownSkuMessage = (sku: string) => `No product has the SKU ${sku}`;
export const LIST_SAVED_MESSAGE = 'List saved';
export const LIST_DELETED_MESSAGE = 'List deleted';
export const LIST_ADDED_TO_BASKET_MESSAGE = 'List added to your basket';

export const ListParamsSchema = z.object({
  id: singleLineText('List id', { keepSpaces: true }).max(100),
});

export const ListBodySchema = z.object({
  name: singleLineText('List name', { required: 'List name is required' }).max(
    80,
    'List name must be at most 80 characters',
  ),
  lines: z
    .array(
      z.object({
        sku: singleLineText('SKU', { required: 'SKU is required' }).max(64),
        quantity: z
          .number({ error: 'Quantity must be a number' })
          .int('Quantity must be a whole number')
          .positive('Quantity must be at least 1')
          .max(100_000),
      }),
    )
    .max(LIST_LINES_MAX, `A list holds at most ${LIST_LINES_MAX} lines`)
    .default([]),
});

export const SavedListSchema = z.object({
  id: z.string(),
  name: z.string(),
  lines: z.array(
    z.object({
      sku: z.string(),
      variantId: z.string(),
      productId: z.string(),
      productName: z.string(),
      label: z.string(),
      quantity: z.number().int(),
      /**
       * Why "put in basket" skips it today: its variant was deleted (PRODUCT_GONE_MESSAGE; ids '',
       * name and SKU as the deletion left them) or withdrawn (PRODUCT_WITHDRAWN_MESSAGE); else null.
       */
      problem: z.string().nullable(),
    }),
  ),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type SavedList = z.infer<typeof SavedListSchema>;
export type ListBody = z.input<typeof ListBodySchema>;
export const SavedListListSchema = z.object({
  lists: z.array(SavedListSchema),
  /** The caller's company (lists are its), or null: the caller may not keep lists. */
  company: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type SavedListList = z.infer<typeof SavedListListSchema>;

/** 200 of POST /api/lists/{id}/basket: the caller's basket (as GET /api/basket) and what was left out. */
export const ListToBasketSchema = BasketSchema.extend({
  /** The list's lines not put in the basket (deleted or withdrawn variants), with why. */
  skipped: z.array(z.object({ sku: z.string(), name: z.string(), reason: z.string() })),
});
export type ListToBasket = z.infer<typeof ListToBasketSchema>;
