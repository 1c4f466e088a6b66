import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../shared/product.ts';
import { product, purchase, variant } from '../../db/schema.ts';
import { signUp, signUpAdmin, type SignedIn } from '../../testing/accounts.ts';
import { afterDirectWrite } from '../../testing/factories.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { expireStaleHolds } from '../purchases/purchases.service.ts';
import { createDataVersionCheck } from '../../db/data-version-check.ts';
import { CATALOG_FRESHNESS_MS, createCatalogCache } from './catalog-cache.ts';

// Two instances of the app on one database, as behind a load balancer: each keeps its own cached
// catalogue bytes, and each must serve the other's writes at once.
let a: TestApp;
let b: TestApp;
let admin: SignedIn;
let customer: SignedIn;

beforeAll(async () => {
  a = await buildTestApp();
  b = await buildTestApp({ shareDatabaseOf: a });
  admin = await signUpAdmin(a);
  customer = await signUp(a.app, { name: 'Cache Customer' });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const list = async (t: TestApp): Promise<Product[]> => {
  const res = await t.app.inject('/api/products');
  expect(res.statusCode).toBe(200);
  return res.json();
};
const find = async (t: TestApp, id: string) => (await list(t)).find((p) => p._id === id);

async function anyImage(): Promise<string> {
  const [first] = await list(a);
  return first!.img;
}

async function addProduct(via: TestApp, overrides: object = {}): Promise<string> {
  const res = await via.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: admin.headers,
    payload: {
      name: 'Cache Drill',
      price: 99,
      description: '',
      img: await anyImage(),
      minQuantity: 1,
      availableQuantity: 50,
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().insertedId;
}

describe('GET /api/products: the cached bytes', () => {
  it('sends JSON with a strong ETag, and 304 for a matching If-None-Match', async () => {
    const res = await a.app.inject('/api/products');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);

    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await a.app.inject({
        url: '/api/products',
        headers: { 'if-none-match': header },
      });
      expect(again.statusCode, header).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    const stale = await a.app.inject({
      url: '/api/products',
      headers: { 'if-none-match': '"stale"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(res.body);
  });

  it('serves the same bytes and ETag from both instances while nothing changes', async () => {
    const [ra, rb] = await Promise.all([
      a.app.inject('/api/products'),
      b.app.inject('/api/products'),
    ]);
    expect(rb.body).toBe(ra.body);
    expect(rb.headers.etag).toBe(ra.headers.etag);
  });

  it('answers many concurrent requests consistently', async () => {
    const bodies = await Promise.all(
      Array.from({ length: 50 }, () => a.app.inject('/api/products').then((r) => r.body)),
    );
    expect(new Set(bodies).size).toBe(1);
  });
});

describe('writes on one instance show on both at once', () => {
  it('a product created, edited and deleted on A', async () => {
    const before = (await b.app.inject('/api/products')).headers.etag;
    const id = await addProduct(a, { name: 'Shared Planer' });
    expect((await find(b, id))?.name).toBe('Shared Planer');
    expect((await find(a, id))?.name).toBe('Shared Planer');
    const afterCreate = await b.app.inject({
      url: '/api/products',
      headers: { 'if-none-match': String(before) },
    });
    expect(afterCreate.statusCode).toBe(200);

    const edit = await a.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: admin.headers,
      payload: {
        name: 'Shared Planer Pro',
        price: 120,
        img: await anyImage(),
        minQuantity: 1,
        availableQuantity: 40,
      },
    });
    expect(edit.statusCode).toBe(200);
    // The product's row and its default variant's (issue 34): version 1 + 2.
    expect(await find(b, id)).toMatchObject({ name: 'Shared Planer Pro', price: 120, version: 3 });

    const gone = await b.app.inject({
      method: 'DELETE',
      url: `/api/products/${id}`,
      headers: admin.headers,
    });
    expect(gone.statusCode).toBe(200);
    expect(await find(a, id)).toBeUndefined();
    expect(await find(b, id)).toBeUndefined();
  });

  it('a delete and an insert that keep the count (and every version) the same', async () => {
    const doomed = await addProduct(a, { name: 'Doomed' });
    await list(a);
    await list(b);
    await b.app.inject({
      method: 'DELETE',
      url: `/api/products/${doomed}`,
      headers: admin.headers,
    });
    const replacement = await addProduct(b, { name: 'Replacement' });
    for (const t of [a, b]) {
      const names = (await list(t)).map((p) => p.name);
      expect(names).toContain('Replacement');
      expect(names).not.toContain('Doomed');
    }
    expect(replacement).toEqual(expect.any(String));
  });

  it('a purchase, its cancellation and an expired hold change the stock shown on both', async () => {
    const id = await addProduct(a, { availableQuantity: 30 });
    expect((await find(b, id))?.availableQuantity).toBe(30);

    const placed = await b.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: customer.headers,
      payload: { productId: id, orderQuantity: 5, address: 'Somewhere 1', phone: '555 0100' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await find(a, id))?.availableQuantity).toBe(25);
    expect((await find(b, id))?.availableQuantity).toBe(25);

    const cancelled = await a.app.inject({
      method: 'DELETE',
      url: `/api/purchase/${placed.json()._id}`,
      headers: customer.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await find(b, id))?.availableQuantity).toBe(30);

    const held = await a.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: customer.headers,
      payload: { productId: id, orderQuantity: 7, address: 'Somewhere 1', phone: '555 0100' },
    });
    expect(held.statusCode, held.body).toBe(201);
    expect((await find(b, id))?.availableQuantity).toBe(23);
    await a.database.db
      .update(purchase)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(purchase.id, held.json()._id));
    expect(await expireStaleHolds(b.database.db)).toBeGreaterThanOrEqual(1);
    expect((await find(a, id))?.availableQuantity).toBe(30);
  });

  it('a change made straight in the database that bumps the version, once the bound has passed', async () => {
    const id = await addProduct(a);
    await list(a);
    await a.database.db
      .update(variant)
      .set({ availableQuantity: 3 })
      .where(eq(variant.productId, id));
    // Not an API write (no commit wait): the documented freshness bound applies.
    await afterDirectWrite();
    expect((await find(a, id))?.availableQuantity).toBe(3);
    expect((await find(b, id))?.availableQuantity).toBe(3);
  });
});

describe('GET /api/products/{id}: one product from the same cache', () => {
  it('sends its entry in the list with its variants, its version and bytes as ETag', async () => {
    const id = await addProduct(a, { name: 'Single Router' });
    const res = await b.app.inject(`/api/products/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const inList = (await list(b)).find((p) => p._id === id);
    const { variants, ...product } = res.json();
    expect(product).toEqual(inList);
    // Issue 34: the list's entry, then its variants (one: the default, with the product's SKU).
    expect(res.body).toBe(
      `${JSON.stringify(inList).slice(0, -1)},"variants":${JSON.stringify(variants)}}`,
    );
    expect(variants).toEqual([
      expect.objectContaining({ sku: inList!.sku, price: inList!.price, parts: [] }),
    ]);
    const etag = String(res.headers.etag);
    expect(etag).toMatch(new RegExp(`^"${inList!.version}-[A-Za-z0-9_-]+"$`));
    const again = await b.app.inject({
      url: `/api/products/${id}`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });

  it('shows an edit on A at once on B, and a delete as 404', async () => {
    const id = await addProduct(a, { name: 'Before' });
    expect((await b.app.inject(`/api/products/${id}`)).json()).toMatchObject({ name: 'Before' });
    const edit = await a.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: admin.headers,
      payload: {
        name: 'After',
        price: 12,
        img: await anyImage(),
        minQuantity: 1,
        availableQuantity: 4,
      },
    });
    expect(edit.statusCode).toBe(200);
    const seen = await b.app.inject(`/api/products/${id}`);
    expect(seen.json()).toMatchObject({ name: 'After', price: 12, version: 3 });
    expect(seen.headers.etag).toMatch(/^"3-/);
    await a.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: admin.headers });
    const gone = await b.app.inject(`/api/products/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Product not found' });
  });

  it('answers a malformed id 404 like an unknown one', async () => {
    for (const id of [
      'nope',
      '00000000-0000-4000-8000-000000000000',
      "1' or '1'='1",
      'constructor',
      '__proto__',
      'x'.repeat(90),
    ]) {
      const res = await a.app.inject(`/api/products/${encodeURIComponent(id)}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('the freshness bound (a clock of our own)', () => {
  it('answers from a check started within the bound, and asks again past it', async () => {
    let clock = 1_000;
    const cache = createCatalogCache(
      a.database.db,
      createDataVersionCheck(a.database.pool, { now: () => clock }),
    );
    const id = await addProduct(a, { availableQuantity: 9 });
    const stockIn = async () =>
      (JSON.parse((await cache.current()).body.toString()) as Product[]).find((p) => p._id === id)
        ?.availableQuantity;
    expect(await stockIn()).toBe(9);
    await a.database.db
      .update(variant)
      .set({ availableQuantity: 8 })
      .where(eq(variant.productId, id));
    // Within the bound of the last check's start: that check answers (the documented staleness).
    clock += CATALOG_FRESHNESS_MS;
    expect(await stockIn()).toBe(9);
    expect(JSON.parse((await cache.product(id))!.body.toString())).toMatchObject({
      availableQuantity: 9,
    });
    // Past it: a new check, which sees the change.
    clock += 0.001;
    expect(await stockIn()).toBe(8);
    expect((await cache.product(id))?.version).toBe(2);
  });

  it('past the bound, waits for a check that starts after the request, even while an older one runs', async () => {
    let clock = 0;
    const cache = createCatalogCache(
      a.database.db,
      createDataVersionCheck(a.database.pool, { now: () => clock }),
    );
    const id = await addProduct(a, { availableQuantity: 5 });
    const first = cache.product(id);
    clock += CATALOG_FRESHNESS_MS + 1;
    await a.database.db
      .update(variant)
      .set({ availableQuantity: 4 })
      .where(eq(variant.productId, id));
    const second = cache.product(id);
    await first;
    expect((await second)?.version).toBe(2);
  });
});
