import { desc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ModeratedReview, Review, ReviewBodySchema } from '../../../shared/review.ts';
import { IdSchema } from '../../../shared/ids.ts';
import type { Db } from '../../db/client.ts';
import { purchase, review, user } from '../../db/schema.ts';
import { NotFound, TooManyRequests } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';

/** A customer may post (or replace) their review at most once in this many seconds. */
export const REVIEW_INTERVAL_SECONDS = 10;
export const REVIEW_TOO_SOON_MESSAGE = 'Please wait a moment before posting again.';
export const REVIEW_NOT_FOUND_MESSAGE = 'Review not found';

/** The author has paid for an order that still stands (not cancelled or expired). */
// Written with explicit table names: drizzle leaves columns unqualified in single-table queries.
const verified = sql<boolean>`exists (
  select 1 from ${purchase} as paid_order where paid_order.user_id = ${review}.user_id
  and paid_order.paid and paid_order.status in ('pending', 'shipped'))`;

const columns = {
  id: review.id,
  name: review.name,
  rating: review.rating,
  body: review.body,
  verified,
};
type ReviewRow = { id: string; name: string; rating: number; body: string; verified: boolean };
const toReview = (r: ReviewRow): Review => ({
  _id: r.id,
  name: r.name,
  rating: r.rating,
  review: r.body,
  verified: r.verified,
});

const newestFirst = [desc(review.createdAt), desc(review.id)];

/**
 * The reviews the shop shows, newest first. Hidden ones are left out, except for their own author
 * (`viewerId`), who keeps seeing theirs as before.
 */
export async function listReviews(db: Db, viewerId?: string): Promise<Review[]> {
  const shown = viewerId
    ? or(eq(review.hidden, false), eq(review.userId, viewerId))
    : eq(review.hidden, false);
  const rows = await db
    .select(columns)
    .from(review)
    .where(shown)
    .orderBy(...newestFirst);
  return rows.map(toReview);
}

/** Every review with its author's e-mail and whether it is hidden (admins only). */
export async function listAllReviews(db: Db): Promise<ModeratedReview[]> {
  const rows = await db
    .select({
      ...columns,
      email: user.email,
      hidden: review.hidden,
      createdAt: review.createdAt,
    })
    .from(review)
    .leftJoin(user, eq(user.id, review.userId))
    .orderBy(...newestFirst);
  return rows.map((r) => ({
    ...toReview(r),
    email: r.email,
    hidden: r.hidden,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Hides a review from the shop or shows it again, with the audit record in the same transaction. */
export async function moderateReview(
  db: Db,
  admin: AuthUser,
  id: string,
  hidden: boolean,
): Promise<ModeratedReview> {
  if (!IdSchema.safeParse(id).success) throw new NotFound(REVIEW_NOT_FOUND_MESSAGE);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ hidden: review.hidden })
      .from(review)
      .where(eq(review.id, id))
      .for('update');
    if (!before) throw new NotFound(REVIEW_NOT_FOUND_MESSAGE);
    if (before.hidden === hidden) return;
    await tx
      .update(review)
      .set({ hidden, moderatedAt: sql`now()` })
      .where(eq(review.id, id));
    await recordAudit(tx, admin, {
      action: hidden ? 'review.hide' : 'review.show',
      targetType: 'review',
      targetId: id,
      before,
      after: { hidden },
    });
  });
  const moderated = (await listAllReviews(db)).find((r) => r._id === id);
  if (!moderated) throw new NotFound(REVIEW_NOT_FOUND_MESSAGE);
  return moderated;
}

/**
 * POST /api/reviews: the caller's one review, signed with their account name. Posting again
 * replaces it. One statement decides both rules, so parallel posts can neither leave two reviews
 * nor slip past the rate limit: a replacement within REVIEW_INTERVAL_SECONDS of the last write
 * writes nothing, and the caller is told to wait. A replacement keeps a moderator's decision.
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
