import { expect, test, type Page } from '@playwright/test';
import { logIn, register, signOut, signUpAdmin, uniqueEmail } from './support/accounts.ts';
import { payWith, type ApiProduct } from './support/checkout.ts';
import { hydrated } from './support/hydration.ts';

// Issue 22: one basket, one checkout, one payment. Tools no other journey orders, so their stock
// and minimums are the seed's whatever runs beside this one.
const TOOLS = ['SDS-Plus Rotary Hammer', '20V 5.0Ah Battery Pack'] as const;
const PO_REFERENCE = 'PO-E2E-22';

async function productsByName(page: Page): Promise<Map<string, ApiProduct>> {
  const products = (await (await page.request.get('/api/products')).json()) as ApiProduct[];
  return new Map(products.map((product) => [product.name, product]));
}

/** The Add to basket button of `name`'s card on All Products, searched for and hydrated. */
async function addToBasketButton(page: Page, name: string) {
  await page.goto(`/allProducts?q=${encodeURIComponent(name)}`);
  await hydrated(page);
  return page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
    .getByRole('button', { name: 'Add to basket' });
}

/** "$1,234.50", as the shop shows dollars. */
function dollars(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

test('a visitor fills a basket, signs in, checks out with a PO reference and pays once', async ({
  page,
}) => {
  // A whole journey: two accounts, a checkout, a card payment and an admin (the make-admin CLI).
  test.slow();
  const email = uniqueEmail('basket');
  await register(page, 'Bruno Basket', email);
  await signOut(page);
  const products = await productsByName(page);
  const nav = page.getByRole('navigation', { name: 'Main' });

  // A visitor: each card adds the product's minimum order to the basket in this browser.
  for (const [index, name] of TOOLS.entries()) {
    await (await addToBasketButton(page, name)).click();
    const lines = index + 1;
    await expect(
      nav.getByRole('link', { name: `Basket, ${lines} ${lines === 1 ? 'line' : 'lines'}` }),
    ).toBeVisible();
  }

  await nav.getByRole('link', { name: 'Basket, 2 lines' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Basket' })).toBeVisible();
  for (const name of TOOLS) {
    const product = products.get(name)!;
    await expect(page.getByRole('listitem', { name }).getByLabel('Quantity')).toHaveValue(
      String(product.minQuantity),
    );
  }
  await page.getByRole('button', { name: 'Checkout' }).click();

  // Checkout signs the visitor in first, then comes back with the basket moved into the account.
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  for (const name of TOOLS) await expect(page.getByRole('listitem', { name })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Basket, 2 lines' })).toBeVisible();
  const account = page.getByRole('group', { name: 'Account' });
  await expect(account.getByLabel('Name')).toHaveValue('Bruno Basket');
  await expect(account.getByLabel('Email')).toHaveValue(email);

  // Issue 35: a structured delivery address (the recipient is the account's name by default).
  const delivery = page.getByRole('group', { name: 'Delivery address' });
  await expect(delivery.getByLabel('Name', { exact: true })).toHaveValue('Bruno Basket');
  await delivery.getByLabel('Address', { exact: true }).fill('22 Basket Street');
  await delivery.getByLabel('City', { exact: true }).fill('Springfield');
  await delivery.getByLabel('Region', { exact: true }).selectOption('MO');
  await delivery.getByLabel('Postal code', { exact: true }).fill('65806');
  await delivery.getByLabel('Phone', { exact: true }).fill('+1 555 0122');
  // Missouri, where the demo shop collects no sales tax; the cheapest method (collecting from the
  // depot) is free: the checkout costs its lines (shipping and tax: e2e/shipping-and-tax.spec.ts).
  await expect(page.getByRole('group', { name: 'Shipping method' })).toBeVisible();
  await page.getByLabel('PO reference').fill(PO_REFERENCE);
  await page.getByRole('button', { name: 'Place order' }).click();

  // One payment for the whole checkout: every line named, their total asked.
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  const totalCents = TOOLS.reduce((sum, name) => {
    const product = products.get(name)!;
    return sum + Math.round(product.price * 100) * product.minQuantity;
  }, 0);
  const payFor = page.getByRole('heading', { level: 1, name: /^Please Pay for / });
  for (const name of TOOLS) await expect(payFor).toContainText(name);
  await expect(page.getByText(`Please pay ${dollars(totalCents)}`)).toBeVisible();
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByText('Your payment is completed')).toBeVisible();
  const idText = await page.getByText(/^Your transaction Id: /).textContent();
  const transactionId = idText!.replace('Your transaction Id: ', '').trim();

  // Both orders paid by that one payment; the basket is empty again.
  await page.goto('/dashboard/myOrders');
  await expect(page.getByRole('heading', { name: 'My Orders: 2' })).toBeVisible();
  for (const name of TOOLS) {
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Paid');
    await expect(row).toContainText(transactionId);
    await expect(row).toContainText(`PO reference ${PO_REFERENCE}`);
  }
  await expect(nav.getByRole('link', { name: 'Basket', exact: true })).toBeVisible();
  await signOut(page);

  // The admin sees the PO reference on each order of the checkout.
  await signUpAdmin(page);
  await page.goto('/dashboard/manageAllOrders');
  const rows = page.getByRole('row').filter({ hasText: email });
  await expect(rows).toHaveCount(2);
  for (const name of TOOLS) {
    await expect(rows.filter({ hasText: name })).toContainText(`PO reference ${PO_REFERENCE}`);
  }
});

test('on a phone, with the keyboard alone: a visitor adds a tool, changes its quantity and removes it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const name = TOOLS[1];
  const product = (await productsByName(page)).get(name)!;
  await (await addToBasketButton(page, name)).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Added to basket')).toBeVisible();

  await page.goto('/basket');
  const quantity = page.getByRole('listitem', { name }).getByLabel('Quantity');
  await quantity.focus();
  await page.keyboard.press('ControlOrMeta+a');
  const more = product.minQuantity + 1;
  await page.keyboard.type(String(more));
  await expect(
    page.getByText(`Total Price: ${dollars(Math.round(product.price * 100) * more)}`),
  ).toBeVisible();
  // Nothing wider than the phone: no sideways scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );

  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Remove' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your basket is empty')).toBeVisible();
});
