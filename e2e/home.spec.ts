import { expect, test } from '@playwright/test';

test.describe('home page', () => {
  test('/ and /home show the same home page with every section in order', async ({ page }) => {
    for (const path of ['/', '/home']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Eliminates Cords!' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Explore our Systems' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Our Locaiton' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Our Products' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'What our customers say' })).toBeVisible();
    }
  });

  test('the carousel cycles forwards and backwards through its 4 slides', async ({ page }) => {
    await page.goto('/');
    const headlines = [
      'Eliminates Cords!',
      'Hassle Free',
      'Best product in the market',
      'Long Lasting Battery',
    ];
    const next = page.getByRole('button', { name: 'Next slide' });
    const previous = page.getByRole('button', { name: 'Previous slide' });
    for (const headline of [...headlines.slice(1), headlines[0]!]) {
      await next.click();
      await expect(page.getByRole('heading', { name: headline })).toBeVisible();
    }
    await previous.click();
    await expect(page.getByRole('heading', { name: 'Long Lasting Battery' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Eliminates Cords!' })).toBeHidden();
    const learnMore = page.getByRole('link', { name: /Learn More/ }).filter({ visible: true });
    await expect(learnMore).toHaveCount(1);
    await expect(learnMore).toHaveAttribute('href', /^https:\/\//);
  });

  test('explore our systems, business summary and location', async ({ page }) => {
    await page.goto('/');
    const systems = page.locator('section', {
      has: page.getByRole('heading', { name: 'Explore our Systems' }),
    });
    await expect(systems.getByRole('img')).toHaveCount(3);
    for (const figure of ['79+', '4,200', '1,200', '25.6K', '2.6M'])
      await expect(page.getByText(figure, { exact: true })).toBeVisible();
    for (const label of ['Countries', 'New Users', 'Reviews', 'Total Likes', 'Page Views']) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }
  });

  test('the map keeps its 300 px frame and marker when tiles cannot load', async ({ page }) => {
    await page.goto('/');
    const location = page.locator('section', {
      has: page.getByRole('heading', { name: 'Our Locaiton' }),
    });
    const map = location.getByTestId('location-map');
    await map.scrollIntoViewIfNeeded();
    await expect(map).toBeVisible();
    expect((await map.boundingBox())?.height).toBe(300);
    await expect(location.getByRole('img', { name: /marker|location/i }).first()).toBeVisible();
  });

  test('our products shows the 6 most recent products and links to all of them', async ({
    page,
    request,
  }) => {
    const products = (await (await request.get('/api/products')).json()) as { name: string }[];
    const expected = products
      .slice()
      .reverse()
      .slice(0, 6)
      .map((p) => p.name);
    await page.goto('/');
    const section = page.locator('section', {
      has: page.getByRole('heading', { name: 'Our Products' }),
    });
    const names = section.getByRole('heading', { level: 3 });
    await expect(names).toHaveText(expected);
    await section.getByRole('link', { name: 'Show All Products' }).click();
    await expect(page).toHaveURL(/\/allProducts$/);
  });

  test('customer reviews show a name, read-only stars and the text', async ({ page, request }) => {
    const reviews = (await (await request.get('/api/reviews')).json()) as {
      name: string;
      rating: number;
      review: string;
    }[];
    expect(reviews.length).toBeGreaterThanOrEqual(6);
    await page.goto('/');
    const section = page.locator('section', {
      has: page.getByRole('heading', { name: 'What our customers say' }),
    });
    const first = reviews[0]!;
    await expect(section.getByText(first.name)).toBeVisible();
    await expect(section.getByText(first.review)).toBeVisible();
    await expect(
      section.getByRole('img', { name: `Rated ${first.rating} out of 5` }).first(),
    ).toBeVisible();
  });

  test('newsletter: inline message for a bad address, toast when subscribed', async ({ page }) => {
    await page.goto('/');
    const email = page.getByLabel('Email');
    const subscribe = page.getByRole('button', { name: 'Subscribe' });
    await subscribe.click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await email.fill('not-an-email');
    await expect(page.getByText('Provide a valid Email')).toBeVisible();
    await email.fill(`fan-${Date.now()}@example.com`);
    await subscribe.click();
    await expect(page.getByText('Thank you for subscribing!')).toBeVisible();
    await expect(email).toHaveValue('');
  });
});
