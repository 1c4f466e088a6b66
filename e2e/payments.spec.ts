import { expect, test } from '@playwright/test';
import { register, signOut, signUpAdmin, uniqueEmail } from './support/accounts.ts';
import { orderAndOpenPayment, payWith } from './support/checkout.ts';
import { shipWithTracking } from './support/shipping.ts';

test('a customer pays with the test card, sees it paid, and an admin ships it', async ({
  page,
}) => {
  const email = uniqueEmail();
  await register(page, 'Paula Payer', email);
  const product = await orderAndOpenPayment(page, '5" Random Orbit Sander');
  const total = (product.price * product.minQuantity).toFixed(2);
  await expect(page.getByText('Hello, Paula Payer')).toBeVisible();
  await expect(page.getByText(`Please pay $${total}`)).toBeVisible();

  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByText('Your payment is completed')).toBeVisible();
  const idText = await page.getByText(/^Your transaction Id: /).textContent();
  const transactionId = idText!.replace('Your transaction Id: ', '').trim();
  expect(transactionId).toMatch(/^pi_/);

  await page.goto('/dashboard/myOrders');
  const row = page.getByRole('row').filter({ hasText: product.name });
  await expect(row).toContainText('Paid');
  await expect(row).toContainText(transactionId);
  await signOut(page);

  await signUpAdmin(page);
  await page.goto('/dashboard/manageAllOrders');
  const adminRow = page.getByRole('row').filter({ hasText: email });
  await shipWithTracking(page, adminRow);
  await expect(adminRow).toContainText('shipped');
});

test('declined and invalid cards show the provider message, and a retry works', async ({
  page,
}) => {
  await register(page, 'Dora Declined', uniqueEmail());
  await orderAndOpenPayment(page, 'LED Cordless Work Light');
  // The built-in processor takes the payments here (not production): the page says so plainly.
  await expect(page.getByText('Test mode', { exact: true })).toBeVisible();
  for (const [number, message, expiry, cvc] of [
    ['4000 0000 0000 0002', 'Your card was declined.', '12/34', '123'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.', '12/34', '123'],
    ['4242 4242 4242 4241', 'Your card number is invalid.', '12/34', '123'],
    ['4242 4242 4242 4242', "Your card's expiration year is in the past.", '01/20', '123'],
  ] as const) {
    await payWith(page, number, expiry, cvc);
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  }
  // An incomplete card cannot be sent at all.
  await page.getByLabel('CVC').fill('12');
  await expect(page.getByRole('button', { name: 'Pay' })).toBeDisabled();

  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByText('Your payment is completed')).toBeVisible();
});
