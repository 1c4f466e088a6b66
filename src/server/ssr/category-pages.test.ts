import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCategories, seedProducts } from '../db/seed/catalogue.ts';
import { signUpAdmin, type SignedIn } from '../testing/accounts.ts';
import { buildSsrTestApp } from '../testing/ssr-test-app.ts';
import type { TestApp } from '../testing/test-app.ts';

// Issue 24: /category/:slug, server-rendered like /allProducts, with its own head and JSON-LD.

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await buildSsrTestApp();
  admin = await signUpAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  );
}

describe('/category/:slug', () => {
  it('arrives whole: its name, description, products, canonical URL and BreadcrumbList', async () => {
    const saws = seedCategories.find((c) => c.slug === 'saws')!;
    const res = await t.app.inject('/category/saws');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>${saws.name} — Toolhouse</title>`);
    expect(res.body).toContain(`<meta name="description" content="${saws.description}"/>`);
    expect(res.body).toContain('<link rel="canonical" href="https://shop.example/category/saws"/>');
    for (const product of seedProducts.filter((p) => p.category === 'saws'))
      expect(res.body).toContain(product.name.replace(/"/g, '&quot;'));
    expect(res.body).not.toContain('Cordless Drill/Driver');
    const breadcrumb = jsonLdOf(res.body).find((data) => data['@type'] === 'BreadcrumbList');
    expect(breadcrumb?.['itemListElement']).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example/' },
      {
        '@type': 'ListItem',
        position: 2,
        name: 'All Products',
        item: 'https://shop.example/allProducts',
      },
      {
        '@type': 'ListItem',
        position: 3,
        name: saws.name,
        item: 'https://shop.example/category/saws',
      },
    ]);
  });

  it('an unknown slug is the not-found page with status 404', async () => {
    const res = await t.app.inject('/category/no-such-category');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('noindex');
    expect(res.body).not.toContain('rel="canonical"');
  });

  it('shows a new category at once, and sitemap.xml lists every category page', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: admin.headers,
      payload: { name: 'Lasers', description: 'Line and rotary lasers.' },
    });
    expect(created.statusCode).toBe(201);
    expect((await t.app.inject('/category/lasers')).statusCode).toBe(200);
    const sitemap = await t.app.inject('/sitemap.xml');
    const locs = [...sitemap.body.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const slug of [...seedCategories.map((c) => c.slug), 'lasers'])
      expect(locs).toContain(`https://shop.example/category/${slug}`);
    expect(locs.some((loc) => loc?.includes(':slug'))).toBe(false);
  });
});
