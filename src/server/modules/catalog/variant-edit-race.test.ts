import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLostRace } from '../../errors.ts';
import { signUp, signUpAdmin, type SignedIn } from '../../testing/accounts.ts';
import { createProduct, type TestProduct } from '../../testing/factories.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { storeWebp, toWebp } from '../images/images.service.ts';

// Staff edit a product (PUT /api/products/{id}, PUT /api/products/{id}/variants) while customers
// buy its variants and kits. An order locks its variant rows, then its purchase's foreign key takes
// KEY SHARE of the product row; an editor that held the product row FOR UPDATE and then waited for
// a variant row deadlocked with it ("deadlock detected", one of them aborted). Editors lock the
// product row FOR NO KEY UPDATE, then variant rows in variant-id order, as orders do: no statement
// may lose a race and no answer be a 5xx.

const LOAD_MS = 3_000;

let t: TestApp;
let admin: SignedIn;
let customers: SignedIn[];
let item: TestProduct;
let img: string;
const lostRaces: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  const pool = t.database.pool;
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  Object.assign(pool, {
    query: async (...args: unknown[]) => {
      try {
        return await query(...args);
      } catch (error) {
        if (isLostRace(error)) lostRaces.push((error as { code: string }).code);
        throw error;
      }
    },
  });
  admin = await signUpAdmin(t);
  customers = await Promise.all(Array.from({ length: 4 }, () => signUp(t.app)));
  item = await createProduct(t.database.db, { availableQuantity: 1_000_000 });
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  img = (await storeWebp(t.database.db, await toWebp(png, 1600, 1600))).url;
}, 60_000);
afterAll(() => t?.close());

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

describe('product edits while its variants sell', () => {
  it('never deadlock and never answer 5xx', async () => {
    const answered = new Map<string, number>();
    const count = (what: string, status: number) =>
      answered.set(`${what} ${status}`, (answered.get(`${what} ${status}`) ?? 0) + 1);
    const steps: Record<string, () => Promise<void>> = {
      async buy() {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/purchase',
          headers: pick(customers).headers,
          payload: { productId: item.id, orderQuantity: 1, address: '1 Race Street' },
        });
        count('buy', res.statusCode);
      },
      async edit() {
        const res = await t.app.inject({
          method: 'PUT',
          url: `/api/products/${item.id}`,
          headers: admin.headers,
          payload: {
            name: 'Raced Drill',
            price: 50 + Math.floor(Math.random() * 50),
            img,
            minQuantity: 1,
            availableQuantity: 1_000_000,
          },
        });
        count('edit', res.statusCode);
      },
      async variants() {
        const res = await t.app.inject({
          method: 'PUT',
          url: `/api/products/${item.id}/variants`,
          headers: admin.headers,
          payload: {
            options: [],
            variants: [{ sku: item.sku, price: 60, minQuantity: 1, availableQuantity: 1_000_000 }],
          },
        });
        count('variants', res.statusCode);
      },
    };
    const mix = ['buy', 'buy', 'buy', 'edit', 'variants'];
    const end = Date.now() + LOAD_MS;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (Date.now() < end) await steps[pick(mix)]!();
      }),
    );
    const lines = [...answered].map(([key, n]) => `${key} (${n})`);
    expect(lines.filter((line) => / 5\d\d /.test(line))).toEqual([]);
    expect(lostRaces).toEqual([]);
    expect(answered.get('buy 201') ?? 0).toBeGreaterThan(0);
    expect(answered.get('edit 200') ?? 0).toBeGreaterThan(0);
    expect(answered.get('variants 200') ?? 0).toBeGreaterThan(0);
  }, 60_000);
});
