import { randomUUID } from 'node:crypto';
import { asc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  PRICE_LIST_NAME_TAKEN_MESSAGE,
  PRICE_LIST_NOT_FOUND_MESSAGE,
  type PriceList,
  type PriceListBody,
  PriceListListSchema,
  PriceListSchema,
} from '../../../shared/price-lists.ts';
import {
  auditLog,
  category,
  companyAccount,
  priceList,
  priceListDiscount,
  priceListPrice,
} from '../../db/schema.ts';
import type { SignedIn } from '../../testing/accounts.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { createTestCompany } from '../../testing/companies.ts';
import { createProduct } from '../../testing/factories.ts';
import { signUpWithRole } from '../../testing/staff.ts';

// Staff's contract price lists (issue 37, ADR 059): prices by SKU stored per variant in cents,
// percents per category in basis points, names unique whatever their case, unknown SKUs and
// categories named, deletion falling back to no list, the audit log and who may call.

const t = setUpAppWithAccounts();
const db = () => t.database.db;

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  who: SignedIn | null = t.admin,
) => t.app.inject({ method, url: `/api/price-lists${url}`, payload, headers: who?.headers });

const unique = () => randomUUID().slice(0, 8);

async function create(body: PriceListBody): Promise<PriceList> {
  const res = await call('POST', '', body);
  expect(res.statusCode, res.body).toBe(201);
  return PriceListSchema.parse(res.json());
}

async function newCategory(): Promise<{ id: string; name: string }> {
  const name = `Fixings ${unique()}`;
  const [row] = await db()
    .insert(category)
    .values({ name, slug: name.toLowerCase().replace(/\s+/g, '-') })
    .returning({ id: category.id, name: category.name });
  return row!;
}

const auditOf = async (id: string) =>
  db()
    .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(eq(auditLog.targetId, id))
    .orderBy(asc(auditLog.id));

describe('staff price lists', () => {
  it('stores prices by variant in cents and percents in basis points; SKUs in any case', async () => {
    const drill = await createProduct(db(), { name: 'List Drill', priceCents: 20_000 });
    const saw = await createProduct(db(), { name: 'List Saw', priceCents: 15_000 });
    const fixings = await newCategory();
    const name = `Builders ${unique()}`;
    const made = await create({
      name,
      prices: [
        { sku: drill.sku.toLowerCase(), price: 170.5 },
        { sku: saw.sku, price: 99.99 },
      ],
      discounts: [{ categoryId: fixings.id, percent: 12.5 }],
    });
    expect(made).toMatchObject({
      name,
      discounts: [{ categoryId: fixings.id, categoryName: fixings.name, percent: 12.5 }],
      companies: [],
    });
    expect(made.prices).toEqual(
      expect.arrayContaining([
        { sku: drill.sku, variantId: drill.variantId, productName: 'List Drill', price: 170.5 },
        { sku: saw.sku, variantId: saw.variantId, productName: 'List Saw', price: 99.99 },
      ]),
    );
    expect(made.prices).toHaveLength(2);
    const prices = await db()
      .select({ variantId: priceListPrice.variantId, cents: priceListPrice.priceCents })
      .from(priceListPrice)
      .where(eq(priceListPrice.priceListId, made.id));
    expect(prices).toEqual(
      expect.arrayContaining([
        { variantId: drill.variantId, cents: 17_050 },
        { variantId: saw.variantId, cents: 9_999 },
      ]),
    );
    const [discount] = await db()
      .select()
      .from(priceListDiscount)
      .where(eq(priceListDiscount.priceListId, made.id));
    expect(discount).toMatchObject({ categoryId: fixings.id, percentBp: 1_250 });
    expect((await auditOf(made.id)).map((row) => row.action)).toEqual(['price-list.create']);

    const one = await call('GET', `/${made.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(PriceListSchema.parse(one.json())).toEqual(made);
    const all = PriceListListSchema.parse((await call('GET', '')).json());
    expect(all.priceLists.find((list) => list.id === made.id)).toEqual(made);
  });

  it('names an unknown SKU or category, one listed twice, and refuses a name taken in any case', async () => {
    const drill = await createProduct(db());
    const fixings = await newCategory();
    const unknownSku = `NOPE-${unique()}`;
    const bad = await call('POST', '', {
      name: `Bad ${unique()}`,
      prices: [
        { sku: drill.sku, price: 10 },
        { sku: unknownSku, price: 5 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      message: `Unknown SKU: ${unknownSku}`,
      fields: { 'prices.1.sku': `Unknown SKU: ${unknownSku}` },
    });
    const missingCategory = randomUUID();
    const badCategory = await call('POST', '', {
      name: `Bad ${unique()}`,
      discounts: [
        { categoryId: fixings.id, percent: 5 },
        { categoryId: missingCategory, percent: 5 },
      ],
    });
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json().fields).toEqual({
      'discounts.1.categoryId': `Unknown category: ${missingCategory}`,
    });
    const twice = await call('POST', '', {
      name: `Bad ${unique()}`,
      prices: [
        { sku: drill.sku, price: 10 },
        { sku: drill.sku.toLowerCase(), price: 9 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fields).toHaveProperty('prices.1.sku');
    const fine = await call('POST', '', {
      name: `Bad ${unique()}`,
      discounts: [{ categoryId: fixings.id, percent: 12.345 }],
    });
    expect(fine.statusCode).toBe(400);
    expect(fine.json().fields).toHaveProperty('discounts.0.percent');
    const over = await call('POST', '', {
      name: `Bad ${unique()}`,
      discounts: [{ categoryId: fixings.id, percent: 100 }],
    });
    expect(over.statusCode).toBe(400);
    // Nothing of the refused lists was kept.
    const kept = await db()
      .select({ id: priceList.id })
      .from(priceList)
      .where(like(priceList.name, 'Bad %'));
    expect(kept).toEqual([]);

    const name = `Trade ${unique()}`;
    const first = await create({ name });
    const taken = await call('POST', '', { name: name.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      message: PRICE_LIST_NAME_TAKEN_MESSAGE,
      fields: { name: PRICE_LIST_NAME_TAKEN_MESSAGE },
    });
    const second = await create({ name: `Other ${unique()}` });
    const renamed = await call('PUT', `/${second.id}`, { name: name.toLowerCase() });
    expect(renamed.statusCode).toBe(409);
    // Its own name in another case is fine.
    const same = await call('PUT', `/${first.id}`, { name: name.toLowerCase() });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('replaces a list on update and logs before and after', async () => {
    const drill = await createProduct(db());
    const saw = await createProduct(db());
    const fixings = await newCategory();
    const made = await create({
      name: `Edit ${unique()}`,
      prices: [{ sku: drill.sku, price: 50 }],
      discounts: [{ categoryId: fixings.id, percent: 10 }],
    });
    const res = await call('PUT', `/${made.id}`, {
      name: made.name,
      prices: [{ sku: saw.sku, price: 40 }],
      discounts: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = PriceListSchema.parse(res.json());
    expect(updated.prices.map((entry) => [entry.sku, entry.price])).toEqual([[saw.sku, 40]]);
    expect(updated.discounts).toEqual([]);
    const log = await auditOf(made.id);
    expect(log.map((row) => row.action)).toEqual(['price-list.create', 'price-list.update']);
    expect(log[1]!.before).toMatchObject({
      prices: [{ variantId: drill.variantId, priceCents: 5_000 }],
      discounts: [{ categoryId: fixings.id, percentBp: 1_000 }],
    });
    expect(log[1]!.after).toMatchObject({
      prices: [{ variantId: saw.variantId, priceCents: 4_000 }],
      discounts: [],
    });
    for (const id of [randomUUID(), 'not-an-id']) {
      const missing = await call('PUT', `/${id}`, { name: 'Nobody' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(PRICE_LIST_NOT_FOUND_MESSAGE);
      expect((await call('GET', `/${id}`)).statusCode).toBe(404);
    }
  });

  it('shows the companies it is assigned to; deleted, they fall back to no list', async () => {
    const made = await create({ name: `Assigned ${unique()}` });
    const company = await createTestCompany(t, {
      name: `Acme ${unique()}`,
      members: {},
      priceListId: made.id,
    });
    const shown = PriceListSchema.parse((await call('GET', `/${made.id}`)).json());
    expect(shown.companies).toEqual([{ id: company.id, name: company.name }]);
    const deleted = await call('DELETE', `/${made.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await call('GET', `/${made.id}`)).statusCode).toBe(404);
    const [account] = await db()
      .select({ priceListId: companyAccount.priceListId })
      .from(companyAccount)
      .where(eq(companyAccount.organizationId, company.id));
    expect(account).toEqual({ priceListId: null });
    const log = await auditOf(made.id);
    expect(log.map((row) => row.action)).toEqual(['price-list.create', 'price-list.delete']);
    expect(log[1]!.before).toMatchObject({ companies: [{ id: company.id }] });
    expect((await call('DELETE', `/${made.id}`)).statusCode).toBe(404);
  });

  it('is for staff with admin.other only: customers, catalogue and warehouse are refused', async () => {
    const made = await create({ name: `Private ${unique()}` });
    const catalogue = await signUpWithRole(t, 'catalogue');
    const warehouse = await signUpWithRole(t, 'warehouse');
    for (const who of [t.customer, catalogue, warehouse]) {
      expect((await call('GET', '', undefined, who)).statusCode).toBe(403);
      expect((await call('POST', '', { name: `No ${unique()}` }, who)).statusCode).toBe(403);
      expect((await call('PUT', `/${made.id}`, { name: 'No' }, who)).statusCode).toBe(403);
      expect((await call('DELETE', `/${made.id}`, undefined, who)).statusCode).toBe(403);
    }
    expect((await call('GET', '', undefined, null)).statusCode).toBe(401);
    expect((await call('GET', `/${made.id}`)).statusCode).toBe(200);
  });
});
