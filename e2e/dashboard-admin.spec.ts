import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { register, signOut, signUpAdmin, uniqueEmail } from './support/accounts.ts';
import { orderAndOpenPayment, payWith } from './support/checkout.ts';

const PRODUCT = '20V Cordless Drill/Driver';

async function orderAndPay(page: Page): Promise<void> {
  await orderAndOpenPayment(page, PRODUCT);
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByText('Your payment is completed')).toBeVisible();
}

async function postReview(page: Page, text: string): Promise<void> {
  await page.goto('/dashboard/addReview');
  await page.getByPlaceholder('Rating out of 5').fill('5');
  await page.getByRole('textbox', { name: 'Review' }).fill(text);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Review Posted!')).toBeVisible();
}

test('an admin sees the overview after a paid order, exports orders, and hides a spam review', async ({
  page,
}) => {
  // A long journey: two customers, an order paid by card, then the admin's screens.
  test.slow();
  const buyerEmail = uniqueEmail('buyer');
  const buyerText = `Solid tool, arrived fast ${Date.now()}`;
  await register(page, 'Vera Verified', buyerEmail);
  await orderAndPay(page);
  await postReview(page, buyerText);
  await signOut(page);

  const spam = `Cheap watches at spam.example ${Date.now()}`;
  await register(page, 'Spam Bot', uniqueEmail('spam'));
  await postReview(page, spam);
  await signOut(page);

  await page.goto('/');
  const reviews = page.getByRole('region', { name: 'What our customers say' });
  await expect(reviews.getByText(spam)).toBeVisible();
  await expect(
    reviews.getByRole('figure').filter({ hasText: buyerText }).getByText('Verified purchase'),
  ).toBeVisible();

  await signUpAdmin(page);
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Overview' })
    .click();
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: /Revenue per day/ })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Top products by revenue' }).getByRole('row').nth(1),
  ).toBeVisible();
  await page.getByLabel('Period').selectOption('7');
  await expect(page.getByRole('row').filter({ hasText: 'Paid, to ship' })).toBeVisible();

  await page.goto('/dashboard/manageAllOrders');
  await page.getByLabel('Status').selectOption('pending');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain(
    'Order ID,Date,Customer,Email,Product,Quantity,Unit Price,Total,Status,Paid,Transaction ID',
  );
  expect(csv).toContain(`Vera Verified,${buyerEmail},`);

  await page.goto('/dashboard/manageReviews');
  await page
    .getByRole('row')
    .filter({ hasText: spam })
    .getByRole('button', { name: 'Hide' })
    .click();
  await expect(page.getByText('Review hidden')).toBeVisible();
  await expect(
    page.getByRole('row').filter({ hasText: spam }).getByRole('button', { name: 'Show' }),
  ).toBeVisible();

  await page.goto('/');
  await expect(reviews.getByText(buyerText)).toBeVisible();
  await expect(reviews.getByText(spam)).toHaveCount(0);
});
