import { describe, expect, it } from 'vitest';
import { ProductListSchema, ProductSchema } from '../../../shared/product.ts';
import { seedProducts } from '../../db/seed/catalogue.ts';
import { setUpTestApp } from '../../testing/test-app.ts';

const t = setUpTestApp();

/** A product's fields in the contract: no internal column may leak. */
const CONTRACT_FIELDS = Object.keys(ProductSchema.shape).sort();

describe('GET /api/products', () => {
  it('lists the seeded catalogue oldest first, in the spec field names, prices in dollars', async () => {
    const res = await t.app.inject('/api/products');
    expect(res.statusCode).toBe(200);
    const products = res.json();
    expect(ProductListSchema.parse(products)).toHaveLength(seedProducts.length);
    expect(products.length).toBeGreaterThanOrEqual(12);
    expect(products[0]).toMatchObject({
      name: seedProducts[0]!.name,
      price: 129,
      minQuantity: 10,
      availableQuantity: 640,
    });
    expect(products.map((p: { name: string }) => p.name)).toEqual(seedProducts.map((p) => p.name));
    expect(products[0].img).toMatch(/^\/images\/[0-9a-f]{64}\.webp$/);
  });

  it('sends only the contract fields (no internal columns leak)', async () => {
    const [first] = (await t.app.inject('/api/products')).json();
    expect(Object.keys(first).sort()).toEqual(CONTRACT_FIELDS);
  });
});

describe('GET /api/products/:productId', () => {
  it('returns one product', async () => {
    const [first] = (await t.app.inject('/api/products')).json();
    const res = await t.app.inject(`/api/products/${first._id}`);
    expect(res.statusCode).toBe(200);
    expect(ProductSchema.parse(res.json())).toEqual(first);
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-a-uuid'],
    ['an id with SQL in it', "1' OR '1'='1"],
    ['a Mongo-style id', '507f1f77bcf86cd799439011'],
  ])('answers 404 in the one error shape for %s', async (_label, id) => {
    const res = await t.app.inject(`/api/products/${encodeURIComponent(id)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Product not found',
      requestId: expect.any(String),
    });
  });
});

describe('GET /images/:file', () => {
  it('serves a product image as WebP with long-lived caching and revalidates by ETag', async () => {
    const [first] = (await t.app.inject('/api/products')).json();
    const res = await t.app.inject(first.img);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
    const again = await t.app.inject({
      url: first.img,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it.each(['nope.webp', `${'a'.repeat(64)}.webp`, '../../etc/passwd', `${'a'.repeat(64)}.png`])(
    '404s for %s',
    async (file) => {
      const res = await t.app.inject(`/images/${encodeURIComponent(file)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    },
  );
});
