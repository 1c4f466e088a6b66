import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { signUpAdmin } from './support/accounts.ts';

/** A real JPEG photo, made in memory (no temp file to clean up). */
async function photo() {
  const buffer = await sharp({
    create: { width: 640, height: 480, channels: 3, background: '#f5b301' },
  })
    .jpeg()
    .toBuffer();
  return { name: 'bench-grinder.jpg', mimeType: 'image/jpeg', buffer };
}

test('an admin adds a product with a photo, edits it and deletes it', async ({ page }) => {
  const name = `Bench Grinder ${Date.now().toString(36)}`;
  await signUpAdmin(page);

  await page.goto('/dashboard/addProduct');
  await expect(page.getByRole('heading', { name: 'Add a new Product' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Product' }).click();
  for (const message of [
    'Product Name is required',
    'Price is required',
    'Image is required',
    'Minimum Order Quantity is required',
    'Available Quantity is required',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expect(page.getByLabel('Product Name')).toBeFocused();

  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Price').fill('89.50');
  await page.getByLabel('Description').fill('6" bench grinder with two wheels and eye shields.');
  await page.getByLabel('Image').setInputFiles(await photo());
  await page.getByLabel('Minimum Order Quantity').fill('4');
  await page.getByLabel('Available Quantity').fill('60');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Product Successfully added')).toBeVisible();
  await expect(page.getByLabel('Product Name')).toHaveValue('');

  // Newest first on the home page, and in All Products, with its photo served by the shop.
  await page.goto('/');
  const ourProducts = page.locator('section', {
    has: page.getByRole('heading', { name: 'Our Products' }),
  });
  await expect(ourProducts.getByRole('heading', { level: 3 }).first()).toHaveText(name);
  await page.goto('/allProducts');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
  await expect(card.getByText('Price: $89.50')).toBeVisible();
  await expect(card.getByRole('img', { name })).toHaveAttribute(
    'src',
    /^\/images\/[0-9a-f]{64}\.webp$/,
  );

  await page.goto('/dashboard/manageProducts');
  await expect(page.getByRole('heading', { name: /^Manage Products: \d+$/ })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
  await expect(page.getByLabel('Product Name')).toHaveValue(name);
  await page.getByLabel('Price').fill('79.00');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(`Product ${name} is updated`)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/manageProducts$/);
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('79');

  await page
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('button', { name: 'Delete' })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`Are you sure you want to delete ${name}?`)).toBeVisible();
  await expect(dialog.getByText('Once deleted the data will be deleted forever.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Product ${name} is deleted`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);

  await page.goto('/allProducts');
  await expect(
    page.getByRole('article').filter({ has: page.getByRole('heading', { name }) }),
  ).toHaveCount(0);
});
