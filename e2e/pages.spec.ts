import { expect, test } from '@playwright/test';

test.describe('static pages and layout', () => {
  test('the navbar reaches every public page', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, path, heading] of [
      ['All Products', '/allProducts', 'Our Products'],
      ['Blogs', '/blogs', /Blogs/],
      ['Portfolio', '/portfolio', /Toolhouse/],
      ['Contact Us', '/contact', /Contact Us/],
      ['Home', '/', 'Eliminates Cords!'],
    ] as const) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  });

  test('on a phone the menu button opens the navigation', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Open menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('link', { name: 'Blogs', exact: true }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/blogs$/);
  });

  test('the footer has its columns, since 1992 and this year', async ({ page }) => {
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    for (const column of ['Products', 'Company', 'Legal'])
      await expect(footer.getByRole('heading', { name: column })).toBeVisible();
    await expect(footer.getByText(/since 1992/)).toBeVisible();
    await expect(footer.getByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeVisible();
  });

  test('about', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'This is about us section' })).toBeVisible();
  });

  test('blogs answer the five questions', async ({ page }) => {
    await page.goto('/blogs');
    const questions = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(questions).toHaveCount(5);
    for (const topic of [
      /performance/i,
      /state/i,
      /prototypal inheritance/i,
      /directly/i,
      /unit test/i,
    ]) {
      await expect(questions.filter({ hasText: topic }).first()).toBeVisible();
    }
  });

  test('portfolio is rendered from the content file', async ({ page }) => {
    await page.goto('/portfolio');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Toolhouse');
    await expect(page.getByText('The Toolhouse engineering team')).toBeVisible();
  });

  test('an unknown path shows the not-found page with a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText("Oops! The page you're looking for isn't here.")).toBeVisible();
    await page.getByRole('link', { name: 'Back to homepage' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('keyboard users can skip to the content and see where focus is', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    const outline = await skip.evaluate(
      (el) => getComputedStyle(el).outlineStyle + getComputedStyle(el).boxShadow,
    );
    expect(outline).not.toBe('nonenone');
  });
});
