import { expect, test, type Page } from '@playwright/test';
import { register, uniqueEmail } from './support/accounts.ts';
import { hydrated } from './support/hydration.ts';

// Server rendering as a browser sees it: the HTML before any script, then a hydration that asks
// the API for nothing and logs nothing.

const PUBLIC_PAGES = ['/', '/allProducts', '/blogs', '/about', '/portfolio', '/contact', '/login'];

/** Console errors and warnings, page errors, and API calls made by the page. */
function watch(page: Page) {
  const problems: string[] = [];
  const apiCalls: string[] = [];
  page.on('console', (message) => {
    // The map's tiles come from the internet, which the test machine may not reach.
    if (message.text().includes('net::ERR_NAME_NOT_RESOLVED')) return;
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
  });
  return { problems, apiCalls };
}

/** How React writes a text into HTML. */
const asHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

test.describe('server rendering', () => {
  test('view-source of / and /allProducts shows the whole page with its data', async ({
    request,
  }) => {
    const products = (await (await request.get('/api/products')).json()) as { name: string }[];
    const home = await (await request.get('/')).text();
    for (const text of ['Eliminates Cords!', 'Explore our Systems', 'What our customers say']) {
      expect(home).toContain(text);
    }
    for (const product of products.slice(-6)) expect(home).toContain(asHtml(product.name));
    // All Products' first page: the 24 newest (the journeys before this one may have added more).
    const all = await (await request.get('/allProducts')).text();
    for (const product of products.slice(-24)) expect(all).toContain(asHtml(product.name));
  });

  for (const path of PUBLIC_PAGES) {
    test(`${path} hydrates without an API call, an error or a mismatch`, async ({ page }) => {
      const { problems, apiCalls } = watch(page);
      await page.goto(path);
      await hydrated(page);
      // The session check, if any, is the browser's own (no token here: none).
      expect(apiCalls).toEqual([]);
      expect(problems).toEqual([]);
    });
  }

  test('the page is live after hydration: the carousel moves, links navigate in the app', async ({
    page,
  }) => {
    const { problems } = watch(page);
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect(page.getByRole('heading', { name: 'Hassle Free' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Blogs' })
      .click();
    await expect(page).toHaveTitle('Blogs — Toolhouse');
    expect(problems).toEqual([]);
  });

  test('a visitor with a stored session hydrates the signed-out HTML without a mismatch', async ({
    page,
  }) => {
    const { problems } = watch(page);
    await page.addInitScript(() => window.localStorage.setItem('accessToken', 'not-a-real-token'));
    await page.goto('/');
    await hydrated(page);
    // The stale token is checked, found wanting and dropped: the visitor is signed out.
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();
    expect(problems.filter((problem) => !problem.includes('401'))).toEqual([]);
  });

  // ADR 030: the product page arrives with the product (the same HTML for everyone); the forms
  // are the browser's, after hydration.
  test('the product page arrives with its product and first picture, without the visitor', async ({
    request,
  }) => {
    const [product] = (await (await request.get('/api/products')).json()) as {
      _id: string;
      name: string;
    }[];
    const html = await (await request.get(`/purchase/${product!._id}`)).text();
    expect(html).toContain(`<h1 class="text-3xl font-bold">${asHtml(product!.name)}</h1>`);
    expect(html).toMatch(/<img [^>]*loading="eager" fetchPriority="high"/);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toContain('Order Quantity');
    const missing = await request.get('/purchase/no-such-product');
    expect(missing.status()).toBe(404);
  });

  test('a signed-in customer hydrates the product page without a mismatch, then gets the form', async ({
    page,
  }) => {
    await register(page, 'Hydra Buyer', uniqueEmail());
    const [product] = (await (await page.request.get('/api/products')).json()) as {
      _id: string;
      name: string;
    }[];
    const { problems, apiCalls } = watch(page);
    await page.goto(`/purchase/${product!._id}`);
    await hydrated(page);
    await expect(page.getByLabel('Order Quantity')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: product!.name })).toBeVisible();
    // The product came with the page; the browser asked only for what is the customer's.
    expect(apiCalls.filter((url) => url.endsWith(`/api/products/${product!._id}`))).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('a signed-out visitor hydrates the product page without a mismatch, then signs in', async ({
    page,
    request,
  }) => {
    const [product] = (await (await request.get('/api/products')).json()) as { _id: string }[];
    const { problems } = watch(page);
    await page.goto(`/purchase/${product!._id}`);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('an unknown path answers 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { name: "Oops! The page you're looking for isn't here." }),
    ).toBeVisible();
  });
});
