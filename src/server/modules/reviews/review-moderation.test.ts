import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ModeratedReviewListSchema,
  ReviewListSchema,
  type ModeratedReview,
} from '../../../shared/review.ts';
import { auditLog, purchase } from '../../db/schema.ts';
import { expectAdminsOnly } from '../../testing/access.ts';
import { signUp, signUpAdmin, type SignedIn } from '../../testing/accounts.ts';
import { createCheckout, createProduct, userIdOf } from '../../testing/factories.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let admin: SignedIn;
let spammer: SignedIn;
let buyer: SignedIn;
let spamId: string;

const post = (who: SignedIn, review: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reviews',
    headers: who.headers,
    payload: { rating: 5, review },
  });
const publicReviews = async (who?: SignedIn) =>
  ReviewListSchema.parse(
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/reviews',
        ...(who && { headers: who.headers }),
      })
    ).json(),
  );
const moderate = (id: string, hidden: unknown, who: SignedIn = admin) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/reviews/${id}`,
    headers: who.headers,
    payload: { hidden },
  });

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUpAdmin(t);
  spammer = await signUp(t.app, { name: 'Spam Bot' });
  buyer = await signUp(t.app, { name: 'Paying Customer' });
  spamId = ((await post(spammer, 'Cheap watches at example.com')).json() as { _id: string })._id;
  const item = await createProduct(t.database.db);
  const buyerId = await userIdOf(t.database.db, buyer.email);
  await t.database.db.insert(purchase).values({
    checkoutId: await createCheckout(t.database.db, buyerId),
    userId: buyerId,
    productId: item.id,
    productName: item.name,
    unitPriceCents: item.priceCents,
    quantity: 1,
    totalCents: item.priceCents,
    customerName: buyer.name,
    customerEmail: buyer.email,
    paid: true,
  });
  await post(buyer, 'Bought it, love it.');
});
afterAll(() => t.close());

describe('verified purchase', () => {
  it('marks reviews whose author has a paid order', async () => {
    const reviews = await publicReviews();
    expect(reviews.find((r) => r.name === 'Paying Customer')?.verified).toBe(true);
    expect(reviews.find((r) => r.name === 'Spam Bot')?.verified).toBe(false);
  });
});

describe('GET /api/reviews/all and PATCH /api/reviews/{id}', () => {
  it('are for admins only', async () => {
    await expectAdminsOnly(t.app, { url: '/api/reviews/all' }, spammer);
    expect((await moderate(spamId, true, spammer)).statusCode).toBe(403);
    expect((await publicReviews()).some((r) => r._id === spamId)).toBe(true);
  });

  it('hides a review from the shop at once, keeps it for its author, and records who did it', async () => {
    const res = await moderate(spamId, true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: spamId, hidden: true, email: spammer.email });

    expect((await publicReviews()).some((r) => r._id === spamId)).toBe(false);
    expect((await publicReviews(buyer)).some((r) => r._id === spamId)).toBe(false);
    expect((await publicReviews(spammer)).some((r) => r._id === spamId)).toBe(true);

    const all = ModeratedReviewListSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/reviews/all', headers: admin.headers })
      ).json(),
    );
    expect(all.find((r: ModeratedReview) => r._id === spamId)?.hidden).toBe(true);

    const audit = await t.database.db
      .select({ action: auditLog.action, actor: auditLog.actorEmail, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'review'), eq(auditLog.targetId, spamId)));
    expect(audit).toEqual([{ action: 'review.hide', actor: admin.email, after: { hidden: true } }]);
  });

  it('keeps the decision when the author posts again, and shows the review again on request', async () => {
    await t.database.db.execute(
      `UPDATE review SET updated_at = now() - interval '1 minute' WHERE id = '${spamId}'`,
    );
    expect((await post(spammer, 'Even cheaper watches')).statusCode).toBe(201);
    expect((await publicReviews()).some((r) => r._id === spamId)).toBe(false);

    expect((await moderate(spamId, false)).json()).toMatchObject({ hidden: false });
    expect((await publicReviews()).some((r) => r._id === spamId)).toBe(true);
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, spamId));
    expect(actions.map((a) => a.action)).toEqual(['review.hide', 'review.show']);
  });

  it('refuses bad input and unknown reviews', async () => {
    expect((await moderate(spamId, 'yes')).statusCode).toBe(400);
    expect((await moderate('not-an-id', true)).statusCode).toBe(404);
    expect((await moderate('8d7f0a52-3b55-4d58-9d8c-8f3d1f0b2a11', true)).statusCode).toBe(404);
  });
});
