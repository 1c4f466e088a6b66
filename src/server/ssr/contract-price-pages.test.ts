import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CategoryListSchema } from '../../shared/category.ts';
import { formatDollars } from '../../shared/money.ts';
import { ProductListSchema, type Product } from '../../shared/product.ts';
import { signUpAdmin } from '../testing/accounts.ts';
import { createTestCompany, type TestMember } from '../testing/companies.ts';
import { buildSsrTestApp } from '../testing/ssr-test-app.ts';
import type { TestApp } from '../testing/test-app.ts';

// Issue 37 (ADR 059): contract prices are never in the server-rendered (cached) HTML, not even
// when a member of a company with a price list asks for the page with their token: the pages ask
// GET /api/contract-prices after hydration, answered `private, no-store`.

let t: TestApp;
let saw: Product;
let member: TestMember;
const CONTRACT_PRICE = 12.34;

beforeAll(async () => {
  t = await buildSsrTestApp();
  const categories = CategoryListSchema.parse((await t.app.inject('/api/categories')).json());
  const sawsId = categories.find((category) => category.slug === 'saws')!._id;
  const products = ProductListSchema.parse((await t.app.inject('/api/products')).json());
  saw = products.find((product) => product.categoryId === sawsId && product.variantCount === 1)!;
  const admin = await signUpAdmin(t);
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/price-lists',
    headers: admin.headers,
    payload: { name: 'SSR contract', prices: [{ sku: saw.sku, price: CONTRACT_PRICE }] },
  });
  expect(made.statusCode, made.body).toBe(201);
  const company = await createTestCompany(t, {
    members: { buyer: { role: 'buyer' } },
    priceListId: (made.json() as { id: string }).id,
  });
  member = company.members.buyer!;
});
afterAll(async () => {
  await t?.close();
});

const page = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ url, headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/html');
  return res.body;
};

describe('contract prices and server-rendered pages', () => {
  it('the member’s API answer has the price, private and not stored', async () => {
    const res = await t.app.inject({
      url: `/api/contract-prices?productIds=${saw._id}`,
      headers: member.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json().products).toEqual({ [saw._id]: CONTRACT_PRICE });
  });

  it('the product page and the cards never hold it, whoever asks', async () => {
    for (const url of [`/purchase/${saw._id}`, '/category/saws']) {
      const anonymous = await page(url);
      const asMember = await page(url, member.headers);
      for (const html of [anonymous, asMember]) {
        expect(html).toContain(formatDollars(saw.price));
        expect(html).not.toContain(formatDollars(CONTRACT_PRICE));
        expect(html).not.toContain('Your price');
        expect(html).not.toContain('SSR contract');
      }
    }
  });
});
