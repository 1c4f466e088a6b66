import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PaymentIntentResponseSchema, TEST_CARDS } from '../../../shared/payment.ts';
import {
  CheckoutQuoteSchema,
  PRICES_CHANGED_MESSAGE,
  type CheckoutQuote,
} from '../../../shared/pricing.ts';
import {
  CODE_CUSTOMER_USED_MESSAGE,
  CODE_EXPIRED_MESSAGE,
  CODE_FIRST_ORDER_MESSAGE,
  CODE_NOT_COMBINABLE_MESSAGE,
  CODE_NOT_FOR_ITEMS_MESSAGE,
  CODE_NOT_YET_VALID_MESSAGE,
  CODE_UNKNOWN_MESSAGE,
  CODE_USED_UP_MESSAGE,
  codeMinimumQuantityMessage,
  codeMinimumSubtotalMessage,
  type PlacedPromotion,
} from '../../../shared/promotions.ts';
import {
  basketLine,
  category,
  checkout,
  paymentIntent,
  product as productTable,
  promotion,
  promotionCode,
  promotionCodeBatch,
  promotionUse,
  purchase,
} from '../../db/schema.ts';
import { signUp, type SignedIn } from '../../testing/accounts.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { NEW_YORK, setUpUsShipping } from '../../testing/pricing.ts';
import {
  afterDirectWrite,
  createCheckout,
  createProduct,
  stockOf,
  userIdOf,
  type TestProduct,
} from '../../testing/factories.ts';
import {
  askPaymentIntent,
  placeTestOrder,
  storeBasket,
  tryCheckOut,
} from '../../testing/orders.ts';
import { expireStaleHolds } from '../purchases/index.ts';

// Promotions through the API (issue 36, docs/decisions/055): a quote with codes names each
// promotion and its allocation per line, the checkout places exactly that (orders, checkout, uses,
// payment), every refusal of a typed code, the order statement's re-check, limits under parallel
// checkouts, and the release of a use when its unpaid orders are cancelled or expire. Promotions
// and codes are written with SQL (the staff API is another part). Every automatic promotion here
// targets its own test's products, so the tests do not meet.

const t = setUpAppWithAccounts();
const db = () => t.database.db;

let standard = '';
let express = '';

beforeAll(async () => {
  // New York 8.875% (shipping taxed); Standard $9.95, free from $199 of (discounted) lines;
  // Express $24.95.
  ({ standard, express } = await setUpUsShipping(db()));
  await afterDirectWrite();
});

// ---- helpers ----

let codes = 0;
/** A code no other test uses (codes are unique whatever the case). */
const uniqueCode = (stem: string) => {
  codes += 1;
  return `${stem}${process.pid}X${codes}`.toUpperCase();
};

type PromotionFields = Partial<typeof promotion.$inferInsert>;

/** A promotion written with SQL, and its shared code when `code` is given. */
async function addPromotion(fields: PromotionFields, code?: string) {
  const [row] = await db()
    .insert(promotion)
    .values({ name: 'Promotion', kind: 'percent_off', ...fields })
    .returning({ id: promotion.id });
  let codeId: string | null = null;
  if (code) {
    const [made] = await db()
      .insert(promotionCode)
      .values({ promotionId: row!.id, code })
      .returning({ id: promotionCode.id });
    codeId = made!.id;
  }
  await afterDirectWrite();
  return { id: row!.id, codeId };
}

/** A batch of one single-use code of a promotion. */
async function addSingleUseCode(promotionId: string, code: string) {
  const [batch] = await db()
    .insert(promotionCodeBatch)
    .values({ promotionId, prefix: 'EXPO-', count: 1 })
    .returning({ id: promotionCodeBatch.id });
  const [made] = await db()
    .insert(promotionCode)
    .values({ promotionId, batchId: batch!.id, code, maxUses: 1 })
    .returning({ id: promotionCode.id });
  await afterDirectWrite();
  return made!.id;
}

const product = (name: string, priceCents: number, availableQuantity = 100) =>
  createProduct(db(), { name, priceCents, availableQuantity });

const quote = (who: SignedIn, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/checkout/quote', headers: who.headers, payload });

async function quoted(who: SignedIn, payload: object): Promise<CheckoutQuote> {
  const res = await quote(who, payload);
  expect(res.statusCode, res.body).toBe(200);
  return CheckoutQuoteSchema.parse(res.json());
}

/** A quote's refusal as [status, fields.codes]. */
async function refusedQuote(who: SignedIn, payload: object) {
  const res = await quote(who, payload);
  return [res.statusCode, res.json().fields?.codes];
}

/** A promotion's uses: its use rows not released (docs/decisions/055). */
const usesOf = async (promotionId: string) => (await liveUses(promotionId)).length;

/** A use of a promotion (and code) by an account, written with SQL on a checkout of its own. */
async function addUse(promotionId: string, who: SignedIn, codeId: string | null = null) {
  const userId = await userIdOf(db(), who.email);
  await db()
    .insert(promotionUse)
    .values({
      promotionId,
      codeId,
      checkoutId: await createCheckout(db(), userId),
      userId,
      discountCents: 100,
    });
  await afterDirectWrite();
}

const liveUses = (promotionId: string) =>
  db()
    .select({ userId: promotionUse.userId, checkoutId: promotionUse.checkoutId })
    .from(promotionUse)
    .where(and(eq(promotionUse.promotionId, promotionId), isNull(promotionUse.releasedAt)));

const basketOf = async (who: SignedIn) =>
  db()
    .select({ quantity: basketLine.quantity })
    .from(basketLine)
    .where(eq(basketLine.userId, await userIdOf(db(), who.email)));

/** Pays a whole checkout with the built-in test processor. */
async function payCheckout(who: SignedIn, checkoutId: string) {
  const intent = await askPaymentIntent(t, who, { checkoutId });
  expect(intent.statusCode, intent.body).toBe(200);
  const { clientSecret } = PaymentIntentResponseSchema.parse(intent.json());
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/test-processor/confirm',
    payload: {
      clientSecret,
      card: {
        number: TEST_CARDS.success,
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 1,
        cvc: '123',
      },
      billingDetails: { name: who.name, email: who.email },
    },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

/** Quotes the basket with `code`, then places that quote; returns the 201's body. */
async function checkOutWith(who: SignedIn, code: string, extra: object = {}) {
  const answer = await quoted(who, { address: NEW_YORK, codes: [code], ...extra });
  const res = await tryCheckOut(t, who, {
    address: NEW_YORK,
    codes: [code],
    quoteId: answer.quoteId,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { quote: answer, placed: res.json() as { checkoutId: string; orders: { _id: string }[] } };
}

const ordersOf = (checkoutId: string) =>
  db()
    .select({ id: purchase.id, productId: purchase.productId })
    .from(purchase)
    .where(eq(purchase.checkoutId, checkoutId));

const cancel = (who: SignedIn, orderId: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/purchase/${orderId}`, headers: who.headers });

/** POST /api/purchase (the purchase form) of one unit, placing a one-line quote. */
const purchaseWithQuote = (who: SignedIn, item: TestProduct, answer: CheckoutQuote) =>
  t.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: who.headers,
    payload: {
      productId: item.id,
      orderQuantity: 1,
      address: NEW_YORK.line1,
      phone: NEW_YORK.phone,
      city: NEW_YORK.city,
      region: NEW_YORK.region,
      postalCode: NEW_YORK.postalCode,
      country: NEW_YORK.country,
      quoteId: answer.quoteId,
    },
  });

/** The applied promotions' lines that took something, as [sku, discount]. */
const takers = (applied: CheckoutQuote['promotions'][number]) =>
  applied.lines.filter((l) => l.discount !== 0).map((l) => [l.sku, l.discount]);

// ---- tests ----

describe('a quote with a code and an automatic promotion', () => {
  it('names each promotion with its allocation per line, and the totals after them', async () => {
    const buyer = await signUp(t.app);
    const drill = await product('Promo Drill', 10_000);
    const blade = await product('Promo Blade', 2_500);
    await storeBasket(t, buyer, [
      [drill, 2],
      [blade, 1],
    ]);
    const code = uniqueCode('save10-');
    const typed = await addPromotion(
      { name: 'Ten off everything', kind: 'percent_off', percentPpm: 100_000, codeMode: 'code' },
      code,
    );
    const automatic = await addPromotion({
      name: 'Five off blades',
      kind: 'amount_off',
      amountCents: 500,
      targetKind: 'products',
      targetIds: [blade.id],
    });
    // Typed first at the same priority: 10% of 22,500 = 2,250 → drill 2,000, blade 250. Then $5
    // on the blade's remaining 2,250. Lines: drill 20,000 − 2,000 = 18,000; blade 2,500 − 750 =
    // 1,750. Their 19,750 is under $199: Standard costs $9.95 (the lines before discount, 22,500,
    // would have made it free). Tax: 18,000 → 1,597.5 → 1,598; 1,750 → 155.31 → 155; shipping
    // 995 → 88.3 → 88. Total 19,750 + 995 + 1,841 = 22,586.
    const answer = await quoted(buyer, { address: NEW_YORK, codes: [code.toLowerCase()] });
    expect(answer.lines.map((l) => [l.name, l.unitPrice, l.discount, l.lineTotal, l.tax])).toEqual([
      ['Promo Drill', 100, 20, 180, 15.98],
      ['Promo Blade', 25, 7.5, 17.5, 1.55],
    ]);
    expect(answer.promotions.map((p) => [p.id, p.name, p.code, p.kind, p.discount])).toEqual([
      [typed.id, 'Ten off everything', code, 'percent_off', 22.5],
      [automatic.id, 'Five off blades', null, 'amount_off', 5],
    ]);
    expect(answer.promotions.map(takers)).toEqual([
      [
        [drill.sku, 20],
        [blade.sku, 2.5],
      ],
      [[blade.sku, 5]],
    ]);
    expect(answer.promotions.map((p) => p.shippingDiscount)).toEqual([0, 0]);
    // Each promotion's allocation sums to its discount, the lines' discounts to the total's.
    for (const applied of answer.promotions)
      expect(Math.round(applied.lines.reduce((sum, l) => sum + l.discount * 100, 0))).toBe(
        Math.round(applied.discount * 100),
      );
    expect(answer.shippingMethod.id).toBe(standard);
    expect([answer.subtotal, answer.discount, answer.shipping, answer.tax, answer.total]).toEqual([
      225, 27.5, 9.95, 18.41, 225.86,
    ]);
  });
});

describe('targets as the pricing step reads them from the catalogue', () => {
  it('a category, a platform and a SKU in any case, and buy X get Y across products', async () => {
    const buyer = await signUp(t.app);
    const [saws] = await db()
      .insert(category)
      .values({ slug: `promo-saws-${process.pid}`, name: `Promo Saws ${process.pid}` })
      .returning({ id: category.id });
    const kit = await product('Target Kit', 10_000);
    const bare = await product('Target Bare Tool', 3_000);
    await db()
      .update(productTable)
      .set({ categoryId: saws!.id, platform: '18V' })
      .where(eq(productTable.id, kit.id));
    await afterDirectWrite();
    await storeBasket(t, buyer, [
      [kit, 1],
      [bare, 1],
    ]);
    const byCategory = await addPromotion({
      kind: 'percent_off',
      percentPpm: 100_000,
      priority: 3,
      targetKind: 'categories',
      targetIds: [saws!.id],
    });
    const byPlatform = await addPromotion({
      kind: 'amount_off',
      amountCents: 100,
      priority: 2,
      targetKind: 'platforms',
      targetIds: ['18v'],
    });
    const bySku = await addPromotion({
      kind: 'amount_off',
      amountCents: 200,
      priority: 1,
      targetKind: 'variants',
      targetIds: [kit.sku.toLowerCase()],
    });
    const kitGetsTool = await addPromotion({
      kind: 'buy_x_get_y',
      percentPpm: 1_000_000,
      buyKind: 'categories',
      buyIds: [saws!.id],
      buyQuantity: 1,
      getQuantity: 1,
      targetKind: 'products',
      targetIds: [bare.id],
    });
    // Kit: 10% (1,000), then $1, then $2 → 1,300 off, net 8,700. The bare tool free (3,000).
    // 8,700 is under $199: shipping 995. Tax 772.1 → 772, shipping's 88. Total 10,555.
    const answer = await quoted(buyer, { address: NEW_YORK });
    expect(answer.promotions.map((p) => [p.id, p.discount])).toEqual([
      [byCategory.id, 10],
      [byPlatform.id, 1],
      [bySku.id, 2],
      [kitGetsTool.id, 30],
    ]);
    expect(answer.lines.map((l) => [l.name, l.discount, l.lineTotal, l.tax])).toEqual([
      ['Target Kit', 13, 87, 7.72],
      ['Target Bare Tool', 30, 0, 0],
    ]);
    expect([answer.discount, answer.shipping, answer.tax, answer.total]).toEqual([
      43, 9.95, 8.6, 105.55,
    ]);
  });
});

describe('placing a quote with promotions', () => {
  it('places exactly that: orders, checkout, uses and the payment', async () => {
    const buyer = await signUp(t.app);
    const drill = await product('Placed Promo Drill', 10_000);
    const blade = await product('Placed Promo Blade', 2_500);
    await storeBasket(t, buyer, [
      [drill, 2],
      [blade, 1],
    ]);
    const code = uniqueCode('placed10-');
    const typed = await addPromotion(
      {
        name: 'Ten off, limited',
        kind: 'percent_off',
        percentPpm: 100_000,
        codeMode: 'code',
        usageLimit: 100,
      },
      code,
    );
    const automatic = await addPromotion({
      name: 'Five off placed blades',
      kind: 'amount_off',
      amountCents: 500,
      targetKind: 'products',
      targetIds: [blade.id],
    });
    const { placed } = await checkOutWith(buyer, code);
    expect((placed as unknown as { totalPrice: number }).totalPrice).toBe(225.86);

    const orders = await db()
      .select({
        productId: purchase.productId,
        total: purchase.totalCents,
        discount: purchase.discountCents,
        tax: purchase.taxCents,
        amount: purchase.amountCents,
      })
      .from(purchase)
      .where(eq(purchase.checkoutId, placed.checkoutId));
    const byProduct = new Map(orders.map((o) => [o.productId, o]));
    expect(byProduct.get(drill.id)).toMatchObject({ total: 20_000, discount: 2_000, tax: 1_598 });
    expect(byProduct.get(blade.id)).toMatchObject({ total: 2_500, discount: 750, tax: 155 });
    expect(orders.reduce((sum, o) => sum + o.amount, 0)).toBe(22_586);

    const [row] = await db()
      .select({
        discount: checkout.discountCents,
        promotions: checkout.promotions,
        total: checkout.totalCents,
      })
      .from(checkout)
      .where(eq(checkout.id, placed.checkoutId));
    expect(row!.discount).toBe(2_750);
    expect(row!.total).toBe(22_586);
    expect(row!.promotions).toEqual([
      {
        promotionId: typed.id,
        name: 'Ten off, limited',
        code,
        kind: 'percent_off',
        discountCents: 2_250,
        shippingDiscountCents: 0,
      },
      {
        promotionId: automatic.id,
        name: 'Five off placed blades',
        code: null,
        kind: 'amount_off',
        discountCents: 500,
        shippingDiscountCents: 0,
      },
    ] satisfies PlacedPromotion[]);

    const uses = await db()
      .select({
        promotionId: promotionUse.promotionId,
        codeId: promotionUse.codeId,
        discount: promotionUse.discountCents,
        userId: promotionUse.userId,
      })
      .from(promotionUse)
      .where(eq(promotionUse.checkoutId, placed.checkoutId));
    const userId = await userIdOf(db(), buyer.email);
    expect(uses.sort((a, b) => b.discount - a.discount)).toEqual([
      { promotionId: typed.id, codeId: typed.codeId, discount: 2_250, userId },
      { promotionId: automatic.id, codeId: null, discount: 500, userId },
    ]);
    expect(await usesOf(typed.id)).toBe(1);
    expect(await usesOf(automatic.id)).toBe(1);

    const intent = await askPaymentIntent(t, buyer, { checkoutId: placed.checkoutId });
    expect(intent.statusCode, intent.body).toBe(200);
    const [stored] = await db()
      .select({ amount: paymentIntent.amountCents })
      .from(paymentIntent)
      .where(eq(paymentIntent.checkoutId, placed.checkoutId));
    expect(stored?.amount).toBe(22_586);
  });

  it('one promotion typed through two codes counts once, under the first code', async () => {
    const buyer = await signUp(t.app);
    const saw = await product('Two Codes Saw', 10_000);
    await storeBasket(t, buyer, [[saw, 1]]);
    const shared = uniqueCode('shared-');
    const twice = await addPromotion(
      { kind: 'percent_off', percentPpm: 100_000, codeMode: 'code' },
      shared,
    );
    const single = uniqueCode('single-');
    await addSingleUseCode(twice.id, single);
    const answer = await quoted(buyer, { address: NEW_YORK, codes: [shared, single] });
    expect(answer.promotions.map((p) => [p.id, p.code, p.discount])).toEqual([
      [twice.id, shared, 10],
    ]);
    const res = await tryCheckOut(t, buyer, {
      address: NEW_YORK,
      codes: [shared, single],
      quoteId: answer.quoteId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const uses = await db()
      .select({ codeId: promotionUse.codeId })
      .from(promotionUse)
      .where(eq(promotionUse.promotionId, twice.id));
    expect(uses).toEqual([{ codeId: twice.codeId }]);
    // The single-use code was not used: someone else may use it.
    const other = await signUp(t.app);
    await storeBasket(t, other, [[saw, 1]]);
    const theirs = await quoted(other, { address: NEW_YORK, codes: [single] });
    expect(theirs.promotions.map((p) => p.code)).toEqual([single]);
  });

  it('free shipping makes every method cost 0, and saves the chosen one’s price', async () => {
    const buyer = await signUp(t.app);
    const saw = await product('Free Ship Saw', 5_000);
    await storeBasket(t, buyer, [[saw, 1]]);
    const code = uniqueCode('freeship-');
    await addPromotion({ name: 'Free shipping', kind: 'free_shipping', codeMode: 'code' }, code);
    // 5,000 → tax 443.75 → 444; shipping 0 and its tax 0.
    const answer = await quoted(buyer, { address: NEW_YORK, codes: [code] });
    expect(answer.shippingMethods.map((m) => [m.name, m.price, m.tax])).toEqual([
      ['Standard', 0, 0],
      ['Express', 0, 0],
    ]);
    expect([answer.shipping, answer.discount, answer.tax, answer.total]).toEqual([
      0, 0, 4.44, 54.44,
    ]);
    expect(answer.promotions.map((p) => [p.kind, p.discount, p.shippingDiscount])).toEqual([
      ['free_shipping', 0, 9.95],
    ]);
    const fast = await quoted(buyer, { address: NEW_YORK, codes: [code], shippingMethod: express });
    expect([fast.shippingMethod.name, fast.shipping, fast.total]).toEqual(['Express', 0, 54.44]);
    expect(fast.promotions[0]?.shippingDiscount).toBe(24.95);
    const res = await tryCheckOut(t, buyer, {
      address: NEW_YORK,
      codes: [code],
      shippingMethod: express,
      quoteId: fast.quoteId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [use] = await db()
      .select({
        shipping: promotionUse.shippingDiscountCents,
        discount: promotionUse.discountCents,
      })
      .from(promotionUse)
      .where(eq(promotionUse.checkoutId, res.json().checkoutId));
    expect(use).toEqual({ shipping: 2_495, discount: 0 });
  });
});

describe('without a quote, and automatic limits', () => {
  it('a checkout with a code and no quote is priced on the spot and claims its use', async () => {
    const buyer = await signUp(t.app);
    const saw = await product('Spot Saw', 10_000);
    await storeBasket(t, buyer, [[saw, 1]]);
    const code = uniqueCode('spot-');
    const spot = await addPromotion(
      { kind: 'amount_off', amountCents: 1_500, codeMode: 'code', usageLimit: 10 },
      code,
    );
    const res = await tryCheckOut(t, buyer, { address: NEW_YORK, codes: [code] });
    expect(res.statusCode, res.body).toBe(201);
    // 10,000 − 1,500 = 8,500; tax 754.38 → 754; shipping 995, tax 88.
    expect(res.json().totalPrice).toBe(103.37);
    const [order] = await db()
      .select({ discount: purchase.discountCents, amount: purchase.amountCents })
      .from(purchase)
      .where(eq(purchase.checkoutId, res.json().checkoutId));
    expect(order).toEqual({ discount: 1_500, amount: 10_337 });
    expect(await liveUses(spot.id)).toEqual([
      { userId: await userIdOf(db(), buyer.email), checkoutId: res.json().checkoutId },
    ]);
  });

  it('an automatic promotion with a per-customer limit applies once per customer', async () => {
    const buyer = await signUp(t.app);
    const saw = await product('Once Auto Saw', 10_000);
    await addPromotion({
      kind: 'percent_off',
      percentPpm: 200_000,
      perCustomerLimit: 1,
      targetKind: 'products',
      targetIds: [saw.id],
    });
    await storeBasket(t, buyer, [[saw, 1]]);
    const first = await quoted(buyer, { address: NEW_YORK });
    expect(first.discount).toBe(20);
    const placed = await tryCheckOut(t, buyer, { address: NEW_YORK, quoteId: first.quoteId });
    expect(placed.statusCode, placed.body).toBe(201);
    await storeBasket(t, buyer, [[saw, 1]]);
    const second = await quoted(buyer, { address: NEW_YORK });
    expect([second.discount, second.promotions]).toEqual([0, []]);
  });

  it('an automatic promotion limited to 3 uses: 10 parallel checkouts place 3 with it', async () => {
    const saw = await product('Auto Race Saw', 10_000, 1_000);
    const before = (await stockOf(db(), saw.id))!.available;
    const limited = await addPromotion({
      kind: 'amount_off',
      amountCents: 1_000,
      usageLimit: 3,
      targetKind: 'products',
      targetIds: [saw.id],
    });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => signUp(t.app)));
    for (const buyer of buyers) await storeBasket(t, buyer, [[saw, 1]]);
    const quotes = await Promise.all(buyers.map((buyer) => quoted(buyer, { address: NEW_YORK })));
    expect(quotes.every((q) => q.discount === 10)).toBe(true);
    const answers = await Promise.all(
      buyers.map((buyer, index) =>
        tryCheckOut(t, buyer, { address: NEW_YORK, quoteId: quotes[index]!.quoteId }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode !== 201).map((a) => a.statusCode)).toEqual(
      Array.from({ length: 7 }, () => 409),
    );
    expect(await usesOf(limited.id)).toBe(3);
    expect((await stockOf(db(), saw.id))!.available).toBe(before - 3);
  });

  it('claims all or none: a used-up automatic promotion leaves the code’s use unclaimed', async () => {
    const saw = await product('All Or None Saw', 10_000);
    const automatic = await addPromotion({
      kind: 'amount_off',
      amountCents: 500,
      usageLimit: 1,
      targetKind: 'products',
      targetIds: [saw.id],
    });
    const code = uniqueCode('allornone-');
    const typed = await addPromotion(
      { kind: 'percent_off', percentPpm: 100_000, codeMode: 'code', usageLimit: 1 },
      code,
    );
    const late = await signUp(t.app);
    await storeBasket(t, late, [[saw, 1]]);
    const lateQuote = await quoted(late, { address: NEW_YORK, codes: [code] });
    expect(lateQuote.promotions.map((p) => p.id).sort()).toEqual([automatic.id, typed.id].sort());
    // Someone else takes the automatic promotion's only use first.
    const early = await signUp(t.app);
    await storeBasket(t, early, [[saw, 1]]);
    const earlyQuote = await quoted(early, { address: NEW_YORK });
    expect(
      (await tryCheckOut(t, early, { address: NEW_YORK, quoteId: earlyQuote.quoteId })).statusCode,
    ).toBe(201);
    const refused = await tryCheckOut(t, late, {
      address: NEW_YORK,
      codes: [code],
      quoteId: lateQuote.quoteId,
    });
    expect(refused.statusCode).toBe(409);
    expect(await usesOf(automatic.id)).toBe(1);
    expect(await usesOf(typed.id)).toBe(0);
    expect(await basketOf(late)).toEqual([{ quantity: 1 }]);
  });
});

describe('a typed code that does not apply: 400 naming `codes`', () => {
  let buyer: SignedIn;
  let drill: TestProduct;
  beforeAll(async () => {
    buyer = await signUp(t.app);
    drill = await product('Refused Code Drill', 10_000);
    await storeBasket(t, buyer, [[drill, 2]]);
  });
  const ask = (code: string) => refusedQuote(buyer, { address: NEW_YORK, codes: [code] });
  const codeMode = { codeMode: 'code' as const, kind: 'percent_off' as const, percentPpm: 100_000 };

  it('unknown', async () => {
    expect(await ask(uniqueCode('nosuch-'))).toEqual([400, CODE_UNKNOWN_MESSAGE]);
  });

  it('expired, and not yet valid', async () => {
    const ended = uniqueCode('ended-');
    await addPromotion({ ...codeMode, endsAt: new Date(Date.now() - 60_000) }, ended);
    expect(await ask(ended)).toEqual([400, CODE_EXPIRED_MESSAGE]);
    const later = uniqueCode('later-');
    await addPromotion({ ...codeMode, startsAt: new Date(Date.now() + 3_600_000) }, later);
    expect(await ask(later)).toEqual([400, CODE_NOT_YET_VALID_MESSAGE]);
  });

  it('minimum subtotal, minimum quantity', async () => {
    const big = uniqueCode('big-');
    await addPromotion({ ...codeMode, minSubtotalCents: 20_001 }, big);
    expect(await ask(big)).toEqual([400, codeMinimumSubtotalMessage(20_001)]);
    const many = uniqueCode('many-');
    await addPromotion({ ...codeMode, minQuantity: 3 }, many);
    expect(await ask(many)).toEqual([400, codeMinimumQuantityMessage(3)]);
    // Exactly met: it applies.
    const exact = uniqueCode('exact-');
    await addPromotion({ ...codeMode, minSubtotalCents: 20_000, minQuantity: 2 }, exact);
    const answer = await quoted(buyer, { address: NEW_YORK, codes: [exact] });
    expect(answer.discount).toBe(20);
  });

  it('used up (the usage limit, or a single-use code used), used by this customer', async () => {
    const full = uniqueCode('full-');
    const limited = await addPromotion({ ...codeMode, usageLimit: 1 }, full);
    await addUse(limited.id, t.other);
    expect(await ask(full)).toEqual([400, CODE_USED_UP_MESSAGE]);

    const batchPromotion = await addPromotion(codeMode);
    const single = uniqueCode('expo-');
    const singleId = await addSingleUseCode(batchPromotion.id, single);
    await addUse(batchPromotion.id, t.other, singleId);
    expect(await ask(single)).toEqual([400, CODE_USED_UP_MESSAGE]);

    const mine = uniqueCode('mine-');
    const once = await addPromotion({ ...codeMode, perCustomerLimit: 1 }, mine);
    await addUse(once.id, buyer);
    expect(await ask(mine)).toEqual([400, CODE_CUSTOMER_USED_MESSAGE]);
    // Another customer may still use it.
    const other = await signUp(t.app);
    await storeBasket(t, other, [[drill, 1]]);
    expect((await quoted(other, { address: NEW_YORK, codes: [mine] })).discount).toBe(10);
  });

  it('not for these items', async () => {
    const elsewhere = await product('Refused Other Product', 1_000);
    const code = uniqueCode('notfor-');
    await addPromotion({ ...codeMode, targetKind: 'products', targetIds: [elsewhere.id] }, code);
    expect(await ask(code)).toEqual([400, CODE_NOT_FOR_ITEMS_MESSAGE]);
  });

  it('first orders only', async () => {
    const repeat = await signUp(t.app);
    await placeTestOrder(t, repeat, { product: { priceCents: 1_000 }, orderQuantity: 1 });
    await storeBasket(t, repeat, [[drill, 1]]);
    const code = uniqueCode('first-');
    await addPromotion({ ...codeMode, firstOrderOnly: true }, code);
    expect(await refusedQuote(repeat, { address: NEW_YORK, codes: [code] })).toEqual([
      400,
      CODE_FIRST_ORDER_MESSAGE,
    ]);
    // The buyer of this describe has never ordered.
    expect((await quoted(buyer, { address: NEW_YORK, codes: [code] })).discount).toBe(20);
    // A buyer whose only order was cancelled has still not ordered.
    const cancelled = await signUp(t.app);
    const { order } = await placeTestOrder(t, cancelled, {
      product: { priceCents: 1_000 },
      orderQuantity: 1,
    });
    expect((await cancel(cancelled, order._id)).statusCode).toBeLessThan(300);
    await storeBasket(t, cancelled, [[drill, 1]]);
    expect((await quoted(cancelled, { address: NEW_YORK, codes: [code] })).discount).toBe(10);
  });

  it('not combinable with an exclusive automatic promotion', async () => {
    const combiner = await signUp(t.app);
    const hammer = await product('Exclusive Hammer', 10_000);
    await storeBasket(t, combiner, [[hammer, 1]]);
    await addPromotion({
      kind: 'amount_off',
      amountCents: 1_000,
      exclusive: true,
      priority: 5,
      targetKind: 'products',
      targetIds: [hammer.id],
    });
    const code = uniqueCode('combine-');
    await addPromotion(codeMode, code);
    expect(await refusedQuote(combiner, { address: NEW_YORK, codes: [code] })).toEqual([
      400,
      CODE_NOT_COMBINABLE_MESSAGE,
    ]);
    // Without the code, the exclusive one applies.
    expect((await quoted(combiner, { address: NEW_YORK })).discount).toBe(10);
  });

  it('the checkout refuses a bad code as the quote does', async () => {
    const res = await tryCheckOut(t, buyer, { address: NEW_YORK, codes: [uniqueCode('gone-')] });
    expect([res.statusCode, res.json().fields?.codes]).toEqual([400, CODE_UNKNOWN_MESSAGE]);
    expect(await basketOf(buyer)).toEqual([{ quantity: 2 }]);
  });
});

describe('the order statement re-checks each promotion', () => {
  it('a promotion that ended between quote and placement: 409 "Prices changed", nothing placed', async () => {
    const buyer = await signUp(t.app);
    const saw = await product('Short Lived Saw', 10_000);
    await storeBasket(t, buyer, [[saw, 1]]);
    const before = (await stockOf(db(), saw.id))!.available;
    const code = uniqueCode('brief-');
    // It ends by itself (no change of the row, so the tables' version stays the same).
    const brief = await addPromotion(
      {
        kind: 'percent_off',
        percentPpm: 100_000,
        codeMode: 'code',
        endsAt: new Date(Date.now() + 2_500),
      },
      code,
    );
    const answer = await quoted(buyer, { address: NEW_YORK, codes: [code] });
    expect(answer.discount).toBe(10);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const res = await tryCheckOut(t, buyer, {
      address: NEW_YORK,
      codes: [code],
      quoteId: answer.quoteId,
    });
    expect([res.statusCode, res.json().message]).toEqual([409, PRICES_CHANGED_MESSAGE]);
    expect((await stockOf(db(), saw.id))!.available).toBe(before);
    expect(await basketOf(buyer)).toEqual([{ quantity: 1 }]);
    expect(await liveUses(brief.id)).toEqual([]);
  });

  it('a promotion paused between quote and placement: 409 "Prices changed"', async () => {
    const buyer = await signUp(t.app);
    const saw = await product('Paused Saw', 10_000);
    await storeBasket(t, buyer, [[saw, 1]]);
    const automatic = await addPromotion({
      kind: 'amount_off',
      amountCents: 1_000,
      targetKind: 'products',
      targetIds: [saw.id],
    });
    const answer = await quoted(buyer, { address: NEW_YORK });
    expect(answer.discount).toBe(10);
    await db().update(promotion).set({ status: 'paused' }).where(eq(promotion.id, automatic.id));
    await afterDirectWrite();
    const res = await tryCheckOut(t, buyer, { address: NEW_YORK, quoteId: answer.quoteId });
    expect([res.statusCode, res.json().message]).toEqual([409, PRICES_CHANGED_MESSAGE]);
    expect(await basketOf(buyer)).toEqual([{ quantity: 1 }]);
  });
});

describe('limits under parallel checkouts', () => {
  it('30 customers, a code limited to 5 uses: exactly 5 placed with it, the others change nothing', async () => {
    const saw = await product('Race Saw', 10_000, 1_000);
    const before = (await stockOf(db(), saw.id))!.available;
    const code = uniqueCode('race5-');
    const race = await addPromotion(
      { kind: 'percent_off', percentPpm: 100_000, codeMode: 'code', usageLimit: 5 },
      code,
    );
    const buyers = await Promise.all(Array.from({ length: 30 }, () => signUp(t.app)));
    for (const buyer of buyers) await storeBasket(t, buyer, [[saw, 1]]);
    const quotes = await Promise.all(
      buyers.map((buyer) => quoted(buyer, { address: NEW_YORK, codes: [code] })),
    );
    expect(quotes.every((q) => q.discount === 10)).toBe(true);
    const answers = await Promise.all(
      buyers.map((buyer, index) =>
        tryCheckOut(t, buyer, {
          address: NEW_YORK,
          codes: [code],
          quoteId: quotes[index]!.quoteId,
        }),
      ),
    );
    const placed = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(placed).toHaveLength(5);
    expect(refused.map((a) => [a.statusCode, a.json().message])).toEqual(
      Array.from({ length: 25 }, () => [409, CODE_USED_UP_MESSAGE]),
    );
    expect((await stockOf(db(), saw.id))!.available).toBe(before - 5);
    expect(await usesOf(race.id)).toBe(5);
    expect(await liveUses(race.id)).toHaveLength(5);
    // Each placed checkout has its discount; each refused buyer keeps the basket.
    const placedIds = placed.map((a) => a.json().checkoutId as string);
    const discounts = await db()
      .select({ discount: purchase.discountCents })
      .from(purchase)
      .where(inArray(purchase.checkoutId, placedIds));
    expect(discounts).toEqual(Array.from({ length: 5 }, () => ({ discount: 1_000 })));
    for (const [index, answer] of answers.entries())
      expect(await basketOf(buyers[index]!)).toEqual(
        answer.statusCode === 201 ? [] : [{ quantity: 1 }],
      );
  });

  it('a per-customer limit of 1 holds under a burst of 10 from one account', async () => {
    // Ten purchase-form quotes (one line each, so each placement has its lines) with the code,
    // placed at once through POST /api/purchase: one places with it.
    const buyer = await signUp(t.app);
    const saw = await product('Burst Saw', 10_000, 1_000);
    const before = (await stockOf(db(), saw.id))!.available;
    const code = uniqueCode('once-');
    const once = await addPromotion(
      { kind: 'percent_off', percentPpm: 100_000, codeMode: 'code', perCustomerLimit: 1 },
      code,
    );
    const quotes = await Promise.all(
      Array.from({ length: 10 }, () =>
        quoted(buyer, {
          address: NEW_YORK,
          codes: [code],
          line: { productId: saw.id, quantity: 1 },
        }),
      ),
    );
    expect(quotes.every((q) => q.discount === 10)).toBe(true);
    const answers = await Promise.all(quotes.map((q) => purchaseWithQuote(buyer, saw, q)));
    const placed = answers.filter((a) => a.statusCode === 201);
    expect(placed, answers.map((a) => a.body).join('\n')).toHaveLength(1);
    expect(
      answers.filter((a) => a.statusCode !== 201).map((a) => [a.statusCode, a.json().message]),
    ).toEqual(Array.from({ length: 9 }, () => [409, CODE_CUSTOMER_USED_MESSAGE]));
    expect((await stockOf(db(), saw.id))!.available).toBe(before - 1);
    expect(await liveUses(once.id)).toHaveLength(1);
  });

  it('first orders only holds under a burst of 5 from one new account', async () => {
    const buyer = await signUp(t.app);
    const saw = await product('First Burst Saw', 10_000, 1_000);
    const code = uniqueCode('firstburst-');
    const first = await addPromotion(
      { kind: 'percent_off', percentPpm: 100_000, codeMode: 'code', firstOrderOnly: true },
      code,
    );
    const quotes = await Promise.all(
      Array.from({ length: 5 }, () =>
        quoted(buyer, {
          address: NEW_YORK,
          codes: [code],
          line: { productId: saw.id, quantity: 1 },
        }),
      ),
    );
    expect(quotes.every((q) => q.discount === 10)).toBe(true);
    const answers = await Promise.all(quotes.map((q) => purchaseWithQuote(buyer, saw, q)));
    expect(
      answers.filter((a) => a.statusCode === 201),
      answers.map((a) => a.body).join('\n'),
    ).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode !== 201).map((a) => a.statusCode)).toEqual([
      409, 409, 409, 409,
    ]);
    expect(await liveUses(first.id)).toHaveLength(1);
  });

  it('a single-use code is used once under 10 parallel checkouts', async () => {
    const saw = await product('Single Use Saw', 10_000, 1_000);
    const before = (await stockOf(db(), saw.id))!.available;
    const batchPromotion = await addPromotion({
      kind: 'amount_off',
      amountCents: 2_500,
      codeMode: 'code',
    });
    const code = uniqueCode('expo-');
    const codeId = await addSingleUseCode(batchPromotion.id, code);
    const buyers = await Promise.all(Array.from({ length: 10 }, () => signUp(t.app)));
    for (const buyer of buyers) await storeBasket(t, buyer, [[saw, 1]]);
    const quotes = await Promise.all(
      buyers.map((buyer) => quoted(buyer, { address: NEW_YORK, codes: [code.toLowerCase()] })),
    );
    expect(quotes.every((q) => q.discount === 25)).toBe(true);
    const answers = await Promise.all(
      buyers.map((buyer, index) =>
        tryCheckOut(t, buyer, {
          address: NEW_YORK,
          codes: [code.toLowerCase()],
          quoteId: quotes[index]!.quoteId,
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(
      answers.filter((a) => a.statusCode !== 201).map((a) => [a.statusCode, a.json().message]),
    ).toEqual(Array.from({ length: 9 }, () => [409, CODE_USED_UP_MESSAGE]));
    const codeUses = await db()
      .select({ id: promotionUse.id })
      .from(promotionUse)
      .where(and(eq(promotionUse.codeId, codeId), isNull(promotionUse.releasedAt)));
    expect(codeUses).toHaveLength(1);
    expect(await liveUses(batchPromotion.id)).toHaveLength(1);
    expect((await stockOf(db(), saw.id))!.available).toBe(before - 1);
  });
});

describe('a use is released when its unpaid orders all end', () => {
  const limitedCode = async (stem: string) => {
    const code = uniqueCode(stem);
    const made = await addPromotion(
      { kind: 'percent_off', percentPpm: 100_000, codeMode: 'code', usageLimit: 1 },
      code,
    );
    return { code, ...made };
  };

  it('cancelling every order of the checkout (DELETE) gives the use back', async () => {
    const { code, id: promotionId } = await limitedCode('comeback-');
    const first = await signUp(t.app);
    const drill = await product('Release Drill', 10_000);
    const blade = await product('Release Blade', 2_000);
    await storeBasket(t, first, [
      [drill, 1],
      [blade, 1],
    ]);
    const { placed } = await checkOutWith(first, code);
    expect(await usesOf(promotionId)).toBe(1);
    const second = await signUp(t.app);
    await storeBasket(t, second, [[drill, 1]]);
    expect(await refusedQuote(second, { address: NEW_YORK, codes: [code] })).toEqual([
      400,
      CODE_USED_UP_MESSAGE,
    ]);
    const [one, two] = await ordersOf(placed.checkoutId);
    // One order cancelled: the checkout still has an unpaid order, the use stays.
    expect((await cancel(first, one!.id)).statusCode).toBeLessThan(300);
    expect(await usesOf(promotionId)).toBe(1);
    expect(await liveUses(promotionId)).toHaveLength(1);
    // Both: released.
    expect((await cancel(first, two!.id)).statusCode).toBeLessThan(300);
    expect(await usesOf(promotionId)).toBe(0);
    expect(await liveUses(promotionId)).toEqual([]);
    const [released] = await db()
      .select({ releasedAt: promotionUse.releasedAt })
      .from(promotionUse)
      .where(eq(promotionUse.checkoutId, placed.checkoutId));
    expect(released?.releasedAt).toBeInstanceOf(Date);
    await checkOutWith(second, code);
    expect(await usesOf(promotionId)).toBe(1);
  });

  it('staff cancelling the unpaid order gives the use back too', async () => {
    const { code, id: promotionId } = await limitedCode('staffcancel-');
    const buyer = await signUp(t.app);
    const drill = await product('Staff Cancel Drill', 10_000);
    await storeBasket(t, buyer, [[drill, 1]]);
    const { placed } = await checkOutWith(buyer, code);
    const [order] = await ordersOf(placed.checkoutId);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/purchase/${order!.id}`,
      headers: t.admin.headers,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await usesOf(promotionId)).toBe(0);
  });

  it('a per-customer use cancelled counts no more for that customer', async () => {
    const code = uniqueCode('againme-');
    const once = await addPromotion(
      { kind: 'percent_off', percentPpm: 100_000, codeMode: 'code', perCustomerLimit: 1 },
      code,
    );
    const buyer = await signUp(t.app);
    const drill = await product('Again Drill', 10_000);
    await storeBasket(t, buyer, [[drill, 1]]);
    const { placed } = await checkOutWith(buyer, code);
    await storeBasket(t, buyer, [[drill, 1]]);
    expect(await refusedQuote(buyer, { address: NEW_YORK, codes: [code] })).toEqual([
      400,
      CODE_CUSTOMER_USED_MESSAGE,
    ]);
    const [order] = await ordersOf(placed.checkoutId);
    expect((await cancel(buyer, order!.id)).statusCode).toBeLessThan(300);
    expect(await liveUses(once.id)).toEqual([]);
    await checkOutWith(buyer, code);
    expect(await liveUses(once.id)).toHaveLength(1);
  });

  it('expiring the unpaid orders gives the use back', async () => {
    const { code, id: promotionId } = await limitedCode('expires-');
    const first = await signUp(t.app);
    const drill = await product('Expiring Drill', 10_000);
    await storeBasket(t, first, [[drill, 1]]);
    const { placed } = await checkOutWith(first, code);
    expect(await usesOf(promotionId)).toBe(1);
    await db()
      .update(purchase)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(purchase.checkoutId, placed.checkoutId));
    await expireStaleHolds(db());
    const statuses = await db()
      .select({ status: purchase.status })
      .from(purchase)
      .where(eq(purchase.checkoutId, placed.checkoutId));
    expect(statuses).toEqual([{ status: 'expired' }]);
    expect(await usesOf(promotionId)).toBe(0);
    expect(await liveUses(promotionId)).toEqual([]);
    const second = await signUp(t.app);
    await storeBasket(t, second, [[drill, 1]]);
    await checkOutWith(second, code);
  });

  /** A paid checkout of 2 × $100 with 10% off (code limited to 1 use), and its one order. */
  async function paidDiscountedOrder(stem: string) {
    const { code, id: promotionId } = await limitedCode(stem);
    const buyer = await signUp(t.app);
    const drill = await product(`Refunded ${stem}`, 10_000);
    await storeBasket(t, buyer, [[drill, 2]]);
    // 2 × 10,000, 10% off → net 18,000, tax 1,597.5 → 1,598; 18,000 is under $199: shipping
    // $9.95 and its 88 cents. Paid: 18,000 + 1,598 + 995 + 88 = 20,681.
    const { placed } = await checkOutWith(buyer, code);
    await payCheckout(buyer, placed.checkoutId);
    const [order] = await ordersOf(placed.checkoutId);
    const [row] = await db()
      .select({ amount: purchase.amountCents, discount: purchase.discountCents })
      .from(purchase)
      .where(eq(purchase.id, order!.id));
    expect(row).toEqual({ amount: 20_681, discount: 2_000 });
    return { code, promotionId, drill, orderId: order!.id };
  }
  const refundOf = (orderId: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/purchase/${orderId}/refunds`,
      headers: t.admin.headers,
      payload,
    });

  it('a paid order keeps its use when refunded', async () => {
    const { code, promotionId, drill, orderId } = await paidDiscountedOrder('keepit-');
    const refunded = await refundOf(orderId, { amount: 10, reason: 'Scratched' });
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect(await usesOf(promotionId)).toBe(1);
    const other = await signUp(t.app);
    await storeBasket(t, other, [[drill, 1]]);
    expect(await refusedQuote(other, { address: NEW_YORK, codes: [code] })).toEqual([
      400,
      CODE_USED_UP_MESSAGE,
    ]);
  });

  it('a refund of units returns what was paid for them after their share of the discount', async () => {
    const { promotionId, orderId } = await paidDiscountedOrder('unitsback-');
    // One of two units: half the net after discount (9,000) and half its tax (799).
    const first = await refundOf(orderId, { quantity: 1, reason: 'One back' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ quantity: 1, net: 90, tax: 7.99, amount: 97.99 });
    const rest = await refundOf(orderId, { quantity: 1, refundShipping: true, reason: 'All back' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json()).toMatchObject({ net: 90, tax: 7.99, shipping: 9.95, shippingTax: 0.88 });
    // Together exactly what was paid, and a refunded paid order keeps its use.
    expect(Math.round((first.json().amount + rest.json().amount) * 100)).toBe(20_681);
    expect(await usesOf(promotionId)).toBe(1);
  });
});
