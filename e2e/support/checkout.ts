import { expect, type Page } from '@playwright/test';

// The customer's way from a product to a payment, shared by the journeys that pay.

export interface ApiProduct {
  _id: string;
  name: string;
  price: number;
  minQuantity: number;
}

/** Orders the product at its minimum quantity and opens the payment page from My Orders. */
export async function orderAndOpenPayment(page: Page, productName: string): Promise<ApiProduct> {
  const products = (await (await page.request.get('/api/products')).json()) as ApiProduct[];
  const product = products.find((p) => p.name === productName)!;
  await page.goto(`/purchase/${product._id}`);
  await page.getByRole('button', { name: 'Purchase' }).click();
  await expect(page.getByText('Purchase confirmed')).toBeVisible();
  await page.goto('/dashboard/myOrders');
  await page
    .getByRole('row')
    .filter({ hasText: product.name })
    .getByRole('link', { name: 'Payment' })
    .click();
  await expect(page.getByText(`Please Pay for ${product.name}`)).toBeVisible();
  return product;
}

/** Fills the test card form and presses Pay. */
export async function payWith(
  page: Page,
  number: string,
  expiry = '12/34',
  cvc = '123',
): Promise<void> {
  await page.getByLabel('Card Number').fill(number);
  await page.getByLabel('Expiry').fill(expiry);
  await page.getByLabel('CVC').fill(cvc);
  await page.getByRole('button', { name: 'Pay' }).click();
}
