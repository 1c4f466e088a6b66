import { expect, test, type Page } from '@playwright/test';
import { signUpAdmin } from './support/accounts.ts';

// Issue 39: a form keeps what it did not change. The edit form's Category select gets its options
// after the form is filled; a cold edit page must still show and save the stored category.

async function bearerOf(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  return { authorization: `Bearer ${token ?? ''}` };
}

test('a cold edit page keeps the category when only the price changes', async ({ page }) => {
  // Signs an admin up with the CLI: more than the default budget on a busy machine.
  test.slow();
  await signUpAdmin(page);
  const headers = await bearerOf(page);
  const categories = (await (await page.request.get('/api/categories')).json()) as {
    _id: string;
    name: string;
  }[];
  // The last one: not the first option after "No category", so a fallback cannot look right.
  const category = categories.at(-1)!;
  const seeded = (await (await page.request.get('/api/products')).json()) as { img: string }[];
  const name = `Category Keeper ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/products', {
    headers,
    data: {
      name,
      price: 120,
      description: 'A product filed in a category.',
      img: seeded[0]!.img,
      minQuantity: 1,
      availableQuantity: 10,
      categoryId: category._id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { insertedId: productId } = (await created.json()) as { insertedId: string };

  // The category list arrives well after the product, as on a slow connection.
  await page.route('**/api/categories', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  const listed = page.waitForResponse('**/api/categories');
  await page.goto(`/dashboard/manageProducts/${productId}/edit`);
  await expect(page.getByLabel('Product Name')).toHaveValue(name);
  await page.getByLabel('Price').fill('99.50');
  await listed;
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(`Product ${name} is updated`)).toBeVisible();

  const after = (await (await page.request.get(`/api/products/${productId}`)).json()) as {
    price: number;
    categoryId: string | null;
  };
  expect(after).toMatchObject({ price: 99.5, categoryId: category._id });

  // And it shows: the select holds the stored category once the list is there.
  const relisted = page.waitForResponse('**/api/categories');
  await page.goto(`/dashboard/manageProducts/${productId}/edit`);
  await relisted;
  const select = page.getByRole('combobox', { name: 'Category' });
  await expect(select).toHaveValue(category._id);
  await expect(select.locator('option:checked')).toHaveText(category.name);

  // Saving before the list has arrived keeps it too.
  await page.goto(`/dashboard/manageProducts/${productId}/edit`);
  await expect(page.getByLabel('Product Name')).toHaveValue(name);
  await page.getByLabel('Price').fill('98');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(`Product ${name} is updated`)).toBeVisible();
  const again = (await (await page.request.get(`/api/products/${productId}`)).json()) as {
    price: number;
    categoryId: string | null;
  };
  expect(again).toMatchObject({ price: 98, categoryId: category._id });
});
