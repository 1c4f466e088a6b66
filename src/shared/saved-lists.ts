import { z } from 'zod';
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
    }),
  ),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type SavedList = z.infer<typeof SavedListSchema>;
export const SavedListListSchema = z.object({ lists: z.array(SavedListSchema) });
