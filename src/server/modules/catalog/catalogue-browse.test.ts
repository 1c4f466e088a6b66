import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CategoryListSchema } from '../../../shared/category.ts';
import { ProductListSchema, ProductSchema, type Product } from '../../../shared/product.ts';
import { ProductSearchResultSchema } from '../../../shared/product-search.ts';
import { seedProducts } from '../../db/seed/catalogue.ts';
import { product } from '../../db/schema.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { afterDirectWrite } from '../../testing/factories.ts';
import { markOrderPaid, placeTestOrder } from '../../testing/orders.ts';
import { storeWebp, toWebp } from '../images/images.service.ts';

// Issue 24 through the API: search filters, galleries, battery platforms, "Goes well with" and
// "Works with your … batteries".

const t = setUpAppWithAccounts();

let shade = 0;
async function storedImage(): Promise<string> {
  shade += 1;
  const background = `#${(0x100000 + shade * 4099).toString(16).slice(-6)}`;
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background } })
    .png()
    .toBuffer();
  return (await storeWebp(t.database.db, await toWebp(png, 800, 800))).url;
}

const search = async (query: string) => {
  const res = await t.app.inject(`/api/products/search${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ProductSearchResultSchema.parse(res.json());
};

async function addProduct(fields: object): Promise<Product> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: t.admin.headers,
    payload: {
      name: 'Gallery Tool',
      price: 99,
      img: await storedImage(),
      minQuantity: 1,
      availableQuantity: 10,
      ...fields,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return ProductSchema.parse((await t.app.inject(`/api/products/${res.json().insertedId}`)).json());
}

describe('search filters', () => {
  it('category= keeps the products of that category; an unknown slug finds nothing', async () => {
    const saws = seedProducts.filter((p) => p.category === 'saws').map((p) => p.name);
    const found = await search('?category=saws&pageSize=100');
    expect(found.items.map((p) => p.name).sort()).toEqual([...saws].sort());
    expect((await search('?category=no-such-thing')).total).toBe(0);
  });

  it('platform= keeps that platform, and combines with category and the other filters', async () => {
    const twenty = seedProducts.filter((p) => p.platform === '20V');
    const found = await search('?platform=20V&pageSize=100');
    expect(found.total).toBe(twenty.length);
    expect(found.items.every((p) => p.platform === '20V')).toBe(true);
    const both = await search('?platform=20V&category=drills-drivers&sort=price_asc');
    expect(both.items.map((p) => p.name).sort()).toEqual(
      twenty
        .filter((p) => p.category === 'drills-drivers')
        .map((p) => p.name)
        .sort(),
    );
  });

  it('answers 400 for a malformed category', async () => {
    const res = await t.app.inject('/api/products/search?category=Not%20a%20slug');
    expect(res.statusCode).toBe(400);
  });
});

describe('galleries and platform fields', () => {
  it('keeps up to 7 more images in order, with the platform and the battery flag', async () => {
    const [drills] = CategoryListSchema.parse((await t.app.inject('/api/categories')).json());
    const images = [await storedImage(), await storedImage(), await storedImage()];
    const made = await addProduct({
      images,
      categoryId: drills!._id,
      platform: '18V',
      batteryIncluded: true,
    });
    expect(made).toMatchObject({
      images,
      categoryId: drills!._id,
      platform: '18V',
      batteryIncluded: true,
    });

    // An edit without the new fields leaves them; one with them reorders and removes.
    const edit = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/products/${made._id}`,
        headers: t.admin.headers,
        payload: {
          name: made.name,
          price: made.price,
          img: made.img,
          minQuantity: 1,
          availableQuantity: 10,
          ...payload,
        },
      });
    expect((await edit({})).json()).toMatchObject({ images, platform: '18V' });
    const reordered = [images[2]!, images[0]!];
    expect(
      (await edit({ images: reordered, platform: '', categoryId: null })).json(),
    ).toMatchObject({ images: reordered, platform: null, categoryId: null });
  });

  it('refuses more than 8 pictures, an image not stored here and an unknown category (400)', async () => {
    const eight = await Promise.all(Array.from({ length: 8 }, () => storedImage()));
    const post = (fields: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: t.admin.headers,
        payload: {
          name: 'X',
          price: 1,
          img: eight[0],
          minQuantity: 1,
          availableQuantity: 1,
          ...fields,
        },
      });
    expect((await post({ images: eight })).statusCode).toBe(400);
    expect((await post({ images: [`/images/${'a'.repeat(64)}.webp`] })).statusCode).toBe(400);
    expect((await post({ images: ['https://example.com/x.webp'] })).statusCode).toBe(400);
    expect((await post({ categoryId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(
      400,
    );
    expect((await post({ platform: 'x'.repeat(17) })).statusCode).toBe(400);
  });

  it('gallery and field writes are for admins only', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: t.customer.headers,
      payload: {
        name: 'X',
        price: 1,
        img: await storedImage(),
        minQuantity: 1,
        availableQuantity: 1,
      },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('Goes well with', () => {
  it('lists up to 4 other products of the same platform or category; 404 for an unknown one', async () => {
    const drill = (await search('?q=Cordless%20Drill')).items[0]!;
    const res = await t.app.inject(`/api/products/${drill._id}/related`);
    expect(res.statusCode).toBe(200);
    const related = ProductListSchema.parse(res.json());
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(4);
    expect(related.some((p) => p._id === drill._id)).toBe(false);
    expect(
      related.every((p) => p.platform === drill.platform || p.categoryId === drill.categoryId),
    ).toBe(true);
    expect((await t.app.inject('/api/products/nope/related')).statusCode).toBe(404);
  });
});

describe('Works with your … batteries', () => {
  it('comes from the caller’s PAID orders only, and needs a session', async () => {
    expect((await t.app.inject('/api/my/platforms')).statusCode).toBe(401);
    const platformsOf = async (who = t.customer) =>
      (await t.app.inject({ url: '/api/my/platforms', headers: who.headers })).json();

    const { order, productId } = await placeTestOrder(t, t.customer);
    await t.database.db.update(product).set({ platform: '12V' }).where(eq(product.id, productId));
    await afterDirectWrite();
    // Placed but not paid: no badge yet.
    expect(await platformsOf()).toEqual({ platforms: [] });
    expect(await markOrderPaid(t.database.db, order._id, 'pi_browse_1')).toBe(true);
    expect(await platformsOf()).toEqual({ platforms: ['12V'] });
    // Someone else's paid order is not yours.
    expect(await platformsOf(t.other)).toEqual({ platforms: [] });
  });
});
