import { desc, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Review, ReviewBodySchema } from '../../../shared/review.ts';
import type { Db } from '../../db/client.ts';
import { review } from '../../db/schema.ts';
import { TooManyRequests } from '../../errors.ts';
import type { AuthUser } from '../../plugins/authentication.ts';

/** A customer may post (or replace) their review at most once in this many seconds. */
export const REVIEW_INTERVAL_SECONDS = 10;
export const REVIEW_TOO_SOON_MESSAGE = 'Please wait a moment before posting again.';

const columns = { id: review.id, name: review.name, rating: review.rating, body: review.body };
const toReview = (r: { id: string; name: string; rating: number; body: string }): Review => ({
  _id: r.id,
  name: r.name,
  rating: r.rating,
  review: r.body,
});

/** Every review, newest first. */
export async function listReviews(db: Db): Promise<Review[]> {
  const rows = await db
    .select(columns)
    .from(review)
    .orderBy(desc(review.createdAt), desc(review.id));
  return rows.map(toReview);
}

/**
 * POST /api/reviews: the caller's one review, signed with their account name. Posting again
 * replaces it. One statement decides both rules, so parallel posts can neither leave two reviews
 * nor slip past the rate limit: a replacement within REVIEW_INTERVAL_SECONDS of the last write
 * writes nothing, and the caller is told to wait.
 */
export async function postReview(
  db: Db,
  author: Pick<AuthUser, 'id' | 'name'>,
  input: z.output<typeof ReviewBodySchema>,
): Promise<Review> {
  const content = { name: author.name, rating: input.rating, body: input.review };
  const [row] = await db
    .insert(review)
    .values({ userId: author.id, ...content })
    .onConflictDoUpdate({
      target: review.userId,
      set: { ...content, updatedAt: sql`now()` },
      setWhere: sql`${review.updatedAt} < now() - make_interval(secs => ${REVIEW_INTERVAL_SECONDS})`,
    })
    .returning(columns);
  if (!row) throw new TooManyRequests(REVIEW_TOO_SOON_MESSAGE);
  return toReview(row);
}
