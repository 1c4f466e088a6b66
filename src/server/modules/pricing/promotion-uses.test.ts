import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CheckoutQuoteSchema, PRICES_CHANGED_MESSAGE } from '../../../shared/pricing.ts';
import { CODE_FIRST_ORDER_MESSAGE, CODE_USED_UP_MESSAGE } from '../../../shared/promotions.ts';
import { checkout, promotion, promotionCode, promotionUse, purchase } from '../../db/schema.ts';
import { signUp, type SignedIn } from '../../testing/accounts.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { createProduct, stockOf } from '../../testing/factories.ts';
import { storeBasket, tryCheckOut } from '../../testing/orders.ts';

// Promotions through the pricing step and the order statement (issue 36, ADR 055): what is placed
// carries the quote's discounts, each applied promotion's use is claimed exactly once per checkout,
// a limit holds under parallel checkouts, and cancelling an unpaid checkout releases its uses.

const t = setUpAppWithAccounts();
const db = () => t.database.db;
const ADDRESS = { address: '1 Promotion Street' };

const quote = async (who: SignedIn, payload: object) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/checkout/quote',
    headers: who.headers,
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return CheckoutQuoteSchema.parse(res.json());
};

async function codePromotion(code: string, values: Partial<typeof promotion.$inferInsert> = {}) {
  const [made] = await db()
    .insert(promotion)
    .values({
      name: `Code ${code}`,
      kind: 'percent_off',
      percentPpm: 100_000,
      codeMode: 'code',
      ...values,
    })
    .returning();
  await db().insert(promotionCode).values({ promotionId: made!.id, code });
  return made!;
}

const usesOf = (promotionId: string) =>
  db()
    .select({ checkoutId: promotionUse.checkoutId, discount: promotionUse.discountCents })
    .from(promotionUse)
    .where(and(eq(promotionUse.promotionId, promotionId), isNull(promotionUse.releasedAt)));

describe('promotions placed by the order statement', () => {
  it('places the quote’s discounts: each line’s share, the checkout’s, the use, the amount due', async () => {
    const buyer = await signUp(t.app);
    const saw = await createProduct(db(), { name: 'Promo Saw', priceCents: 10_000 });
    const blade = await createProduct(db(), { name: 'Promo Blade', priceCents: 2_999 });
    const tenOff = await codePromotion('TENOFF-A1');
    // $5 off every order, automatic, applied after the code (lower priority).
    const [fiver] = await db()
      .insert(promotion)
      .values({ name: 'Five off', kind: 'amount_off', amountCents: 500, priority: -1 })
      .returning();
    try {
      await storeBasket(t, buyer, [
        [saw, 1],
        [blade, 3],
      ]);
      const answer = await quote(buyer, { ...ADDRESS, codes: ['tenoff-a1'] });
      // 10% of 10000 + 8997 = 1899.7 → 1900, split 10000 : 8997 → 1000.05… : 899.94… → 1000, 900;
      // then $5 of 9000 + 8097 → 263.2… : 236.7… → 263, 237.
      expect(answer.promotions.map((p) => [p.name, p.code, p.discount])).toEqual([
        ['Code TENOFF-A1', 'TENOFF-A1', 19],
        ['Five off', null, 5],
      ]);
      expect(answer.lines.map((line) => [line.discount, line.lineTotal])).toEqual([
        [12.63, 87.37],
        [11.37, 78.6],
      ]);
      expect([answer.subtotal, answer.discount, answer.total]).toEqual([189.97, 24, 165.97]);

      const res = await tryCheckOut(t, buyer, {
        ...ADDRESS,
        codes: ['TENOFF-A1'],
        quoteId: answer.quoteId,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().totalPrice).toBe(165.97);
      const checkoutId: string = res.json().checkoutId;
      const lines = await db()
        .select({
          total: purchase.totalCents,
          discount: purchase.discountCents,
          amount: purchase.amountCents,
        })
        .from(purchase)
        .where(eq(purchase.checkoutId, checkoutId))
        .orderBy(purchase.totalCents);
      expect(lines).toEqual([
        { total: 8_997, discount: 1_137, amount: 7_860 },
        { total: 10_000, discount: 1_263, amount: 8_737 },
      ]);
      const [placed] = await db()
        .select({ discount: checkout.discountCents, promotions: checkout.promotions })
        .from(checkout)
        .where(eq(checkout.id, checkoutId));
      expect(placed?.discount).toBe(2_400);
      expect(placed?.promotions.map((p) => [p.name, p.code, p.discountCents])).toEqual([
        ['Code TENOFF-A1', 'TENOFF-A1', 1_900],
        ['Five off', null, 500],
      ]);
      expect(await usesOf(tenOff.id)).toEqual([{ checkoutId, discount: 1_900 }]);
      expect(await usesOf(fiver!.id)).toEqual([{ checkoutId, discount: 500 }]);
    } finally {
      await db().delete(promotion).where(eq(promotion.id, fiver!.id));
    }
  });

  it('a code limited to 3 uses places exactly 3 of 12 parallel checkouts on two instances; the rest change nothing', async () => {
    const limited = await codePromotion('THREE-ONLY', { usageLimit: 3 });
    // Each buyer a tool of their own: no stock row queues them, only the promotion's limit.
    const tools = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        createProduct(db(), { name: `Limited Tool ${n}`, priceCents: 5_000 }),
      ),
    );
    const before = await Promise.all(
      tools.map(async (tool) => (await stockOf(db(), tool.id))?.available ?? 0),
    );
    const buyers = await Promise.all(tools.map(() => signUp(t.app)));
    await Promise.all(buyers.map((buyer, n) => storeBasket(t, buyer, [[tools[n]!, 1]])));
    const answers = await Promise.all(
      buyers.map((buyer) => quote(buyer, { ...ADDRESS, codes: ['THREE-ONLY'] })),
    );
    // Half of them through a second instance on the same database, as behind a load balancer.
    const second = await buildTestApp({ shareDatabaseOf: t });
    const results = await Promise.all(
      buyers.map((buyer, index) =>
        tryCheckOut(index % 2 === 0 ? t : second, buyer, {
          ...ADDRESS,
          quoteId: answers[index]?.quoteId,
        }),
      ),
    ).finally(() => second.close());
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([...Array(3).fill(201), ...Array(9).fill(409)]);
    for (const res of results.filter((one) => one.statusCode === 409))
      expect(res.json()).toMatchObject({
        message: CODE_USED_UP_MESSAGE,
        fields: { codes: CODE_USED_UP_MESSAGE },
      });
    expect(await usesOf(limited.id)).toHaveLength(3);
    // Stock was taken for the 3 placed only.
    const after = await Promise.all(tools.map((tool) => stockOf(db(), tool.id)));
    expect(after.map((row, n) => (before[n] ?? 0) - (row?.available ?? 0))).toEqual(
      results.map((res) => (res.statusCode === 201 ? 1 : 0)),
    );
  });

  it('cancelling the unpaid order releases the use; a quote made before an edit is answered 409', async () => {
    const single = await codePromotion('ONCE-ONLY', { usageLimit: 1 });
    const grinder = await createProduct(db(), { name: 'Once Grinder', priceCents: 7_000 });
    const [first, second] = [await signUp(t.app), await signUp(t.app)];
    await storeBasket(t, first!, [[grinder, 1]]);
    const res = await tryCheckOut(t, first!, { ...ADDRESS, codes: ['ONCE-ONLY'] });
    expect(res.statusCode, res.body).toBe(201);
    const orderId: string = res.json().orders[0]._id;

    await storeBasket(t, second!, [[grinder, 1]]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/quote',
      headers: second!.headers,
      payload: { ...ADDRESS, codes: ['ONCE-ONLY'] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ codes: CODE_USED_UP_MESSAGE });

    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/purchase/${orderId}`,
      headers: first!.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await usesOf(single.id)).toEqual([]);

    const answer = await quote(second!, { ...ADDRESS, codes: ['ONCE-ONLY'] });
    expect(answer.discount).toBe(7);
    await db().update(promotion).set({ percentPpm: 200_000 }).where(eq(promotion.id, single.id));
    const stale = await tryCheckOut(t, second!, { ...ADDRESS, quoteId: answer.quoteId });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(PRICES_CHANGED_MESSAGE);
    const again = await quote(second!, { ...ADDRESS, codes: ['ONCE-ONLY'] });
    expect(again.discount).toBe(14);
    const placed = await tryCheckOut(t, second!, { ...ADDRESS, quoteId: again.quoteId });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await usesOf(single.id)).toHaveLength(1);
  });

  it('the purchase form takes a code too: POST /api/purchase places the line after its discount', async () => {
    await codePromotion('FORM-TEN');
    const buyer = await signUp(t.app);
    const sander = await createProduct(db(), { name: 'Form Sander', priceCents: 4_995 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: buyer.headers,
      payload: {
        productId: sander.id,
        orderQuantity: 2,
        address: '2 Form Road',
        codes: ['form-ten'],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [line] = await db()
      .select({ discount: purchase.discountCents, amount: purchase.amountCents })
      .from(purchase)
      .where(eq(purchase.id, res.json()._id));
    // 10% of 9990 = 999.
    expect(line).toEqual({ discount: 999, amount: 8_991 });
  });

  it('the seeded WELCOME10 takes 10% off a first order only', async () => {
    const buyer = await signUp(t.app);
    const planer = await createProduct(db(), { name: 'Welcome Planer', priceCents: 12_000 });
    await storeBasket(t, buyer, [[planer, 1]]);
    const answer = await quote(buyer, { ...ADDRESS, codes: ['welcome10'] });
    expect([answer.discount, answer.total]).toEqual([12, 108]);
    const res = await tryCheckOut(t, buyer, { ...ADDRESS, quoteId: answer.quoteId });
    expect(res.statusCode, res.body).toBe(201);
    await storeBasket(t, buyer, [[planer, 1]]);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/quote',
      headers: buyer.headers,
      payload: { ...ADDRESS, codes: ['WELCOME10'] },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().fields).toEqual({ codes: CODE_FIRST_ORDER_MESSAGE });
  });
});
