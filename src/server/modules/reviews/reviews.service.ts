import { desc } from 'drizzle-orm';
import type { Review } from '../../../shared/review.ts';
import type { Db } from '../../db/client.ts';
import { review } from '../../db/schema.ts';

/** Every review, newest first. */
export async function listReviews(db: Db): Promise<Review[]> {
  const rows = await db
    .select({ id: review.id, name: review.name, rating: review.rating, body: review.body })
    .from(review)
    .orderBy(desc(review.createdAt), desc(review.id));
  return rows.map((r) => ({ _id: r.id, name: r.name, rating: r.rating, review: r.body }));
}
