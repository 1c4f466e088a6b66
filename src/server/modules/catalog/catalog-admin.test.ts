import { count, desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductSchema, type Product } from '../../../shared/product.ts';
import { auditLog, product, purchase, user, variant } from '../../db/schema.ts';
import { signUp, signUpAdmin, type SignedIn } from '../../testing/accounts.ts';
import { afterDirectWrite, createCheckout } from '../../testing/factories.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { storeWebp, toWebp } from '../images/images.service.ts';

let t: TestApp;
let admin: SignedIn;
let customer: SignedIn;
/** An image this shop stores, as an upload leaves it. */
let img: string;
let otherImg: string;

const stored = async (background: string) => {
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background } })
    .png()
    .toBuffer();
  return (await storeWebp(t.database.db, await toWebp(png, 1600, 1600))).url;
};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUpAdmin(t);
  customer = await signUp(t.app, { name: 'Carla Customer' });
  img = await stored('#c0ffee');
  otherImg = await stored('#bada55');
});
afterAll(() => t.close());

const validBody = () => ({
  name: 'Cordless Planer',
  price: 149.99,
  description: 'Brushless 3-1/4" planer.',
  img,
  minQuantity: 2,
  availableQuantity: 80,
});

type Who = SignedIn | null;
const create = (payload: object, who: Who = admin) =>
  t.app.inject({ method: 'POST', url: '/api/products', payload, headers: who?.headers });
const update = (id: string, payload: object, who: Who = admin, headers: object = {}) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/products/${encodeURIComponent(id)}`,
    payload,
    headers: { ...who?.headers, ...headers },
  });
const remove = (id: string, who: Who = admin) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/products/${encodeURIComponent(id)}`,
    headers: who?.headers,
  });
const list = async (): Promise<Product[]> => (await t.app.inject('/api/products')).json();
const fetchProduct = (id: string) => t.app.inject(`/api/products/${id}`);
/** GET /api/products/{id} without its variants: the product as the list shows it. */
async function shown(id: string): Promise<Product> {
  const { variants: _variants, ...listed } = (await fetchProduct(id)).json();
  return listed;
}

async function createdProduct(overrides: object = {}): Promise<Product> {
  const res = await create({ ...validBody(), ...overrides });
  expect(res.statusCode).toBe(201);
  return shown(res.json().insertedId);
}

async function productCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(product);
  return row!.n;
}

const auditFor = (targetId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, targetId))
    .orderBy(desc(auditLog.id));

describe('admin product routes: who may call them', () => {
  it('refuses anonymous callers (401) and customers (403), changing nothing', async () => {
    const existing = await createdProduct({ name: 'Guarded Saw' });
    const countBefore = await productCount();
    const edit = { ...validBody(), name: 'Hijacked', availableQuantity: 0 };

    for (const [who, status, code] of [
      [null, 401, 'UNAUTHORIZED'],
      [customer, 403, 'FORBIDDEN'],
    ] as const) {
      const added = await create(validBody(), who);
      expect(added.statusCode).toBe(status);
      expect(added.json()).toMatchObject({ code });
      expect((await update(existing._id, edit, who)).statusCode).toBe(status);
      expect((await remove(existing._id, who)).statusCode).toBe(status);
    }

    expect(await productCount()).toBe(countBefore);
    expect(await shown(existing._id)).toEqual(existing);
  });
});

describe('POST /api/products', () => {
  it('adds a product that is newest: first in the reversed list the home page shows', async () => {
    const res = await create({ ...validBody(), name: 'Newest Planer' });
    expect(res.statusCode).toBe(201);
    const { insertedId } = res.json();
    expect(res.json()).toEqual({ insertedId: expect.any(String) });

    const products = await list();
    expect(products.at(-1)).toMatchObject({ _id: insertedId, name: 'Newest Planer' });
    expect([...products].reverse()[0]!._id).toBe(insertedId);
    expect(await shown(insertedId)).toEqual({
      _id: insertedId,
      name: 'Newest Planer',
      price: 149.99,
      description: 'Brushless 3-1/4" planer.',
      img,
      minQuantity: 2,
      availableQuantity: 80,
      priceBreaks: [],
      version: 1,
      images: [],
      categoryId: null,
      platform: null,
      batteryIncluded: false,
      withdrawn: false,
      // Issue 34: its one variant, the default, with a SKU of its number.
      sku: expect.stringMatching(/^TH-\d{5}$/),
      priceFrom: 149.99,
      priceTo: 149.99,
      variantCount: 1,
      options: [],
      // Issue 36: no automatic promotion takes anything off it.
      salePrice: null,
      salePromotion: null,
    });
    const [row] = await t.database.db
      .select({ priceCents: variant.priceCents })
      .from(variant)
      .where(eq(variant.productId, insertedId));
    expect(row?.priceCents).toBe(14999);
  });

  it('takes numbers sent as text (as forms do), trims text, defaults the description and ignores extra fields', async () => {
    const res = await create({
      name: '  Heat Gun  ',
      price: '19.90',
      img,
      minQuantity: '3',
      availableQuantity: ' 0 ',
      _id: '00000000-0000-4000-8000-000000000000',
      version: 99,
      seq: 1,
      priceCents: 1,
    });
    expect(res.statusCode).toBe(201);
    const created = await shown(res.json().insertedId);
    expect(created).toMatchObject({
      name: 'Heat Gun',
      price: 19.9,
      description: '',
      minQuantity: 3,
      availableQuantity: 0,
      version: 1,
    });
    expect(created._id).not.toBe('00000000-0000-4000-8000-000000000000');
  });

  it('writes an audit record with the product as created, by whom', async () => {
    const { insertedId } = (await create(validBody())).json();
    const [entry] = await auditFor(insertedId);
    expect(entry).toMatchObject({
      action: 'product.create',
      actorEmail: admin.email,
      targetType: 'product',
      before: null,
      after: { id: insertedId, name: 'Cordless Planer', priceCents: 14999, version: 1 },
    });
    expect(entry?.actorId).toEqual(expect.any(String));
  });

  const without = (field: string) =>
    Object.fromEntries(Object.entries(validBody()).filter(([key]) => key !== field));

  it.each([
    ['no name', without('name'), 'name', 'Product Name is required'],
    ['a blank name', { ...validBody(), name: '   ' }, 'name', 'Product Name is required'],
    ['no price', without('price'), 'price', 'Price is required'],
    ['an empty price', { ...validBody(), price: '' }, 'price', 'Price is required'],
    ['no image', without('img'), 'img', 'Image is required'],
    ['an empty image', { ...validBody(), img: '' }, 'img', 'Image is required'],
    [
      'no minimum quantity',
      without('minQuantity'),
      'minQuantity',
      'Minimum Order Quantity is required',
    ],
    [
      'no available quantity',
      without('availableQuantity'),
      'availableQuantity',
      'Available Quantity is required',
    ],
    [
      'a name over 120 characters',
      { ...validBody(), name: 'x'.repeat(121) },
      'name',
      'Product Name must be at most 120 characters',
    ],
    [
      'a description over 2000 characters',
      { ...validBody(), description: 'x'.repeat(2001) },
      'description',
      'Description must be at most 2000 characters',
    ],
    ['a zero price', { ...validBody(), price: 0 }, 'price', 'Price must be more than 0'],
    ['a negative price', { ...validBody(), price: -5 }, 'price', 'Price must be more than 0'],
    [
      'a price with 3 decimals',
      { ...validBody(), price: 9.999 },
      'price',
      'Price can have at most 2 decimals',
    ],
    ['a huge price', { ...validBody(), price: 1e300 }, 'price', 'Price must be at most 1000000'],
    ['a price in words', { ...validBody(), price: 'ten' }, 'price', 'Price is required'],
    ['a price as a boolean', { ...validBody(), price: true }, 'price', 'Price is required'],
    ['a minimum of 0', { ...validBody(), minQuantity: 0 }, 'minQuantity', 'Must be at least 1'],
    [
      'a negative stock',
      { ...validBody(), availableQuantity: -1 },
      'availableQuantity',
      'Must be at least 0',
    ],
    [
      'a fractional minimum',
      { ...validBody(), minQuantity: 1.5 },
      'minQuantity',
      'Must be a whole number',
    ],
    [
      'a fractional stock as text',
      { ...validBody(), availableQuantity: '2.5' },
      'availableQuantity',
      'Must be a whole number',
    ],
    [
      'a stock over ten million',
      { ...validBody(), availableQuantity: 10_000_001 },
      'availableQuantity',
      'Must be at most 10000000',
    ],
    [
      'an astronomical stock',
      { ...validBody(), availableQuantity: 1e20 },
      'availableQuantity',
      expect.any(String),
    ],
    [
      'an image on another site',
      { ...validBody(), img: 'https://images.example.com/drill.png' },
      'img',
      'Image must be uploaded to this shop',
    ],
    [
      'a javascript: image URL',
      { ...validBody(), img: 'javascript:alert(1)' },
      'img',
      'Image must be uploaded to this shop',
    ],
    [
      'an image URL of our shape that was never uploaded',
      { ...validBody(), img: `/images/${'0'.repeat(64)}.webp` },
      'img',
      'Image must be uploaded to this shop',
    ],
  ])('refuses %s (400, field message), adding nothing', async (_label, payload, field, message) => {
    const before = await productCount();
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { [field]: message },
      requestId: expect.any(String),
    });
    expect(await productCount()).toBe(before);
  });

  it('answers every required message at once for an empty form', async () => {
    const res = await create({});
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      name: 'Product Name is required',
      price: 'Price is required',
      img: 'Image is required',
      minQuantity: 'Minimum Order Quantity is required',
      availableQuantity: 'Available Quantity is required',
    });
  });

  it('answers 400, not 500, for a body that is not an object or not JSON', async () => {
    expect((await create([])).statusCode).toBe(400);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      payload: '{"name": ',
      headers: { ...admin.headers, 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
  });
});

describe('PUT /api/products/{id}', () => {
  it('applies an edit made on the current version, bumps the version and shows it at once', async () => {
    const original = await createdProduct();
    const res = await update(original._id, {
      ...validBody(),
      name: 'Cordless Planer Pro',
      price: 169,
      img: otherImg,
      availableQuantity: 75,
      version: original.version,
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      ...original,
      name: 'Cordless Planer Pro',
      price: 169,
      priceFrom: 169,
      priceTo: 169,
      img: otherImg,
      availableQuantity: 75,
      // The product's row and its default variant's (issue 34): one step each.
      version: original.version + 2,
    };
    expect(ProductSchema.parse(res.json())).toEqual(expected);
    expect(res.headers.etag).toBe(`"${original.version + 2}"`);
    expect(await shown(original._id)).toEqual(expected);
    expect((await list()).find((p) => p._id === original._id)).toEqual(expected);
  });

  it('refuses an edit made on a version that a sale has since changed (409), changing nothing', async () => {
    const opened = await createdProduct({ availableQuantity: 100 });
    // What a purchase does to the product: takes stock (the database bumps the version itself).
    await t.database.db
      .update(variant)
      .set({ availableQuantity: sql`${variant.availableQuantity} - 10` })
      .where(eq(variant.productId, opened._id));
    await afterDirectWrite();
    const afterSale = await shown(opened._id);
    expect(afterSale.availableQuantity).toBe(90);

    const res = await update(opened._id, {
      ...validBody(),
      name: 'Stale Rename',
      availableQuantity: 100,
      version: opened.version,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'This product changed since you opened it. Reload to see the current values.',
    });
    expect(await shown(opened._id)).toEqual(afterSale);
    expect((await auditFor(opened._id)).map((e) => e.action)).toEqual(['product.create']);
  });

  it('applies an edit without a version as sent (the spec client sends the whole product)', async () => {
    const original = await createdProduct();
    const res = await update(original._id, {
      ...original,
      version: undefined,
      availableQuantity: 12,
      description: 'Now with a dust bag.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: original._id,
      availableQuantity: 12,
      description: 'Now with a dust bag.',
      version: original.version + 2,
    });
  });

  it('honours If-Match with the version, as the body version', async () => {
    const original = await createdProduct();
    // The entity tag is the version and a hash of the bytes (a kit's stock is its parts').
    const etag = (await fetchProduct(original._id)).headers.etag as string;
    expect(etag).toMatch(new RegExp(`^"${original.version}-[A-Za-z0-9_-]+"$`));

    const body = { ...validBody(), name: 'Matched' };
    const ok = await update(original._id, body, admin, { 'if-match': etag });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().version).toBe(original.version + 2);

    for (const ifMatch of [etag, 'W/"2"', '"not-a-version"', 'garbage']) {
      const stale = await update(original._id, { ...body, name: 'Stale' }, admin, {
        'if-match': ifMatch,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('CONFLICT');
    }
    const listed = await update(original._id, { ...body, name: 'One of many' }, admin, {
      'if-match': `"1", "${original.version + 2}"`,
    });
    expect(listed.statusCode).toBe(200);
    const any = await update(original._id, { ...body, name: 'Any' }, admin, { 'if-match': '*' });
    expect(any.statusCode).toBe(200);
    expect(await shown(original._id)).toMatchObject({
      name: 'Any',
      version: original.version + 6,
    });
  });

  it('refuses a body version and an If-Match that disagree', async () => {
    const original = await createdProduct();
    const res = await update(original._id, { ...validBody(), version: original.version }, admin, {
      'if-match': `"${original.version + 5}"`,
    });
    expect(res.statusCode).toBe(409);
  });

  it('validates like POST, and needs one of our images', async () => {
    const original = await createdProduct();
    const missing = await update(original._id, { name: 'Only a name' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({ price: 'Price is required' });
    const foreign = await update(original._id, {
      ...validBody(),
      img: `/images/${'f'.repeat(64)}.webp`,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual({ img: 'Image must be uploaded to this shop' });
    const badVersion = await update(original._id, { ...validBody(), version: '1' });
    expect(badVersion.statusCode).toBe(400);
    expect(await shown(original._id)).toEqual(original);
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-a-uuid'],
    ['an id with SQL in it', "1' OR '1'='1"],
  ])('answers 404 for %s', async (_label, id) => {
    const res = await update(id, validBody());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Product not found' });
  });

  it('writes an audit record with the product before and after', async () => {
    const original = await createdProduct({ name: 'Before Name', price: 10 });
    await update(original._id, { ...validBody(), name: 'After Name', price: 12.5 });
    const [entry] = await auditFor(original._id);
    expect(entry).toMatchObject({
      action: 'product.update',
      actorEmail: admin.email,
      targetType: 'product',
      before: { name: 'Before Name', priceCents: 1000, version: 1 },
      after: { name: 'After Name', priceCents: 1250, version: 3 },
    });
  });
});

describe('DELETE /api/products/{id}', () => {
  it('deletes: gone from the list, 404 afterwards, audited with the product as it was', async () => {
    const doomed = await createdProduct({ name: 'Doomed Drill' });
    const res = await remove(doomed._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });

    expect((await list()).some((p) => p._id === doomed._id)).toBe(false);
    expect((await fetchProduct(doomed._id)).statusCode).toBe(404);
    const again = await remove(doomed._id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Product not found' });
    expect((await update(doomed._id, validBody())).statusCode).toBe(404);

    const [entry] = await auditFor(doomed._id);
    expect(entry).toMatchObject({
      action: 'product.delete',
      actorEmail: admin.email,
      before: { id: doomed._id, name: 'Doomed Drill' },
      after: null,
    });
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '507f1f77bcf86cd799439011'])(
    'answers 404 for %s',
    async (id) => {
      const before = await productCount();
      const res = await remove(id);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
      expect(await productCount()).toBe(before);
    },
  );
});

describe('existing orders keep what was ordered', () => {
  it('keeps the name and price snapshot through an edit and a delete', async () => {
    const ordered = await createdProduct({ name: 'Snapshot Sander', price: 59.5 });
    const [buyer] = await t.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, customer.email));
    const [order] = await t.database.db
      .insert(purchase)
      .values({
        checkoutId: await createCheckout(t.database.db, buyer!.id),
        userId: buyer!.id,
        productId: ordered._id,
        productName: ordered.name,
        unitPriceCents: 5950,
        quantity: 4,
        totalCents: 23800,
        customerName: customer.name,
        customerEmail: customer.email,
      })
      .returning();
    const snapshot = {
      productName: 'Snapshot Sander',
      unitPriceCents: 5950,
      quantity: 4,
      totalCents: 23800,
    };

    expect(
      (await update(ordered._id, { ...validBody(), name: 'Renamed Sander', price: 99 })).statusCode,
    ).toBe(200);
    const [afterEdit] = await t.database.db
      .select()
      .from(purchase)
      .where(eq(purchase.id, order!.id));
    expect(afterEdit).toMatchObject({ ...snapshot, productId: ordered._id });

    expect((await remove(ordered._id)).statusCode).toBe(200);
    const [afterDelete] = await t.database.db
      .select()
      .from(purchase)
      .where(eq(purchase.id, order!.id));
    expect(afterDelete).toMatchObject({ ...snapshot, productId: null });
  });
});
