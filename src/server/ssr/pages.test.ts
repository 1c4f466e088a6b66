import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageRenderer } from '../../shared/page-rendering.ts';
import { pageNames, pageRoutes } from '../../shared/page-routes.ts';
import type { Product } from '../../shared/product.ts';
import type { Review } from '../../shared/review.ts';
import { projectRoot } from '../paths.ts';
import { signUp, signUpAdmin, type SignedIn } from '../testing/accounts.ts';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';

// The server renders public pages from the web app's own entry (the source, as Vite builds it),
// into a minimal index.html like the build's. Two instances share one database.

const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<script type="module" crossorigin src="/assets/index-test.js"></script></head>
<body><div id="root"></div></body></html>`;

let webRoot: string;
let a: TestApp;
let b: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  // The web app's source entry, loaded by path (Vitest compiles it as Vite would): the server's
  // code never imports the web app's.
  const entry = join(projectRoot, 'src', 'web', 'entry-server.tsx');
  const { pageRenderer } = (await import(/* @vite-ignore */ entry)) as {
    pageRenderer: PageRenderer;
  };
  webRoot = mkdtempSync(join(tmpdir(), 'toolhouse-ssr-'));
  writeFileSync(join(webRoot, 'index.html'), TEMPLATE);
  writeFileSync(join(webRoot, 'index-test.js'), 'console.log("app")');
  // A public address (production defaults); the admin edits products without a second factor.
  const env = { PUBLIC_URL: 'https://shop.example', REQUIRE_STAFF_2FA: 'false' };
  a = await buildTestApp({ webRoot, pageRenderer, env });
  b = await buildTestApp({ webRoot, pageRenderer, env, shareDatabaseOf: a });
  admin = await signUpAdmin(a);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** The text a reader sees in some HTML, without tags and entities. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/** The HTML that exists before any script runs: the root element's content. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json"');
  expect(start).toBeGreaterThan(0);
  expect(end).toBeGreaterThan(start);
  return html.slice(start, end);
}

function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  );
}

const products = async (): Promise<Product[]> => (await a.app.inject('/api/products')).json();
/** The first page of /allProducts: the default search (newest first, 24 a page). */
const firstPage = async (): Promise<{ items: Product[] }> =>
  (await a.app.inject('/api/products/search')).json();

describe('server-rendered pages', () => {
  it('/ arrives whole: slides, promos, business summary, the 6 newest products and the reviews', async () => {
    const res = await a.app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const text = textOf(rootOf(res.body));
    for (const expected of ['Eliminates Cords!', 'Learn More', 'Cordless platform', '79+']) {
      expect(text).toContain(expected);
    }
    const all = await products();
    const newest = all.slice(-6);
    for (const product of newest) expect(text).toContain(product.name);
    expect(text).not.toContain(all[0]!.name);
    const reviews: Review[] = (await a.app.inject('/api/reviews')).json();
    expect(reviews.length).toBeGreaterThan(0);
    for (const review of reviews) expect(text).toContain(review.review);
  });

  it('/allProducts arrives with every product card', async () => {
    const res = await a.app.inject('/allProducts');
    expect(res.statusCode).toBe(200);
    const text = textOf(rootOf(res.body));
    const all = await products();
    for (const product of all) expect(text).toContain(product.name);
    expect(rootOf(res.body).match(/>Purchase</g)).toHaveLength(all.length);
  });

  it.each([
    ['/blogs', 'Blogs — Toolhouse'],
    ['/about', 'About — Toolhouse'],
    ['/portfolio', 'Portfolio — Toolhouse'],
    ['/contact', 'Contact Us — Toolhouse'],
    ['/login', 'Login — Toolhouse'],
    ['/register', 'Register — Toolhouse'],
    ['/reset', 'Reset Password — Toolhouse'],
  ])(
    '%s has its own title, description, canonical URL and Open Graph tags',
    async (path, title) => {
      const res = await a.app.inject(path);
      expect(res.statusCode).toBe(200);
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      expect(head).toContain(`<title>${title}</title>`);
      expect(head).toMatch(/<meta name="description" content="[^"]{40,}"\/>/);
      expect(head).toContain(`<link rel="canonical" href="https://shop.example${path}"/>`);
      expect(head).toContain(`<meta property="og:title" content="${title}"/>`);
      expect(head).toContain(`<meta property="og:url" content="https://shop.example${path}"/>`);
      expect(textOf(rootOf(res.body)).length).toBeGreaterThan(200);
    },
  );

  it('/home is the home page, with / as its canonical URL', async () => {
    const res = await a.app.inject('/home');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<link rel="canonical" href="https://shop.example/"/>');
  });

  it('an unknown path is a 404 with the not-found page', async () => {
    const res = await a.app.inject('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(textOf(rootOf(res.body))).toContain("Oops! The page you're looking for isn't here.");
    expect(res.body).toContain('<meta name="robots" content="noindex"/>');
    // Unknown API paths stay JSON.
    const api = await a.app.inject('/api/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('signed-in screens arrive as the empty shell the browser renders', async () => {
    const res = await a.app.inject('/dashboard/myOrders');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('application/json');
  });

  it('embeds the page data as a non-executable JSON block, under the strict CSP', async () => {
    const res = await a.app.inject('/allProducts');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const block = /<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(
      res.body,
    );
    expect(block).not.toBeNull();
    const data = JSON.parse(block![1]!) as {
      queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    };
    const embedded = data.queries.queries.find((query) => query.queryKey[0] === 'products');
    expect(embedded?.queryKey.slice(0, 2)).toEqual(['products', 'search']);
    expect(embedded?.state.data).toEqual(await firstPage());
    // Only the page's data: the session is the browser's business.
    expect(data.queries.queries.map((query) => query.queryKey[0])).toEqual([
      'products',
      'categories',
    ]);
    // No other inline script.
    const scripts = [...res.body.matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
    for (const attributes of scripts) {
      expect(attributes).toMatch(/type="module"[^>]*src=|type="application\/(?:ld\+)?json"/);
    }
  });

  it('sends the page compressed for clients that accept it, with an ETag', async () => {
    const plain = await a.app.inject('/blogs');
    const br = await a.app.inject({ url: '/blogs', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    const again = await a.app.inject({
      url: '/blogs',
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('structured data', () => {
  it('the home page has an Organization', async () => {
    const res = await a.app.inject('/');
    const [organization] = jsonLdOf(res.body);
    expect(organization).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Toolhouse',
      url: 'https://shop.example/',
      foundingDate: '1992',
    });
    // The built logo is an absolute /assets/ URL; the test's Vite inlines the small SVG instead.
    expect(String(organization?.['logo'])).toMatch(
      /^(?:https:\/\/shop\.example\/.+\.svg|data:image\/svg)/,
    );
  });

  it('/allProducts has an ItemList of the Products on the page with price and availability', async () => {
    const res = await a.app.inject('/allProducts');
    const [list] = jsonLdOf(res.body);
    const all = (await firstPage()).items;
    expect(all).toHaveLength((await products()).length); // the demo catalogue fits one page
    expect(list).toMatchObject({ '@type': 'ItemList', numberOfItems: all.length });
    const items = list?.['itemListElement'] as {
      position: number;
      item: { '@type': string; name: string; image: string; offers: Record<string, string> };
    }[];
    expect(items).toHaveLength(all.length);
    items.forEach((entry, index) => {
      const product = all[index]!;
      expect(entry.position).toBe(index + 1);
      expect(entry.item['@type']).toBe('Product');
      expect(entry.item.name).toBe(product.name);
      expect(entry.item.image).toBe(`https://shop.example${product.img}`);
      expect(entry.item.offers).toEqual({
        '@type': 'Offer',
        price: product.price.toFixed(2),
        priceCurrency: 'USD',
        availability:
          product.availableQuantity > 0
            ? 'https://schema.org/InStock'
            : 'https://schema.org/OutOfStock',
        url: `https://shop.example/purchase/${product._id}`,
      });
    });
  });
});

describe('the cached pages follow every change, on every instance', () => {
  it('a product edited on instance B shows on instance A at once', async () => {
    const before = await a.app.inject('/allProducts');
    const [first] = await products();
    const edit = await b.app.inject({
      method: 'PUT',
      url: `/api/products/${first!._id}`,
      headers: admin.headers,
      payload: {
        name: 'Renamed SSR Drill',
        price: first!.price,
        description: first!.description,
        img: first!.img,
        minQuantity: first!.minQuantity,
        availableQuantity: first!.availableQuantity,
        version: first!.version,
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await a.app.inject('/allProducts');
    expect(textOf(rootOf(before.body))).not.toContain('Renamed SSR Drill');
    expect(textOf(rootOf(after.body))).toContain('Renamed SSR Drill');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('a review posted on instance B shows on the home page of instance A', async () => {
    await a.app.inject('/');
    const customer = await signUp(b.app, { name: 'Page Reviewer' });
    const posted = await b.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: customer.headers,
      payload: { rating: 5, review: 'Rendered on the server, fresh everywhere.' },
    });
    expect(posted.statusCode, posted.body).toBeLessThan(300);
    const home = await a.app.inject('/');
    expect(textOf(rootOf(home.body))).toContain('Rendered on the server, fresh everywhere.');
  });

  it('an unchanged page is served from memory: the same bytes', async () => {
    const first = await a.app.inject('/blogs');
    const second = await a.app.inject('/blogs');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt allows the public pages and points at the sitemap on PUBLIC_URL', async () => {
    const res = await a.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).toContain('Disallow: /dashboard');
    expect(res.body).toContain('Disallow: /basket');
    expect(res.body).toContain('Disallow: /checkout');
    expect(res.body).toContain('Sitemap: https://shop.example/sitemap.xml');
  });

  it('sitemap.xml lists the public pages and the live catalogue images', async () => {
    const res = await a.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...res.body.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        'https://shop.example/',
        'https://shop.example/allProducts',
        'https://shop.example/blogs',
        'https://shop.example/login',
      ]),
    );
    expect(locs).not.toContain('https://shop.example/home');
    expect(locs.some((loc) => loc?.includes('dashboard'))).toBe(false);
    for (const product of await products()) {
      expect(res.body).toContain(`<image:loc>https://shop.example${product.img}</image:loc>`);
    }
  });
});

describe('sitemap.xml from the route table', () => {
  it("lists exactly the pages whose record says `sitemap`, and each category's page", async () => {
    const res = await a.app.inject('/sitemap.xml');
    const locs = [...res.body.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const categories = (await a.app.inject('/api/categories')).json<{ slug: string }[]>();
    const expected = [
      ...pageNames
        .map((name) => pageRoutes[name])
        .filter((record) => record.indexing === 'sitemap' && !record.path.includes(':'))
        .map((record) => `https://shop.example${record.path}`),
      ...categories.map((category) => `https://shop.example/category/${category.slug}`),
    ];
    expect(locs).toEqual(expected);
    expect(locs).not.toContain('https://shop.example/reset');
  });
});

describe('static files', () => {
  it('are served from memory, with their type and an ETag', async () => {
    const res = await a.app.inject('/index-test.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.body).toBe('console.log("app")');
    const again = await a.app.inject({
      url: '/index-test.js',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('when rendering fails', () => {
  it('sends the shell, which the browser renders, instead of an error', async () => {
    const failing: PageRenderer = {
      planPage: () => ({ kind: 'rendered', dataRoots: [] }),
      renderPage: () => Promise.reject(new Error('render failed')),
      setApiTransport: () => undefined,
      sitemapPaths: ['/'],
    };
    const c = await buildTestApp({ webRoot, pageRenderer: failing });
    try {
      const res = await c.app.inject('/blogs');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<div id="root"></div>');
    } finally {
      await c.close();
    }
  });
});
