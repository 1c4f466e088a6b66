import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_EXPORT_COLUMNS, PRODUCT_EXPORT_COLUMNS } from '../../../shared/order-export.ts';
import { purchase } from '../../db/schema.ts';
import { signUp, signUpAdmin, type SignedIn } from '../../testing/accounts.ts';
import {
  createCheckout,
  createProduct,
  userIdOf,
  type TestProduct,
} from '../../testing/factories.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { CSV_BOM } from '../csv/csv.ts';
import { EXPORT_BATCH_SIZE } from './exports.service.ts';

let t: TestApp;
let admin: SignedIn;
let customer: SignedIn;
let customerId: string;
let item: TestProduct;

const get = (url: string, who: SignedIn | null = admin) =>
  t.app.inject({ method: 'GET', url, ...(who && { headers: who.headers }) });

/** The CSV's lines without the byte order mark, split on CRLF (no field here spans lines). */
const linesOf = (body: string) => {
  expect(body.startsWith(CSV_BOM)).toBe(true);
  return body.slice(1).split('\r\n').filter(Boolean);
};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUpAdmin(t);
  customer = await signUp(t.app, { name: '=HYPERLINK("http://evil.example","Click")' });
  customerId = await userIdOf(t.database.db, customer.email);
  item = await createProduct(t.database.db, { name: 'Export Drill, 18V', priceCents: 12_999 });
  const base = {
    userId: customerId,
    productId: item.id,
    productName: item.name,
    variantId: item.variantId,
    sku: item.sku,
    variantLabel: '18V',
    unitPriceCents: item.priceCents,
    customerName: customer.name,
    customerEmail: customer.email,
    address: '@home',
  };
  await t.database.db.insert(purchase).values([
    {
      ...base,
      checkoutId: await createCheckout(t.database.db, customerId, { poReference: 'PO-4711' }),
      quantity: 2,
      totalCents: 25_998,
      paid: true,
      paidAt: sql`now()`,
      transactionId: 'pi_export_1',
      createdAt: sql`'2026-03-10 23:30:00+00'`,
    },
    {
      ...base,
      checkoutId: await createCheckout(t.database.db, customerId),
      quantity: 1,
      totalCents: 12_999,
      status: 'cancelled',
      createdAt: sql`'2026-03-12 12:00:00+00'`,
    },
  ]);
});
afterAll(() => t.close());

describe('GET /api/purchase1.csv', () => {
  it('is for admins only', async () => {
    expect((await get('/api/purchase1.csv', null)).statusCode).toBe(401);
    expect((await get('/api/purchase1.csv', customer)).statusCode).toBe(403);
    expect((await get('/api/products.csv', customer)).statusCode).toBe(403);
  });

  it('downloads the accounting columns, with formulas neutralised', async () => {
    const res = await get('/api/purchase1.csv?from=2026-03-01&to=2026-03-31');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-.*\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const [header, first, second, ...rest] = linesOf(res.body);
    expect(header).toBe(ORDER_EXPORT_COLUMNS.join(','));
    expect(rest).toEqual([]);
    expect(first).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(first).toMatch(
      /,"Export Drill, 18V",2,129\.99,259\.98,pending,yes,pi_export_1,C-\d+,PO-4711,0\.00,([^,]+),18V,0\.00,0\.00,0\.00,259\.98,,,0\.00,$/,
    );
    // Issue 34: what was sold is a variant, its SKU and label after Refunded; issue 35's columns
    // (tax, shipping, shipping tax, amount, method, country) follow them, then issue 36's
    // (discount, promotions).
    expect(first!.split(',').at(-10)).toBe(item.sku);
    expect(first).toMatch(/,2026-03-10 23:30,/);
    expect(second).toContain(',1,129.99,129.99,cancelled,no,');
  });

  it('filters by status and by whole days in the given time zone', async () => {
    const cancelled = linesOf((await get('/api/purchase1.csv?status=cancelled')).body);
    expect(cancelled.slice(1).every((line) => line.includes(',cancelled,'))).toBe(true);
    expect(cancelled.length).toBeGreaterThan(1);

    // 23:30 UTC on the 10th is already the 11th in Berlin.
    const berlin11 = linesOf(
      (await get('/api/purchase1.csv?from=2026-03-11&to=2026-03-11&tz=Europe/Berlin')).body,
    );
    expect(berlin11).toHaveLength(2);
    expect(berlin11[1]).toMatch(/,2026-03-11 00:30,/);
    const utc11 = linesOf((await get('/api/purchase1.csv?from=2026-03-11&to=2026-03-11')).body);
    expect(utc11).toHaveLength(1);
  });

  it('refuses bad filters', async () => {
    for (const query of [
      'from=yesterday',
      'status=lost',
      'from=2026-03-12&to=2026-03-01',
      'tz=Nowhere/City',
      // Known to Intl, not among PostgreSQL's zone names: a 400, never a 200 cut after the header.
      'tz=SystemV/AST4',
      'tz=US/Pacific-New',
    ]) {
      const res = await get(`/api/purchase1.csv?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('streams more orders than one batch, each exactly once', async () => {
    const count = EXPORT_BATCH_SIZE * 2 + 17;
    const bulk = await createCheckout(t.database.db, customerId);
    await t.database.db.execute(sql`
      INSERT INTO purchase (checkout_id, user_id, product_id, product_name, unit_price_cents,
        quantity, total_cents, customer_name, customer_email, created_at)
      SELECT ${bulk}, ${customerId}, ${item.id}, 'Bulk ' || g, 100, 1, 100, 'Bulk Buyer',
        'bulk@example.com',
        '2025-01-01'::timestamptz + make_interval(secs => g / 10)
      FROM generate_series(1, ${count}) AS g`);
    const lines = linesOf((await get('/api/purchase1.csv?from=2025-01-01&to=2025-01-01')).body);
    expect(lines).toHaveLength(count + 1);
    const names = new Set(lines.slice(1).map((line) => line.split(',')[4]));
    expect(names.size).toBe(count);
  });
});

describe('GET /api/products.csv', () => {
  it('lists every product with absolute image links', async () => {
    const res = await get('/api/products.csv');
    expect(res.statusCode).toBe(200);
    const lines = linesOf(res.body);
    expect(lines[0]).toBe(PRODUCT_EXPORT_COLUMNS.join(','));
    const drill = lines.find((line) => line.includes('"Export Drill, 18V"'));
    expect(drill).toContain(`${item.id},"Export Drill, 18V",129.99,`);
    expect(drill).toContain('http://localhost:3000/images/');
    // Issue 34: keyed by SKU, then Options, Weight (g) and Parts (none for a plain variant);
    // issue 35: then its Tax class.
    expect(drill).toMatch(new RegExp(`,${item.sku},,0,,standard$`));
    expect(lines.length).toBeGreaterThan(14);
  });
});
