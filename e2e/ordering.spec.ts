import { expect, test, type Page } from '@playwright/test';
import { logIn, register, signUpAdmin, uniqueEmail, signOut } from './support/accounts.ts';
import { markNewestOrderPaid } from './support/orders.ts';
import { shipWithTracking } from './support/shipping.ts';

interface ApiProduct {
  _id: string;
  name: string;
  price: number;
  minQuantity: number;
  availableQuantity: number;
}

async function productByName(page: Page, name: string): Promise<ApiProduct> {
  const products = (await (await page.request.get('/api/products')).json()) as ApiProduct[];
  const found = products.find((p) => p.name === name);
  if (!found) throw new Error(`no product ${name}`);
  return found;
}

test.describe('ordering', () => {
  test('a customer orders within the rules, sees the order and cancels it', async ({ page }) => {
    const email = uniqueEmail();
    await register(page, 'Olga Orderer', email);
    const product = await productByName(page, 'Compact Wood Router');

    await page.goto('/allProducts');
    await page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: product.name }) })
      .getByRole('link', { name: 'Purchase' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/purchase/${product._id}$`));
    await expect(page.getByRole('heading', { name: product.name })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('Olga Orderer');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    const quantity = page.getByLabel('Order Quantity');
    await expect(quantity).toHaveValue(String(product.minQuantity));
    const buy = page.getByRole('button', { name: 'Purchase' });

    await quantity.fill(String(product.minQuantity - 1));
    await expect(page.getByText('Ordered Quantity is less than minimum quantity')).toBeVisible();
    await expect(buy).toBeDisabled();
    await quantity.fill(String(product.availableQuantity + 1));
    await expect(
      page.getByText('Ordered Quantity is more than available quantity in stock'),
    ).toBeVisible();
    await expect(buy).toBeDisabled();
    await quantity.fill(String(product.minQuantity + 1));
    await expect(buy).toBeEnabled();
    const total = (product.minQuantity + 1) * product.price;
    await expect(page.getByText(`$${total.toFixed(2)}`)).toBeVisible();

    await page.getByLabel('Address').fill('1 Workshop Lane, Springfield');
    await page.getByLabel('Phone').fill('+1 555 0100');
    await buy.click();
    await expect(page.getByText('Purchase confirmed')).toBeVisible();
    const newStock = product.availableQuantity - product.minQuantity - 1;
    await expect(
      page.getByText(new RegExp(`(Stock available|Available Quantity): ${newStock}$`)),
    ).toBeVisible();

    await page.goto('/dashboard/myOrders');
    await expect(page.getByRole('heading', { name: 'My Orders: 1' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: product.name });
    await expect(row).toContainText(`$${total.toFixed(2)}`);
    await expect(row.getByRole('link', { name: 'Payment' })).toHaveAttribute(
      'href',
      /\/dashboard\/payment\//,
    );

    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`Product ${product.name} is deleted`)).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'My Orders: 0' })).toBeVisible();

    // The cancelled order's stock is back.
    expect((await productByName(page, product.name)).availableQuantity).toBe(
      product.availableQuantity,
    );
  });

  test('an admin sees all orders and ships a paid one; the customer sees it paid', async ({
    page,
  }) => {
    // Two accounts, an order and the Ship dialog (carrier, tracking number): slow on a busy machine.
    test.slow();
    const email = uniqueEmail();
    await register(page, 'Sam Shipme', email);
    const product = await productByName(page, 'Dual-Temperature Heat Gun');
    await page.goto(`/purchase/${product._id}`);
    await page.getByRole('button', { name: 'Purchase' }).click();
    await expect(page.getByText('Purchase confirmed')).toBeVisible();
    const transactionId = await markNewestOrderPaid(email);

    await page.goto('/dashboard/myOrders');
    const mine = page.getByRole('row').filter({ hasText: product.name });
    await expect(mine).toContainText('Paid');
    await expect(mine).toContainText(transactionId);
    await expect(mine.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await signOut(page);

    await signUpAdmin(page);
    await page.goto('/dashboard/manageAllOrders');
    await expect(page.getByRole('heading', { name: /^Manage All Orders: \d+$/ })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText(product.name);
    await shipWithTracking(page, row);
    await expect(row.getByRole('button', { name: 'Ship' })).toHaveCount(0);
    await expect(row).toContainText('shipped');
  });

  test('a customer posts a review and it shows on the home page', async ({ page }) => {
    await register(page, 'Rhea Reviewer', uniqueEmail());
    await page.goto('/dashboard/addReview');
    await expect(page.getByLabel('Name')).toBeDisabled();
    await expect(page.getByLabel('Name')).toHaveValue('Rhea Reviewer');
    await expect(page.getByLabel('Rating', { exact: true })).toHaveAttribute(
      'placeholder',
      'Rating out of 5',
    );
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Review is required')).toBeVisible();

    const text = `The impact driver is a beast (${Date.now()}).`;
    await page.getByLabel('Rating', { exact: true }).fill('4');
    await page.getByLabel('Review', { exact: true }).fill(text);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Review Posted!')).toBeVisible();

    await page.goto('/');
    const reviews = page.locator('section', {
      has: page.getByRole('heading', { name: 'What our customers say' }),
    });
    const card = reviews.locator('article, li, div').filter({ hasText: text }).last();
    await expect(card).toContainText('Rhea Reviewer');
    await expect(card.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  });

  test('a signed-out visitor who clicks Purchase logs in and lands on the product', async ({
    page,
  }) => {
    const email = uniqueEmail();
    await register(page, 'Vera Visitor', email);
    await signOut(page);
    const product = await productByName(page, 'Orbital Jigsaw');
    await page.goto('/allProducts');
    await page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: product.name }) })
      .getByRole('link', { name: 'Purchase' })
      .click();
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, email);
    await expect(page).toHaveURL(new RegExp(`/purchase/${product._id}$`));
    await expect(page.getByLabel('Order Quantity')).toHaveValue(String(product.minQuantity));
  });
});
