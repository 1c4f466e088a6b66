import { z } from 'zod';
import { IdSchema } from './ids.ts';

export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** A customer review as the API shows it (spec section 3). */
export const ReviewSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  rating: z.number().int().min(RATING_MIN).max(RATING_MAX),
  review: z.string(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewListSchema = z.array(ReviewSchema);
