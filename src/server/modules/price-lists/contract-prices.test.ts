import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MyPricesSchema } from '../../../shared/price-lists.ts';
import { category, product, variant } from '../../db/schema.ts';
import type { SignedIn } from '../../testing/accounts.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { createTestCompany } from '../../testing/companies.ts';
import { afterDirectWrite, createProduct, type TestProduct } from '../../testing/factories.ts';

// GET /api/contract-prices (issue 37, ADR 059): a member of a company with a price list gets the
// contract price of one unit per variant where it differs from the public price; anyone else gets
// none; never cached.

const t = setUpAppWithAccounts();
const db = () => t.database.db;
const unique = () => randomUUID().slice(0, 8);

const myPrices = (who: SignedIn | null, ids: readonly string[]) =>
  t.app.inject({
    method: 'GET',
    url: `/api/contract-prices?productIds=${ids.join(',')}`,
    headers: who?.headers,
  });

async function createList(body: object): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/price-lists',
    headers: t.admin.headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

async function inNewCategory(item: TestProduct): Promise<string> {
  const name = `Blades ${unique()}`;
  const [row] = await db()
    .insert(category)
    .values({ name, slug: name.toLowerCase().replace(/\s+/g, '-') })
    .returning({ id: category.id });
  await db().update(product).set({ categoryId: row!.id }).where(eq(product.id, item.id));
  await afterDirectWrite();
  return row!.id;
}

describe('a member’s contract prices', () => {
  it('are the list’s prices of one unit, where they differ from the public price; not cached', async () => {
    const drill = await createProduct(db(), { priceCents: 20_000 });
    const blade = await createProduct(db(), { priceCents: 9_999 });
    const dearer = await createProduct(db(), { priceCents: 5_000 });
    const plain = await createProduct(db(), { priceCents: 3_000 });
    const blades = await inNewCategory(blade);
    const name = `Site ${unique()}`;
    const listId = await createList({
      name,
      prices: [
        { sku: drill.sku, price: 170 },
        // Above the public price: the public price stays (nothing to show).
        { sku: dearer.sku, price: 60 },
      ],
      discounts: [{ categoryId: blades, percent: 12.5 }],
    });
    const company = await createTestCompany(t, {
      members: { buyer: { role: 'buyer' } },
      priceListId: listId,
    });
    const res = await myPrices(company.members.buyer!, [drill.id, blade.id, dearer.id, plain.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    // The blade: $99.99 less 12.5% = 9999 - round(1249.875) = 9999 - 1250 = 8749 cents.
    expect(MyPricesSchema.parse(res.json())).toEqual({
      priceListName: name,
      prices: { [drill.variantId]: 170, [blade.variantId]: 87.49 },
      products: { [drill.id]: 170, [blade.id]: 87.49 },
    });
  });

  it('are none for a member without a list, a buyer on their own, and 401 signed out', async () => {
    const drill = await createProduct(db(), { priceCents: 20_000 });
    await createList({ name: `Unused ${unique()}`, prices: [{ sku: drill.sku, price: 100 }] });
    const company = await createTestCompany(t, { members: { buyer: { role: 'buyer' } } });
    for (const who of [company.members.buyer!, t.customer]) {
      const res = await myPrices(who, [drill.id]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ priceListName: null, prices: {}, products: {} });
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    expect((await myPrices(null, [drill.id])).statusCode).toBe(401);
  });

  it('follow the list staff assign to the company, and stop when it is taken off', async () => {
    const drill = await createProduct(db(), { priceCents: 20_000 });
    const listId = await createList({
      name: `Assigned ${unique()}`,
      prices: [{ sku: drill.sku, price: 175 }],
    });
    const company = await createTestCompany(t, { members: { buyer: { role: 'buyer' } } });
    const buyer = company.members.buyer!;
    const assign = (priceListId: string | null) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/companies/${company.id}/price-list`,
        headers: t.admin.headers,
        payload: { priceListId },
      });
    expect((await myPrices(buyer, [drill.id])).json().prices).toEqual({});
    const assigned = await assign(listId);
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect((await myPrices(buyer, [drill.id])).json().prices).toEqual({
      [drill.variantId]: 175,
    });
    expect((await assign(null)).statusCode).toBe(200);
    expect((await myPrices(buyer, [drill.id])).json()).toEqual({
      priceListName: null,
      prices: {},
      products: {},
    });
  });

  it('are never another company’s', async () => {
    const drill = await createProduct(db(), { priceCents: 20_000 });
    const ours = await createList({
      name: `Ours ${unique()}`,
      prices: [{ sku: drill.sku, price: 150 }],
    });
    const theirs = await createList({
      name: `Theirs ${unique()}`,
      prices: [{ sku: drill.sku, price: 120 }],
    });
    const us = await createTestCompany(t, {
      members: { me: { role: 'admin' } },
      priceListId: ours,
    });
    const them = await createTestCompany(t, {
      members: { you: { role: 'buyer' } },
      priceListId: theirs,
    });
    expect((await myPrices(us.members.me!, [drill.id])).json().prices).toEqual({
      [drill.variantId]: 150,
    });
    expect((await myPrices(them.members.you!, [drill.id])).json().prices).toEqual({
      [drill.variantId]: 120,
    });
  });

  it('use the break of quantity 1 and every variant of the products; 100 products at most', async () => {
    const drill = await createProduct(db(), { priceCents: 20_000 });
    const [second] = await db()
      .insert(variant)
      .values({
        productId: drill.id,
        sku: `CP-${unique()}`,
        priceCents: 25_000,
        position: 1,
        minQuantity: 1,
        priceBreaks: [{ minQuantity: 10, priceCents: 15_000 }],
      })
      .returning({ id: variant.id, sku: variant.sku });
    await afterDirectWrite();
    const listId = await createList({
      name: `Variants ${unique()}`,
      prices: [
        { sku: drill.sku, price: 190 },
        // Below the break at 10 but that break is not quantity 1's: the price at 1 is $250.
        { sku: second!.sku, price: 140 },
      ],
    });
    const company = await createTestCompany(t, {
      members: { buyer: { role: 'buyer' } },
      priceListId: listId,
    });
    const res = await myPrices(company.members.buyer!, [drill.id, 'not-an-id']);
    expect(res.json()).toMatchObject({
      prices: { [drill.variantId]: 190, [second!.id]: 140 },
      // The product's default variant (the first by position) is the drill's own.
      products: { [drill.id]: 190 },
    });
    const many = Array.from({ length: 101 }, () => randomUUID());
    const tooMany = await myPrices(company.members.buyer!, many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields).toHaveProperty('productIds');
    expect((await myPrices(company.members.buyer!, many.slice(1))).statusCode).toBe(200);
  });
});
