import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_WITHDRAWN_MESSAGE } from '../../shared/for-sale.ts';
import type { Product } from '../../shared/product.ts';
import { signUpAdmin, type SignedIn } from '../testing/accounts.ts';
import { buildSsrTestApp } from '../testing/ssr-test-app.ts';
import type { TestApp } from '../testing/test-app.ts';

// Issue 39: a product a safety recall withdrew says so on its server-rendered pages (its product
// page and its card on /allProducts), in place of the stock, until the recall is lifted.

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await buildSsrTestApp();
  admin = await signUpAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

describe('a withdrawn product’s pages', () => {
  it('say it is withdrawn for a safety recall, and no longer once the recall is lifted', async () => {
    const [product] = (await t.app.inject('/api/products')).json() as Product[];
    const before = await t.app.inject(`/purchase/${product!._id}`);
    expect(before.body).not.toContain(PRODUCT_WITHDRAWN_MESSAGE);

    const recalled = await t.app.inject({
      method: 'POST',
      url: '/api/recalls',
      headers: admin.headers,
      payload: {
        productId: product!._id,
        paidFrom: '2020-01-01',
        paidTo: new Date().toISOString().slice(0, 10),
        title: 'Switch may stick',
        hazard: 'The trigger can stay on when released.',
        remedy: 'Stop using it and contact us.',
        withdraw: true,
      },
    });
    expect(recalled.statusCode, recalled.body).toBe(201);

    const page = await t.app.inject(`/purchase/${product!._id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(PRODUCT_WITHDRAWN_MESSAGE);
    expect(page.body).not.toContain('Stock available:');
    const list = await t.app.inject('/allProducts');
    expect(list.body).toContain(PRODUCT_WITHDRAWN_MESSAGE);

    const lifted = await t.app.inject({
      method: 'POST',
      url: `/api/recalls/${(recalled.json() as { _id: string })._id}/lift`,
      headers: admin.headers,
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    const after = await t.app.inject(`/purchase/${product!._id}`);
    expect(after.body).not.toContain(PRODUCT_WITHDRAWN_MESSAGE);
    expect(after.body).toContain(`Stock available: <!-- -->${product!.availableQuantity}`);
  });
});
