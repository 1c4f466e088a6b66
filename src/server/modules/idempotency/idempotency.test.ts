import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_REUSED_MESSAGE } from '../../../shared/idempotency.ts';
import { checkout, idempotencyKey, purchase } from '../../db/schema.ts';
import { ServiceUnavailable } from '../../errors.ts';
import { signUp, type SignedIn } from '../../testing/accounts.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { createProduct, stockOf, userIdOf } from '../../testing/factories.ts';
import { storeBasket } from '../../testing/orders.ts';
import { placePurchase } from '../purchases/purchases.service.ts';
import { placeOnce, sweepIdempotencyKeys } from './idempotency.service.ts';
import { replayPurchase } from '../purchases/replay.ts';
import { testPricer } from '../../testing/pricing.ts';

const t = setUpAppWithAccounts();

const purchaseWith = (who: SignedIn, key: string | undefined, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: { ...who.headers, ...(key !== undefined && { 'idempotency-key': key }) },
    payload,
  });

const ordersOf = async (who: SignedIn) => {
  const userId = await userIdOf(t.database.db, who.email);
  const [row] = await t.database.db
    .select({ n: count() })
    .from(purchase)
    .where(eq(purchase.userId, userId));
  return row!.n;
};

describe('Idempotency-Key on POST /api/purchase', () => {
  it('answers a repeat with the same key and body with the first order, placing one', async () => {
    const buyer = await signUp(t.app);
    const drill = await createProduct(t.database.db, { name: 'Drill' });
    const payload = { productId: drill.id, orderQuantity: 2, address: '1 Key Street' };
    const first = await purchaseWith(buyer, 'submit-1', payload);
    expect(first.statusCode, first.body).toBe(201);
    const again = await purchaseWith(buyer, 'submit-1', payload);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()._id).toBe(first.json()._id);
    expect(again.json()).toMatchObject({ orderQuantity: 2, product: 'Drill' });
    expect(await ordersOf(buyer)).toBe(1);
    expect((await stockOf(t.database.db, drill.id))!.available).toBe(98);

    const another = await purchaseWith(buyer, 'submit-2', payload);
    expect(another.statusCode).toBe(201);
    expect(another.json()._id).not.toBe(first.json()._id);
    expect(await ordersOf(buyer)).toBe(2);
  });

  it('refuses the same key with another body with a 422, placing nothing', async () => {
    const buyer = await signUp(t.app);
    const drill = await createProduct(t.database.db);
    const payload = { productId: drill.id, orderQuantity: 1, address: '1 Key Street' };
    expect((await purchaseWith(buyer, 'k', payload)).statusCode).toBe(201);
    const res = await purchaseWith(buyer, 'k', { ...payload, orderQuantity: 3 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: IDEMPOTENCY_KEY_REUSED_MESSAGE });
    expect(await ordersOf(buyer)).toBe(1);
  });

  it('keeps keys per account and refuses a malformed key with a 400', async () => {
    const [ann, bob] = [await signUp(t.app), await signUp(t.app)];
    const drill = await createProduct(t.database.db);
    const payload = { productId: drill.id, orderQuantity: 1, address: '1 Key Street' };
    const a = await purchaseWith(ann, 'shared', payload);
    const b = await purchaseWith(bob, 'shared', payload);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()._id).not.toBe(b.json()._id);
    expect((await purchaseWith(ann, 'has space', payload)).statusCode).toBe(400);
    expect((await purchaseWith(ann, 'x'.repeat(256), payload)).statusCode).toBe(400);
  });

  it('places once when repeats with one key arrive at the same time', async () => {
    const buyer = await signUp(t.app);
    const drill = await createProduct(t.database.db);
    const payload = { productId: drill.id, orderQuantity: 1, address: '1 Key Street' };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => purchaseWith(buyer, 'burst', payload)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((res) => res.json()._id)).size).toBe(1);
    expect(await ordersOf(buyer)).toBe(1);
    expect((await stockOf(t.database.db, drill.id))!.available).toBe(99);
  });

  it('answers the order whose commit applied although its request ended in a 503', async () => {
    const buyer = await signUp(t.app);
    const drill = await createProduct(t.database.db);
    const db = t.database.db;
    const caller = { id: await userIdOf(db, buyer.email), name: 'B', email: buyer.email };
    const input = { productId: drill.id, orderQuantity: 1, address: '1 Key Street', phone: '' };
    const claim = { userId: caller.id, key: 'stalled', hash: 'h' };
    const options = { clientIp: '127.0.0.1', holdHours: 24, limits: t.config };
    const place = (idempotency: typeof claim | null) =>
      placePurchase(db, testPricer(t.database), { ...caller, role: 'user' } as never, input, {
        ...options,
        idempotency,
      });
    // The commit applies, then the connection stalls: the customer sees a 503.
    await expect(
      placeOnce(
        db,
        claim,
        async (c) => {
          await place(c);
          throw new ServiceUnavailable();
        },
        () => Promise.reject(new ServiceUnavailable()),
      ),
    ).rejects.toThrow(ServiceUnavailable);
    const retried = await placeOnce(db, claim, place, (id) => replayPurchase(db, id));
    expect(await ordersOf(buyer)).toBe(1);
    expect(retried.orderQuantity).toBe(1);
  });

  it('forgets keys after 24 hours: a reuse then places anew, and the sweep removes them', async () => {
    const buyer = await signUp(t.app);
    const drill = await createProduct(t.database.db);
    const payload = { productId: drill.id, orderQuantity: 1, address: '1 Key Street' };
    expect((await purchaseWith(buyer, 'old', payload)).statusCode).toBe(201);
    expect((await purchaseWith(buyer, 'older', payload)).statusCode).toBe(201);
    const userId = await userIdOf(t.database.db, buyer.email);
    await t.database.db
      .update(idempotencyKey)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKey.userId, userId));
    const reused = await purchaseWith(buyer, 'old', { ...payload, orderQuantity: 2 });
    expect(reused.statusCode, reused.body).toBe(201);
    expect(await ordersOf(buyer)).toBe(3);
    expect(await sweepIdempotencyKeys(t.database.db)).toBeGreaterThanOrEqual(1);
    const left = await t.database.db
      .select({ key: idempotencyKey.key })
      .from(idempotencyKey)
      .where(eq(idempotencyKey.userId, userId));
    expect(left).toEqual([{ key: 'old' }]);
  });
});

describe('Idempotency-Key on POST /api/checkout', () => {
  it('answers a repeat with the first checkout although the basket is empty now', async () => {
    const buyer = await signUp(t.app);
    const drill = await createProduct(t.database.db);
    const saw = await createProduct(t.database.db);
    await storeBasket(t, buyer, [
      [drill, 1],
      [saw, 2],
    ]);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: { ...buyer.headers, 'idempotency-key': 'basket-1' },
        payload: { address: '1 Key Street' },
      });
    const [first, second] = await Promise.all([send(), send()]);
    expect([first.statusCode, second.statusCode], second.body).toEqual([201, 201]);
    // The same checkout and orders (a replay lists them by id, not by basket position).
    const same = (body: { orders: { _id: string }[] }) => ({
      ...body,
      orders: [...body.orders].sort((a, b) => a._id.localeCompare(b._id)),
    });
    expect(same(second.json())).toEqual(same(first.json()));
    const third = await send();
    expect(same(third.json())).toEqual(same(first.json()));
    const userId = await userIdOf(t.database.db, buyer.email);
    const [checkouts] = await t.database.db
      .select({ n: count() })
      .from(checkout)
      .where(eq(checkout.userId, userId));
    expect(checkouts!.n).toBe(1);
  });
});
