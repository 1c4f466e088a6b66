import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReviewListSchema, ReviewSchema, type Review } from '../../../shared/review.ts';
import { review } from '../../db/schema.ts';
import { signUp, type SignedIn } from '../../testing/accounts.ts';
import { userIdOf } from '../../testing/factories.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let customer: SignedIn;
beforeAll(async () => {
  t = await buildTestApp();
  customer = await signUp(t.app, { name: 'Rhea Reviewer' });
});
afterAll(() => t.close());

const post = (who: SignedIn | undefined, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reviews',
    ...(who && { headers: who.headers }),
    payload,
  });

async function reviewsBy(who: SignedIn) {
  const userId = await userIdOf(t.database.db, who.email);
  return t.database.db
    .select({ id: review.id, rating: review.rating, body: review.body })
    .from(review)
    .where(eq(review.userId, userId));
}

/** Moves the author's last write back past the rate limit, as if they had waited. */
async function letTimePass(who: SignedIn) {
  const userId = await userIdOf(t.database.db, who.email);
  await t.database.db
    .update(review)
    .set({ updatedAt: sql`now() - interval '11 seconds'` })
    .where(eq(review.userId, userId));
}

describe('GET /api/reviews', () => {
  it('is public and lists the reviews newest first', async () => {
    const author = await signUp(t.app, { name: 'Newest Author' });
    await post(author, { rating: 5, review: 'Newest review' });
    const res = await t.app.inject('/api/reviews');
    expect(res.statusCode).toBe(200);
    const reviews = ReviewListSchema.parse(res.json());
    expect(reviews.length).toBeGreaterThan(1);
    expect(reviews[0]).toMatchObject({ name: 'Newest Author', review: 'Newest review' });
  });
});

describe('POST /api/reviews', () => {
  it('posts a review signed with the account name, whatever name the body gives', async () => {
    const res = await post(customer, {
      name: 'Impostor',
      rating: '5',
      review: '  Great drill.  ',
      userId: 'someone-else',
    });
    expect(res.statusCode).toBe(201);
    const posted = ReviewSchema.parse(res.json());
    expect(posted).toEqual({
      _id: expect.any(String),
      name: 'Rhea Reviewer',
      rating: 5,
      review: 'Great drill.',
      verified: false,
    });
    expect(Object.keys(res.json()).sort()).toEqual(['_id', 'name', 'rating', 'review', 'verified']);
    const listed = (await t.app.inject('/api/reviews')).json() as Review[];
    expect(listed).toContainEqual(posted);
    expect(listed.some((r) => r.name === 'Impostor')).toBe(false);
  });

  it('needs a signed-in customer', async () => {
    const res = await post(undefined, { name: 'Anonymous', rating: 5, review: 'Spam' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
    const listed = (await t.app.inject('/api/reviews')).json() as Review[];
    expect(listed.some((r) => r.review === 'Spam')).toBe(false);
  });

  it.each([
    ['text', 'abc'],
    ['above 5', 6],
    ['zero', 0],
    ['negative', -1],
    ['fractional', 2.5],
    ['fractional text', '2.5'],
    ['empty', ''],
    ['missing', undefined],
    ['null', null],
    ['a boolean', true],
  ])('refuses a rating that is %s', async (_label, rating) => {
    const author = await signUp(t.app);
    const res = await post(author, { rating, review: 'Fine' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { rating: expect.any(String) },
    });
    expect(await reviewsBy(author)).toEqual([]);
  });

  it.each([
    ['missing', undefined, 'Review is required'],
    ['empty', '', 'Review is required'],
    ['blank', '   ', 'Review is required'],
    ['too long', 'x'.repeat(1001), 'Review must be at most 1000 characters'],
    ['not text', 42, 'Review is required'],
  ])('refuses review text that is %s', async (_label, text, message) => {
    const res = await post(customer, { rating: 4, review: text });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ review: message });
  });

  it('accepts 1 to 5 stars and 1000 characters of text', async () => {
    for (const rating of [1, 5]) {
      const author = await signUp(t.app);
      const res = await post(author, { rating, review: 'x'.repeat(1000) });
      expect(res.statusCode).toBe(201);
      expect(res.json().rating).toBe(rating);
    }
  });

  it('keeps one review per customer: posting again replaces it', async () => {
    const author = await signUp(t.app, { name: 'Twice Poster' });
    const first = await post(author, { rating: 2, review: 'Meh at first' });
    expect(first.statusCode).toBe(201);
    await letTimePass(author);
    const second = await post(author, { rating: 5, review: 'Grew on me' });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual({
      _id: first.json()._id,
      name: 'Twice Poster',
      rating: 5,
      review: 'Grew on me',
      verified: false,
    });
    expect(await reviewsBy(author)).toEqual([
      { id: first.json()._id, rating: 5, body: 'Grew on me' },
    ]);
    const [row] = await t.database.db
      .select({ fresh: sql<boolean>`${review.updatedAt} > now() - interval '5 seconds'` })
      .from(review)
      .where(eq(review.id, first.json()._id));
    expect(row?.fresh).toBe(true);
  });

  it('lets a customer post at most once every 10 seconds', async () => {
    const author = await signUp(t.app);
    expect((await post(author, { rating: 3, review: 'First' })).statusCode).toBe(201);
    const tooSoon = await post(author, { rating: 1, review: 'Second' });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Please wait a moment before posting again.',
      requestId: expect.any(String),
    });
    expect(await reviewsBy(author)).toMatchObject([{ rating: 3, body: 'First' }]);
    await letTimePass(author);
    expect((await post(author, { rating: 1, review: 'Second' })).statusCode).toBe(201);
  });

  it('leaves one review when the same customer posts in parallel', async () => {
    const author = await signUp(t.app);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(author, { rating: 4, review: `Post ${i}` })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, ...Array<number>(9).fill(429)]);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(review)
      .where(eq(review.userId, await userIdOf(t.database.db, author.email)));
    expect(row?.n).toBe(1);
  });
});
