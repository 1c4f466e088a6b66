import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './support/hydration.ts';

// Search, sort, filters and pages on /allProducts, all kept in the URL. Other specs may add
// products meanwhile, so expectations come from the API or from the seeded names, never from
// fixed totals.

interface ApiProduct {
  _id: string;
  name: string;
  price: number;
  availableQuantity: number;
  minQuantity: number;
}
interface ApiAnswer {
  items: ApiProduct[];
  total: number;
  page: number;
  pageSize: number;
}

const results = (page: Page) => page.getByRole('article');
const cardNamed = (page: Page, name: string) =>
  results(page).filter({ has: page.getByRole('heading', { name, exact: true }) });
const status = (page: Page) => page.locator('#search-results-status');
const firstHeading = (page: Page) => results(page).first().getByRole('heading');

async function openCatalog(page: Page, query = '') {
  await page.goto(`/allProducts${query}`);
  await expect(page.getByRole('heading', { name: 'Our Products', level: 1 })).toBeVisible();
  await expect(status(page)).not.toBeEmpty();
  await hydrated(page);
}

test.describe('catalogue search', () => {
  test('typing searches without a page load, forgives a typo and marks the matched words', async ({
    page,
  }) => {
    await openCatalog(page);
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'same page';
    });

    await page.getByLabel('Search products').fill('grinder');
    await expect(page).toHaveURL(/\/allProducts\?q=grinder$/);
    const grinder = cardNamed(page, '4-1/2" Angle Grinder');
    await expect(grinder).toBeVisible();
    await expect(grinder.locator('mark').first()).toHaveText('Grinder');
    await expect(status(page)).toHaveAttribute('role', 'status');
    await expect(status(page)).toHaveText(/^\d+ products?$/);

    await page.getByLabel('Search products').fill('cordles drill');
    await expect(page).toHaveURL(/q=cordles\+drill/);
    await expect(cardNamed(page, '20V Cordless Drill/Driver')).toBeVisible();
    await expect(results(page).first().getByRole('heading')).toHaveAccessibleName(
      '20V Cordless Drill/Driver',
    );

    // Still the same document: no reload happened.
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      'same page',
    );
  });

  test('sorts by price, both ways, and by name', async ({ page, request }) => {
    const expected = async (sort: string) =>
      ((await (await request.get(`/api/products/search?sort=${sort}`)).json()) as ApiAnswer)
        .items[0]!.name;

    await openCatalog(page);
    await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
    await expect(page).toHaveURL(/\?sort=price_desc$/);
    await expect(firstHeading(page)).toHaveText(await expected('price_desc'));

    await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    await expect(page).toHaveURL(/\?sort=price_asc$/);
    await expect(firstHeading(page)).toHaveText(await expected('price_asc'));

    await page.getByLabel('Sort by').selectOption({ label: 'Name: A to Z' });
    await expect(page).toHaveURL(/\?sort=name$/);
    await expect(firstHeading(page)).toHaveText(await expected('name'));
  });

  test('filters by stock and price range', async ({ page }) => {
    await openCatalog(page);
    await page.getByLabel('In stock only').check();
    await expect(page).toHaveURL(/\?inStock=1$/);
    await page.getByLabel('Min price ($)').fill('100');
    await page.getByLabel('Max price ($)').fill('160');
    await page.getByLabel('Max price ($)').press('Enter');
    await expect(page).toHaveURL(/\?minPrice=100&maxPrice=160&inStock=1$/);
    await expect(cardNamed(page, '7-1/4" Circular Saw')).toBeVisible();
    await expect(cardNamed(page, '12" Sliding Compound Miter Saw')).toHaveCount(0);
    const prices = await results(page)
      .getByText(/^Price: \$/)
      .allTextContents();
    expect(prices.length).toBeGreaterThan(0);
    for (const text of prices) {
      const price = Number(text.replace(/[^\d.]/g, ''));
      expect(price).toBeGreaterThanOrEqual(100);
      expect(price).toBeLessThanOrEqual(160);
    }
  });

  test('pages through the results, and a reload keeps the page', async ({ page, request }) => {
    const second = (await (
      await request.get('/api/products/search?pageSize=5&page=2')
    ).json()) as ApiAnswer;
    await openCatalog(page, '?pageSize=5');
    await expect(results(page)).toHaveCount(5);
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await expect(pages.getByText(/^Page 1 of \d+$/)).toBeVisible();

    await pages.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\?page=2&pageSize=5$/);
    await expect(pages.getByText(/^Page 2 of \d+$/)).toBeVisible();
    await expect(firstHeading(page)).toHaveText(second.items[0]!.name);
    await expect(status(page)).toContainText('showing 6–10');

    await page.reload();
    await expect(firstHeading(page)).toHaveText(second.items[0]!.name);
    await expect(pages.getByRole('link', { name: 'Previous page' })).toBeVisible();
  });

  test('back and forward step through the searches', async ({ page }) => {
    await openCatalog(page);
    const box = page.getByLabel('Search products');
    await box.fill('saw');
    await expect(page).toHaveURL(/\?q=saw$/);
    await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    await expect(page).toHaveURL(/\?q=saw&sort=price_asc$/);

    await page.goBack();
    await expect(page).toHaveURL(/\?q=saw$/);
    await expect(page.getByLabel('Sort by')).toHaveValue('relevance');
    await expect(box).toHaveValue('saw');

    await page.goBack();
    await expect(page).toHaveURL(/\/allProducts$/);
    await expect(box).toHaveValue('');
    await expect(page.getByLabel('Sort by')).toHaveValue('newest');

    await page.goForward();
    await expect(page).toHaveURL(/\?q=saw$/);
    await expect(box).toHaveValue('saw');
    await expect(cardNamed(page, 'Reciprocating Saw')).toBeVisible();
  });

  test('a shared link opens the same search', async ({ browser, request }) => {
    const link = '/allProducts?q=drill&sort=price_asc&inStock=1';
    const expected = (await (
      await request.get('/api/products/search?q=drill&sort=price_asc&inStock=1')
    ).json()) as ApiAnswer;
    const context = await browser.newContext();
    const page = await context.newPage();
    await openCatalog(page, link.slice('/allProducts'.length));
    await expect(page.getByLabel('Search products')).toHaveValue('drill');
    await expect(page.getByLabel('Sort by')).toHaveValue('price_asc');
    await expect(page.getByLabel('In stock only')).toBeChecked();
    await expect(results(page)).toHaveCount(expected.items.length);
    for (const [index, product] of expected.items.entries()) {
      await expect(results(page).nth(index).getByRole('heading')).toHaveAccessibleName(
        product.name,
      );
    }
    await context.close();
  });

  test('no results: says so and clears the filters', async ({ page }) => {
    await openCatalog(page, '?q=xylophone&inStock=1');
    await expect(status(page)).toHaveText('No products match');
    await expect(results(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/allProducts$/);
    await expect(results(page).first()).toBeVisible();
    await expect(page.getByLabel('Search products')).toBeFocused();
    await expect(page.getByLabel('In stock only')).not.toBeChecked();
  });

  test('is accessible with a search, filters and pages (axe)', async ({ page }) => {
    await openCatalog(page, '?q=zzzzqqq');
    await expect(page.locator('.loading, [aria-busy="true"]')).toHaveCount(0);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await openCatalog(page, '?q=saw&inStock=1&pageSize=2');
    await expect(page.locator('.loading, [aria-busy="true"]')).toHaveCount(0);
    const withResults = await new AxeBuilder({ page }).analyze();
    expect(
      withResults.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    ).toEqual([]);
  });
});
