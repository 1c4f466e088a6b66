import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { numberOrNumericText } from './numbers.ts';
import { multiLineText, singleLineText } from './text.ts';

export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** A customer review as the API shows it (spec section 3). */
export const ReviewSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  rating: z.number().int().min(RATING_MIN).max(RATING_MAX),
  review: z.string(),
  /** The author has a paid order with the shop. */
  verified: z.boolean(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewListSchema = z.array(ReviewSchema);

export const REVIEW_TEXT_MAX = 1000;
export const REVIEW_POSTED_MESSAGE = 'Review Posted!';

/**
 * POST /api/reviews. The author comes from the session. Rating is a whole number of stars; the
 * spec's client sends it as text, so "5" is read as 5.
 */
export const ReviewBodySchema = z.object({
  rating: numberOrNumericText('Rating is required').pipe(
    z
      .number()
      .int('Rating must be a whole number of stars')
      .min(RATING_MIN, `Rating must be between ${RATING_MIN} and ${RATING_MAX}`)
      .max(RATING_MAX, `Rating must be between ${RATING_MIN} and ${RATING_MAX}`),
  ),
  review: multiLineText('Review', { required: 'Review is required' }).max(
    REVIEW_TEXT_MAX,
    `Review must be at most ${REVIEW_TEXT_MAX} characters`,
  ),
});
export type ReviewBody = z.input<typeof ReviewBodySchema>;

/** A review as the moderation screen shows it (admins only). */
export const ModeratedReviewSchema = ReviewSchema.extend({
  email: z.string().nullable(),
  hidden: z.boolean(),
  createdAt: z.string(),
});
export type ModeratedReview = z.infer<typeof ModeratedReviewSchema>;
export const ModeratedReviewListSchema = z.array(ModeratedReviewSchema);

/** PATCH /api/reviews/{id}: hide a review from the shop, or show it again. */
export const ReviewModerationBodySchema = z.object({ hidden: z.boolean() }).strict();
export const ReviewParamsSchema = z.object({ id: singleLineText('Id', { keepSpaces: true }) });

export const REVIEW_HIDDEN_MESSAGE = 'Review hidden';
export const REVIEW_SHOWN_MESSAGE = 'Review shown';
