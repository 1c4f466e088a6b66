import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CategoryListSchema } from '../../../shared/category.ts';
import { ProductDetailSchema, ProductListSchema, type Product } from '../../../shared/product.ts';
import { ProductSearchResultSchema } from '../../../shared/product-search.ts';
import { VariantSchema } from '../../../shared/variant.ts';
import { promotion, promotionUse, variant } from '../../db/schema.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { afterDirectWrite, createCheckout, userIdOf } from '../../testing/factories.ts';

// Issue 36: the public catalogue shows an automatic promotion's sale price (ADR 057). Promotions
// are written straight with SQL here (the staff API is another part of the issue).

const t = setUpAppWithAccounts();

let sawsId = '';
beforeAll(async () => {
  const categories = CategoryListSchema.parse((await t.app.inject('/api/categories')).json());
  sawsId = categories.find((category) => category.slug === 'saws')!._id;
});
afterEach(async () => {
  await t.database.db.delete(promotion);
  await afterDirectWrite();
});

type PromotionRow = typeof promotion.$inferInsert;
async function addPromotion(fields: Partial<PromotionRow> = {}): Promise<string> {
  const [row] = await t.database.db
    .insert(promotion)
    .values({
      name: '15% off saws',
      kind: 'percent_off',
      percentPpm: 150_000,
      targetKind: 'categories',
      targetIds: [sawsId],
      ...fields,
    })
    .returning({ id: promotion.id });
  await afterDirectWrite();
  return row!.id;
}

const products = async () => ProductListSchema.parse((await t.app.inject('/api/products')).json());

/** 15% off, worked out here: the discount is cents × 15 / 100 rounded half up. */
const fifteenPercentOff = (price: number) => {
  const cents = Math.round(price * 100);
  return (cents - Math.floor((cents * 15 + 50) / 100)) / 100;
};

const isSaw = (product: Product) => product.categoryId === sawsId;

describe('sale prices in the catalogue', () => {
  it('an automatic 15% off the saws shows on every saw, and on nothing else', async () => {
    const before = await products();
    expect(before.every((product) => product.salePrice === null)).toBe(true);
    await addPromotion();

    const listed = await products();
    const saws = listed.filter(isSaw);
    expect(saws.length).toBeGreaterThan(1);
    for (const saw of saws) {
      expect(saw.salePrice).toBe(fifteenPercentOff(saw.price));
      expect(saw.salePromotion).toBe('15% off saws');
    }
    for (const other of listed.filter((product) => !isSaw(product))) {
      expect(other.salePrice).toBeNull();
      expect(other.salePromotion).toBeNull();
    }

    // One product, each of its variants, a search, "Goes well with" and a variant by SKU.
    const saw = saws[0]!;
    const detail = ProductDetailSchema.parse(
      (await t.app.inject(`/api/products/${saw._id}`)).json(),
    );
    expect(detail.salePrice).toBe(fifteenPercentOff(saw.price));
    for (const one of detail.variants) expect(one.salePrice).toBe(fifteenPercentOff(one.price));
    const found = ProductSearchResultSchema.parse(
      (await t.app.inject('/api/products/search?category=saws&pageSize=100')).json(),
    );
    expect(found.items.map((item) => [item._id, item.salePrice]).sort()).toEqual(
      saws.map((item) => [item._id, fifteenPercentOff(item.price)]).sort(),
    );
    const bySku = VariantSchema.parse(
      (await t.app.inject(`/api/variants/${encodeURIComponent(saw.sku)}`)).json(),
    );
    expect(bySku.salePrice).toBe(fifteenPercentOff(bySku.price));
    const related = ProductListSchema.parse(
      (await t.app.inject(`/api/products/${saw._id}/related`)).json(),
    );
    for (const item of related)
      expect(item.salePrice).toBe(isSaw(item) ? fifteenPercentOff(item.price) : null);
  });

  it('a hand-worked price: $129.99 less 15% (19.4985 → $19.50) is $110.49', async () => {
    const saw = (await products()).find(isSaw)!;
    await t.database.db
      .update(variant)
      .set({ priceCents: 12_999 })
      .where(eq(variant.productId, saw._id));
    await addPromotion();
    const [detail] = (await products()).filter((product) => product._id === saw._id);
    expect(detail?.price).toBe(129.99);
    expect(detail?.salePrice).toBe(110.49);
  });

  it('disappears when the promotion is paused, and comes back when it is resumed', async () => {
    const id = await addPromotion();
    const saw = (await products()).find(isSaw)!;
    expect(saw.salePrice).not.toBeNull();

    await t.database.db.update(promotion).set({ status: 'paused' }).where(eq(promotion.id, id));
    await afterDirectWrite();
    expect((await products()).filter(isSaw).map((product) => product.salePrice)).toEqual(
      (await products()).filter(isSaw).map(() => null),
    );
    const page = ProductDetailSchema.parse((await t.app.inject(`/api/products/${saw._id}`)).json());
    expect(page.salePrice).toBeNull();
    const found = ProductSearchResultSchema.parse(
      (await t.app.inject('/api/products/search?category=saws')).json(),
    );
    expect(found.items.every((item) => item.salePrice === null)).toBe(true);

    await t.database.db.update(promotion).set({ status: 'active' }).where(eq(promotion.id, id));
    await afterDirectWrite();
    expect((await products()).find((product) => product._id === saw._id)?.salePrice).toBe(
      fifteenPercentOff(saw.price),
    );
  });

  it.each<[string, Partial<PromotionRow>]>([
    ['a code', { codeMode: 'code' }],
    ['a minimum subtotal', { minSubtotalCents: 100 }],
    ['a minimum quantity', { minQuantity: 1 }],
    ['first orders only', { firstOrderOnly: true }],
    ['a limit per customer', { perCustomerLimit: 1 }],
    ['a start still ahead', { startsAt: new Date(Date.now() + 3_600_000) }],
    ['its end passed', { endsAt: new Date(Date.now() - 1000) }],
  ])('a promotion with %s shows no sale price', async (_label, fields) => {
    await addPromotion(fields);
    expect((await products()).every((product) => product.salePrice === null)).toBe(true);
    const found = ProductSearchResultSchema.parse(
      (await t.app.inject('/api/products/search?category=saws')).json(),
    );
    expect(found.items.every((item) => item.salePrice === null)).toBe(true);
  });

  it('with a usage limit, shows only while uses are left: not once the last is taken, again once one is released', async () => {
    const id = await addPromotion({ usageLimit: 2 });
    const userId = await userIdOf(t.database.db, t.customer.email);
    const takeUse = async () => {
      const checkoutId = await createCheckout(t.database.db, userId);
      const [use] = await t.database.db
        .insert(promotionUse)
        .values({ promotionId: id, checkoutId, userId, discountCents: 100 })
        .returning({ id: promotionUse.id });
      await afterDirectWrite();
      return use!.id;
    };
    await takeUse();
    expect((await products()).find(isSaw)?.salePrice).not.toBeNull();
    const last = await takeUse();
    expect((await products()).find(isSaw)?.salePrice).toBeNull();
    const found = ProductSearchResultSchema.parse(
      (await t.app.inject('/api/products/search?category=saws')).json(),
    );
    expect(found.items.every((item) => item.salePrice === null)).toBe(true);

    await t.database.db
      .update(promotionUse)
      .set({ releasedAt: new Date() })
      .where(eq(promotionUse.id, last));
    await afterDirectWrite();
    expect((await products()).find(isSaw)?.salePrice).not.toBeNull();
  });

  it('follows the staff API at once: created, paused and ended through /api/admin/promotions', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promotions',
      headers: t.admin.headers,
      payload: {
        name: 'Staff saw week',
        kind: 'percent_off',
        percentOff: 15,
        target: { kind: 'categories', ids: [sawsId] },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: string };
    // No wait here: the API's commit wait makes its write seen by the next request.
    const saw = (await products()).find(isSaw)!;
    expect(saw.salePrice).toBe(fifteenPercentOff(saw.price));
    expect(saw.salePromotion).toBe('Staff saw week');

    for (const change of ['pause', 'resume', 'end']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/promotions/${id}/${change}`,
        headers: t.admin.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      const shown = (await products()).find((product) => product._id === saw._id)?.salePrice;
      expect(shown, change).toBe(change === 'resume' ? fifteenPercentOff(saw.price) : null);
    }
  });

  it('shows from its start and not after its end, with no write at either time', async () => {
    const startsAt = new Date(Date.now() + 1500);
    const endsAt = new Date(startsAt.getTime() + 1500);
    await addPromotion({ startsAt, endsAt });
    const saw = (await products()).find(isSaw)!;
    const search = '/api/products/search?category=saws';
    const searched = async () =>
      ProductSearchResultSchema.parse((await t.app.inject(search)).json()).items.find(
        (item) => item._id === saw._id,
      )?.salePrice;
    const one = async () =>
      ProductDetailSchema.parse((await t.app.inject(`/api/products/${saw._id}`)).json()).salePrice;
    // Cached before the start.
    expect(saw.salePrice).toBeNull();
    expect(await searched()).toBeNull();
    expect(await one()).toBeNull();

    await waitUntil(startsAt);
    expect((await products()).find((product) => product._id === saw._id)?.salePrice).toBe(
      fifteenPercentOff(saw.price),
    );
    expect(await searched()).toBe(fifteenPercentOff(saw.price));
    expect(await one()).toBe(fifteenPercentOff(saw.price));

    await waitUntil(endsAt);
    expect((await products()).find((product) => product._id === saw._id)?.salePrice).toBeNull();
    expect(await searched()).toBeNull();
    expect(await one()).toBeNull();
  });
});

async function waitUntil(time: Date): Promise<void> {
  const wait = time.getTime() - Date.now() + 20;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
