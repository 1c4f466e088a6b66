import { expect, test } from '@playwright/test';

test.describe('all products', () => {
  test('every card shows the spec texts and a Purchase link to /purchase/{_id}', async ({
    page,
    request,
  }) => {
    const products = (await (await request.get('/api/products')).json()) as {
      _id: string;
      name: string;
      price: number;
      priceFrom: number;
      priceTo: number;
      description: string;
      minQuantity: number;
      availableQuantity: number;
    }[];
    await page.goto('/allProducts');
    await expect(page.getByRole('heading', { name: 'Our Products', level: 1 })).toBeVisible();
    const cards = page.getByRole('article');
    // The page shows 24 products at a time, newest first (the demo catalogue has 14).
    await expect(cards).toHaveCount(Math.min(products.length, 24));
    // The oldest product sold as one variant (one price: the spec's text), and one sold in
    // variants of different prices ("from" its lowest, issue 34).
    const first = products.find((product) => product.priceFrom === product.priceTo)!;
    const card = cards.filter({ has: page.getByRole('heading', { name: first.name }) });
    await expect(card.getByText(`Price: $${first.price.toFixed(2)}`)).toBeVisible();
    const ranged = products.find((product) => product.priceFrom !== product.priceTo)!;
    await expect(
      cards
        .filter({ has: page.getByRole('heading', { name: ranged.name }) })
        .getByText(`Price: from $${ranged.priceFrom.toFixed(2)}`),
    ).toBeVisible();
    await expect(card.getByText(first.description)).toBeVisible();
    await expect(card.getByText(`Min order quantity: ${first.minQuantity}`)).toBeVisible();
    await expect(card.getByText(`Stock Quantity: ${first.availableQuantity}`)).toBeVisible();
    await expect(card.getByRole('img', { name: first.name })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Purchase' })).toHaveAttribute(
      'href',
      `/purchase/${first._id}`,
    );
  });

  test('product images are served by the shop itself', async ({ page }) => {
    await page.goto('/allProducts');
    const image = page.getByRole('article').first().getByRole('img');
    await expect(image).toHaveAttribute('src', /^\/images\/[0-9a-f]{64}\.webp$/);
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  });

  for (const [width, columns] of [
    [375, 1],
    [800, 2],
    [1280, 3],
  ] as const) {
    test(`the grid has ${columns} column(s) at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/allProducts');
      const cards = page.getByRole('article');
      await expect(cards.first()).toBeVisible();
      const lefts = new Set<number>();
      for (const box of await cards.evaluateAll((els) =>
        els.slice(0, 6).map((el) => Math.round(el.getBoundingClientRect().left)),
      )) {
        lefts.add(box);
      }
      expect(lefts.size).toBe(columns);
    });
  }
});
