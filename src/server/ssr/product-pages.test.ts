import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_WITHDRAWN_MESSAGE } from '../../shared/for-sale.ts';
import type { Product } from '../../shared/product.ts';
import { signUp, signUpAdmin, type SignedIn } from '../testing/accounts.ts';
import { buildSsrTestApp } from '../testing/ssr-test-app.ts';
import type { TestApp } from '../testing/test-app.ts';

// ADR 030: /purchase/:productId arrives with the product's public part rendered and embedded
// (cacheable, the same for everyone); what depends on the customer renders in the browser.

let t: TestApp;
let admin: SignedIn;
let customer: SignedIn;

beforeAll(async () => {
  t = await buildSsrTestApp();
  admin = await signUpAdmin(t);
  customer = await signUp(t.app);
});
afterAll(async () => {
  await t?.close();
});

async function firstProduct(): Promise<Product> {
  const [first] = (await t.app.inject('/api/products')).json() as Product[];
  return first!;
}

const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

describe('/purchase/:productId', () => {
  it('arrives with the product, its first picture eager and sized, and noindex', async () => {
    const product = await firstProduct();
    const res = await t.app.inject(`/purchase/${product._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>${escaped(product.name)} — Toolhouse</title>`);
    expect(res.body).toContain('<meta name="robots" content="noindex"/>');
    expect(res.body).not.toContain('rel="canonical"');
    expect(res.body).toContain(`<h1 class="text-3xl font-bold">${escaped(product.name)}</h1>`);
    expect(res.body).toContain(`Stock available: <!-- -->${product.availableQuantity}`);
    const image = /<img [^>]*fetchPriority="high"[^>]*>/.exec(res.body)?.[0] ?? '';
    expect(image).toContain(`src="${product.img}"`);
    expect(image).toContain('loading="eager"');
    expect(image).toContain('width="600"');
    expect(image).toContain('height="450"');
    // The product as GET /api/products/{id} answers it, embedded for hydration.
    const block = /<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(
      res.body,
    );
    const embedded = JSON.parse(block![1]!) as {
      queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    };
    expect(embedded.queries.queries).toEqual([
      expect.objectContaining({
        queryKey: ['products', 'page', product._id],
        state: expect.objectContaining({
          data: (await t.app.inject(`/api/products/${product._id}`)).json(),
        }),
      }),
    ]);
  });

  it('is the same page for everyone: no form, no session, nothing of the visitor', async () => {
    const product = await firstProduct();
    const anonymous = await t.app.inject(`/purchase/${product._id}`);
    const signedIn = await t.app.inject({
      url: `/purchase/${product._id}`,
      headers: customer.headers,
    });
    expect(signedIn.body).toBe(anonymous.body);
    expect(anonymous.body).not.toContain(customer.email);
    expect(anonymous.body).not.toContain('<form');
    expect(anonymous.body).not.toContain('Order Quantity');
    expect(anonymous.body).toContain('Loading the order form');
  });

  it.each([
    ['an unknown id', '/purchase/00000000-0000-4000-8000-000000000000'],
    ['a malformed id', '/purchase/not-an-id'],
  ])('answers %s with the not-found page and 404', async (_label, url) => {
    const res = await t.app.inject(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Oops! The page you&#x27;re looking for isn&#x27;t here.');
    expect(res.body).toContain('<meta name="robots" content="noindex"/>');
  });

  it('follows a change of the product at once (the page cache keys on the products version)', async () => {
    const product = await firstProduct();
    const before = await t.app.inject(`/purchase/${product._id}`);
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product._id}`,
      headers: admin.headers,
      payload: {
        name: 'Renamed Page Drill',
        price: product.price,
        description: product.description,
        img: product.img,
        minQuantity: product.minQuantity,
        availableQuantity: product.availableQuantity,
        version: product.version,
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await t.app.inject(`/purchase/${product._id}`);
    expect(before.body).not.toContain('Renamed Page Drill');
    expect(after.body).toContain('<h1 class="text-3xl font-bold">Renamed Page Drill</h1>');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('stays out of sitemap.xml', async () => {
    const sitemap = await t.app.inject('/sitemap.xml');
    expect(sitemap.body).not.toContain('/purchase/');
  });
});

// Issue 39: a product a safety recall withdrew says so on its server-rendered pages (its product
// page and its card on /allProducts), in place of the stock, until the recall is lifted.
describe('a withdrawn product’s pages', () => {
  it('say it is withdrawn for a safety recall, and no longer once the recall is lifted', async () => {
    const product = await firstProduct();
    const before = await t.app.inject(`/purchase/${product._id}`);
    expect(before.body).not.toContain(PRODUCT_WITHDRAWN_MESSAGE);

    const recalled = await t.app.inject({
      method: 'POST',
      url: '/api/recalls',
      headers: admin.headers,
      payload: {
        productId: product._id,
        paidFrom: '2020-01-01',
        paidTo: new Date().toISOString().slice(0, 10),
        title: 'Switch may stick',
        hazard: 'The trigger can stay on when released.',
        remedy: 'Stop using it and contact us.',
        withdraw: true,
      },
    });
    expect(recalled.statusCode, recalled.body).toBe(201);

    const page = await t.app.inject(`/purchase/${product._id}`);
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
    const after = await t.app.inject(`/purchase/${product._id}`);
    expect(after.body).not.toContain(PRODUCT_WITHDRAWN_MESSAGE);
    expect(after.body).toContain(`Stock available: <!-- -->${product.availableQuantity}`);
  });
});
