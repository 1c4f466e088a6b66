import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { register, signUpAdmin, uniqueEmail } from './support/accounts.ts';

// Every page passes axe with no serious or critical violation, signed out, signed in and as an
// admin; and a customer can place an order with the keyboard alone.

/** Waits until the page has settled (its data loaded), then checks it with axe. */
async function expectAccessible(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.locator('.loading, [aria-busy="true"]')).toHaveCount(0);
  // Colours as they settle: a button enabled by hydration fades in over 0.2 s, and below the fold
  // (cards render lazily: content-visibility) its transition does not run until it is scrolled
  // to; axe would measure a contrast mid-way that no one sees.
  await page.evaluate(() => {
    for (const animation of document.getAnimations())
      if (animation instanceof CSSTransition) animation.finish();
  });
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  expect(serious, `${path}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

async function firstProductId(page: Page): Promise<string> {
  const products = (await (await page.request.get('/api/products')).json()) as { _id: string }[];
  return products[0]!._id;
}

test.describe('accessibility (axe: no serious or critical violation)', () => {
  for (const path of [
    '/',
    '/allProducts',
    '/blogs',
    '/about',
    '/portfolio',
    '/contact',
    '/login',
    '/register',
    '/reset',
    '/terms',
    '/privacy',
    '/basket',
    '/no-such-page',
  ]) {
    test(`signed out: ${path}`, async ({ page }) => {
      await expectAccessible(page, path);
    });
  }

  test('signed-in customer pages', async ({ page }) => {
    await register(page, 'Axel Access', uniqueEmail());
    for (const path of ['/dashboard', '/dashboard/myOrders', '/dashboard/addReview', '/checkout'])
      await expectAccessible(page, path);
    const productId = await firstProductId(page);
    await expectAccessible(page, `/purchase/${productId}`);

    // The payment page, for an order placed through the API with the customer's own token.
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const order = await page.request.post('/api/purchase', {
      headers: { authorization: `Bearer ${token}` },
      data: { productId, orderQuantity: 10, address: '1 Main St', phone: '555' },
    });
    expect(order.status()).toBe(201);
    const { _id } = (await order.json()) as { _id: string };
    await expectAccessible(page, `/dashboard/payment/${_id}`);
    await expect(page.getByLabel('Card Number')).toBeVisible();
  });

  test('quick order page, with its results (issue 34)', async ({ page }) => {
    await register(page, 'Quinn Quick', uniqueEmail());
    await expectAccessible(page, '/quickOrder');
    await page.getByLabel('Lines').fill('NO-SUCH-SKU-1 2');
    await page.getByRole('button', { name: 'Add to basket' }).click();
    await expect(page.getByRole('cell', { name: 'Unknown SKU NO-SUCH-SKU-1' })).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  test('admin pages', async ({ page }) => {
    test.slow();
    await signUpAdmin(page, 'Ada Access');
    for (const path of [
      '/dashboard/makeAdmin',
      '/dashboard/addProduct',
      '/dashboard/manageProducts',
      '/dashboard/manageAllOrders',
      '/dashboard/overview',
      '/dashboard/siteSpeed',
      '/dashboard/manageReviews',
      '/dashboard/importProducts',
      '/dashboard/webhooks',
      '/dashboard/returns',
      '/dashboard/recalls',
      '/dashboard/warranty',
      '/dashboard/auditLog',
      '/dashboard/shipping',
      '/dashboard/taxes',
      '/dashboard/manageInvoices',
      `/dashboard/manageProducts/${await firstProductId(page)}/edit`,
    ])
      await expectAccessible(page, path);
  });
});

test('keyboard only: a signed-in customer places an order without the mouse', async ({ page }) => {
  test.slow();
  await register(page, 'Kim Keyboard', uniqueEmail());
  await page.goto('/allProducts');
  await page.waitForLoadState('networkidle');
  const purchaseLinks = page.getByRole('link', { name: 'Purchase' });
  await expect(purchaseLinks.first()).toBeVisible();

  // Tab from the top of the page until the focus is on the first product's Purchase link.
  const focusedIsPurchaseLink = () =>
    page.evaluate(
      () =>
        document.activeElement instanceof HTMLAnchorElement &&
        document.activeElement.textContent?.trim() === 'Purchase',
    );
  let found = false;
  for (let presses = 0; presses < 200 && !found; presses += 1) {
    await page.keyboard.press('Tab');
    found = await focusedIsPurchaseLink();
  }
  expect(found, 'a Purchase link is reachable with Tab').toBe(true);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/purchase\/[0-9a-f-]{36}$/);

  const quantity = page.getByLabel('Order Quantity');
  await expect(quantity).toHaveValue(/^\d+$/);
  const minimum = Number(await quantity.inputValue());

  /** Tabs (forward, or back with Shift) until the focused element is `label`'s field. */
  async function tabTo(label: string, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
    const target = page.getByLabel(label, { exact: true });
    for (let presses = 0; presses < 40; presses += 1) {
      if (await target.evaluate((el) => el === document.activeElement)) return;
      await page.keyboard.press(key);
    }
    throw new Error(`could not reach ${label} with ${key}`);
  }

  await tabTo('Order Quantity');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(String(minimum + 1));
  await tabTo('Address');
  await page.keyboard.type('1 Keyboard Lane, Springfield');
  await tabTo('Phone');
  await page.keyboard.type('+1 555 0199');
  // Back to the quantity with Shift+Tab, and forward again: the form keeps what was typed.
  await tabTo('Order Quantity', 'Shift+Tab');
  await expect(page.getByLabel('Order Quantity')).toHaveValue(String(minimum + 1));

  const buy = page.getByRole('button', { name: 'Purchase' });
  for (let presses = 0; presses < 40; presses += 1) {
    if (await buy.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(buy).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Purchase confirmed')).toBeVisible();
});
