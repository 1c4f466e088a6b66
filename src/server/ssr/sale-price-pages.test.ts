import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CategoryListSchema } from '../../shared/category.ts';
import { formatDollars } from '../../shared/money.ts';
import { ProductListSchema, type Product } from '../../shared/product.ts';
import { promotion } from '../db/schema.ts';
import { afterDirectWrite } from '../testing/factories.ts';
import { buildSsrTestApp } from '../testing/ssr-test-app.ts';
import type { TestApp } from '../testing/test-app.ts';

// Issue 36 (ADR 057): the product page and the cards show an automatic promotion's sale price,
// server-rendered and cached like every public price: the cached HTML changes when a promotion
// is created, paused or ended, and when its start or end time passes.

let t: TestApp;
let saw: Product;
let sawsId = '';

beforeAll(async () => {
  t = await buildSsrTestApp();
  const categories = CategoryListSchema.parse((await t.app.inject('/api/categories')).json());
  sawsId = categories.find((category) => category.slug === 'saws')!._id;
  const products = ProductListSchema.parse((await t.app.inject('/api/products')).json());
  saw = products.find((product) => product.categoryId === sawsId && product.variantCount === 1)!;
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await t.database.db.delete(promotion);
  await afterDirectWrite();
});

async function addPromotion(fields: Partial<typeof promotion.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(promotion)
    .values({
      name: 'Saw week',
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

/** 15% off, worked out here: the discount is cents × 15 / 100 rounded half up. */
const salePriceText = (price: number) => {
  const cents = Math.round(price * 100);
  return formatDollars((cents - Math.floor((cents * 15 + 50) / 100)) / 100);
};
const wasText = (price: number) => `Was <s>$${formatDollars(price)}</s>`;

const page = async (url: string) => {
  const res = await t.app.inject(url);
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('sale prices on server-rendered pages', () => {
  it('the cached product page shows "Was $…" once a promotion is created, and not once paused', async () => {
    const url = `/purchase/${saw._id}`;
    const before = await page(url);
    expect(before).toContain(`Price: $<!-- -->${formatDollars(saw.price)}`);
    expect(before).not.toContain('Was <s>');
    // Cached: the same bytes again.
    expect(await page(url)).toBe(before);

    const id = await addPromotion();
    const during = await page(url);
    expect(during).toContain(`Price: $<!-- -->${salePriceText(saw.price)}`);
    expect(during).toContain(wasText(saw.price));
    expect(during).toContain('Saw week');

    await t.database.db.update(promotion).set({ status: 'paused' }).where(eq(promotion.id, id));
    await afterDirectWrite();
    const paused = await page(url);
    expect(paused).not.toContain('Was <s>');
    expect(paused).toContain(`Price: $<!-- -->${formatDollars(saw.price)}`);
  });

  it('the cards of the category page show it, and no other product card does', async () => {
    await addPromotion();
    const category = await page('/category/saws');
    expect(category).toContain(wasText(saw.price));
    expect(category).toContain('Saw week');
    const all = await page('/allProducts?category=drills-drivers');
    expect(all).not.toContain('Was <s>');
    expect(all).not.toContain('Saw week');
  });

  it('a promotion with a code or a minimum shows no sale price', async () => {
    await addPromotion({ codeMode: 'code' });
    await addPromotion({ minSubtotalCents: 5_000 });
    const product = await page(`/purchase/${saw._id}`);
    expect(product).not.toContain('Was <s>');
    expect(await page('/category/saws')).not.toContain('Was <s>');
  });

  it('the cached page shows it from its start and not after its end, with no write then', async () => {
    const url = `/purchase/${saw._id}`;
    const startsAt = new Date(Date.now() + 1500);
    const endsAt = new Date(startsAt.getTime() + 1500);
    await addPromotion({ startsAt, endsAt });
    const before = await page(url);
    expect(before).not.toContain('Was <s>');
    expect(await page('/category/saws')).not.toContain('Was <s>');

    await waitUntil(startsAt);
    expect(await page(url)).toContain(wasText(saw.price));
    expect(await page('/category/saws')).toContain(wasText(saw.price));

    await waitUntil(endsAt);
    const after = await page(url);
    expect(after).not.toContain('Was <s>');
    expect(after).toContain(`Price: $<!-- -->${formatDollars(saw.price)}`);
    expect(await page('/category/saws')).not.toContain('Was <s>');
  });
});

async function waitUntil(time: Date): Promise<void> {
  const wait = time.getTime() - Date.now() + 20;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
