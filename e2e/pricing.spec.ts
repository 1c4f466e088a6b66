import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { logIn, register, signOut, signUpAdmin, uniqueEmail } from './support/accounts.ts';
import { payWith } from './support/checkout.ts';
import { hydrated } from './support/hydration.ts';

// Issue 23: volume price breaks and requests for a quote, end to end.

async function photo() {
  const buffer = await sharp({
    create: { width: 320, height: 240, channels: 3, background: '#3366aa' },
  })
    .jpeg()
    .toBuffer();
  return { name: 'impact-wrench.jpg', mimeType: 'image/jpeg', buffer };
}

async function productId(page: Page, name: string): Promise<string> {
  const products = (await (await page.request.get('/api/products')).json()) as {
    _id: string;
    name: string;
  }[];
  const found = products.find((p) => p.name === name);
  if (!found) throw new Error(`no product ${name}`);
  return found._id;
}

test('an admin sets volume prices; a customer sees them, orders at a break, asks for a quote, accepts it and pays', async ({
  page,
}) => {
  // Two journeys and four sign-ins in one: more than the default 30 s on a busy machine.
  test.slow();
  const name = `Impact Wrench ${Date.now().toString(36)}`;
  const adminEmail = await signUpAdmin(page);

  // The admin adds a product with two price breaks; a bad row is refused in the form first.
  await page.goto('/dashboard/addProduct');
  await expect(page.getByRole('heading', { name: 'Add a new Product' })).toBeVisible();
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Price').fill('100');
  await page.getByLabel('Description').fill('Half-inch drive, 18 V.');
  await page.getByLabel('Image').setInputFiles(await photo());
  await page.getByLabel('Minimum Order Quantity').fill('2');
  await page.getByLabel('Available Quantity').fill('500');
  await page.getByRole('button', { name: 'Add price break' }).click();
  await page.getByLabel('From quantity (row 1)').fill('10');
  await page.getByLabel('Unit price (row 1)').fill('120');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Unit price must be below the Price')).toBeVisible();
  await page.getByLabel('Unit price (row 1)').fill('90');
  await page.getByRole('button', { name: 'Add price break' }).click();
  await page.getByLabel('From quantity (row 2)').fill('50');
  await page.getByLabel('Unit price (row 2)').fill('80');
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Product Successfully added')).toBeVisible();
  await signOut(page);

  // The card says "from $80.00"; the product page shows the table and prices the total.
  const customerEmail = uniqueEmail('trade');
  await register(page, 'Tom Trade', customerEmail);
  await page.goto('/allProducts');
  await hydrated(page);
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
  await expect(card.getByText('from $80.00')).toBeVisible();
  const id = await productId(page, name);
  await page.goto(`/purchase/${id}`);
  const table = page.getByRole('table');
  await expect(page.getByRole('heading', { name: 'Buy more, pay less' })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(4);
  const quantity = page.getByLabel('Order Quantity');
  await quantity.fill('5');
  await expect(page.getByText('Total Price: $500.00')).toBeVisible();
  await quantity.fill('10');
  await expect(page.getByText('Volume price from 10: $90.00 each')).toBeVisible();
  await expect(page.getByText('Total Price: $900.00')).toBeVisible();
  await page.getByLabel('Address').fill('7 Depot Street');
  await page.getByLabel('Phone').fill('555 0101');
  await page.getByRole('button', { name: 'Purchase' }).click();
  await expect(page.getByText('Purchase confirmed')).toBeVisible();
  await page.goto('/dashboard/myOrders');
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('$900.00');

  // A request for a quote for more than the stock allows at the breaks.
  await page.goto(`/purchase/${id}`);
  await page.getByRole('button', { name: 'Request a quote' }).click();
  await page.getByLabel('Quantity', { exact: true }).fill('100');
  await page.getByLabel('Target unit price (optional)').fill('70');
  await page.getByLabel('Message').fill('For our workshop fleet');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Your request for a quote was sent')).toBeVisible();
  await page.goto('/dashboard/myQuotes');
  const mine = page.getByRole('article').filter({ hasText: name });
  await expect(mine.getByText('Requested')).toBeVisible();
  await signOut(page);

  // The admin answers it from Quotes.
  await page.goto('/login');
  await logIn(page, adminEmail);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Quotes' })
    .click();
  const request = page.getByRole('article').filter({ hasText: name });
  await expect(request.getByText(customerEmail)).toBeVisible();
  await request.getByLabel('Unit price').fill('75');
  await request.getByLabel('Valid for (days)').fill('10');
  await request.getByRole('button', { name: 'Send quote' }).click();
  await expect(page.getByText('Quote sent to the customer')).toBeVisible();
  await expect(request.getByText('Quoted', { exact: true })).toBeVisible();
  await signOut(page);

  // The customer accepts it and pays the quoted total on the payment page.
  await page.goto('/login');
  await logIn(page, customerEmail);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.goto('/dashboard/myQuotes');
  const offer = page.getByRole('article').filter({ hasText: name });
  await expect(offer.getByText('$75.00 (total $7,500.00)')).toBeVisible();
  await offer.getByLabel('Address').fill('7 Depot Street');
  await offer.getByLabel('Phone').fill('555 0101');
  await offer.getByRole('button', { name: 'Accept and pay' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  await expect(page.getByText('Please pay $7,500.00')).toBeVisible();
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByText('Your payment is completed')).toBeVisible();
});
