import { z } from 'zod';
import { IdSchema } from './ids.ts';

/** A product as the API shows it (spec section 3); price in dollars. */
export const ProductSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  price: z.number(),
  description: z.string(),
  img: z.string(),
  minQuantity: z.number().int(),
  availableQuantity: z.number().int(),
});
export type Product = z.infer<typeof ProductSchema>;

export const ProductListSchema = z.array(ProductSchema);

/** The path parameter is any string: a malformed id is a 404, like an unknown one. */
export const ProductParamsSchema = z.object({ productId: z.string() });
