import { expect, test } from '@playwright/test';
import { secretOfTotpUri, totpCode } from '../src/server/testing/totp.ts';
import { logIn, register, signOut, signUpAdmin, uniqueEmail } from './support/accounts.ts';
import { markNewestOrderPaid } from './support/orders.ts';

const PRODUCT = 'Dual-Temperature Heat Gun';

test('a warehouse account ships an order but cannot see users', async ({ page }) => {
  test.slow();
  const buyer = uniqueEmail('buyer');
  await register(page, 'Wes Waiting', buyer);
  const products = (await (await page.request.get('/api/products')).json()) as {
    _id: string;
    name: string;
  }[];
  const product = products.find((p) => p.name === PRODUCT);
  if (!product) throw new Error(`no product ${PRODUCT}`);
  await page.goto(`/purchase/${product._id}`);
  await page.getByRole('button', { name: 'Purchase' }).click();
  await expect(page.getByText('Purchase confirmed')).toBeVisible();
  await markNewestOrderPaid(buyer);
  await signOut(page);

  const warehouse = uniqueEmail('warehouse');
  await register(page, 'Wanda Warehouse', warehouse);
  await signOut(page);

  // An admin grants the warehouse role on the Make Admin screen.
  await signUpAdmin(page);
  await page.goto('/dashboard/makeAdmin');
  const row = page.getByRole('row').filter({ hasText: warehouse });
  await row.getByRole('combobox', { name: 'Role' }).selectOption('warehouse');
  await row.getByRole('button', { name: 'Save role of Wanda Warehouse' }).click();
  await expect(page.getByText('Wanda Warehouse is now Warehouse')).toBeVisible();
  await signOut(page);

  await page.goto('/login');
  await logIn(page, warehouse);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.goto('/dashboard/manageAllOrders');
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar.getByRole('link', { name: 'Manage All Orders' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Make Admin' })).toHaveCount(0);
  await expect(sidebar.getByRole('link', { name: 'Audit Log' })).toHaveCount(0);

  const order = page.getByRole('row').filter({ hasText: buyer });
  await order.getByRole('button', { name: 'Ship' }).click();
  await expect(order).toContainText('shipped');

  await page.goto('/dashboard/makeAdmin');
  await expect(page.getByText('Your role does not give you access to this page.')).toBeVisible();
  const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  const users = await page.request.get('/api/user', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(users.status()).toBe(403);
});

test('an admin enrols TOTP and signs in with a code', async ({ page }) => {
  test.slow();
  const email = await signUpAdmin(page, 'Tess Totp');
  await page.goto('/dashboard');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByLabel('Password').fill('Secret#123');
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(
    section.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible();
  const key = (await section.locator('code').textContent()) ?? '';
  const secret = secretOfTotpUri(`otpauth://totp/x?secret=${key}`);
  await section.getByLabel('Authentication code').fill(totpCode(secret));
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByText(/Two-factor sign-in is on\. Signing in/)).toBeVisible();

  // Still signed in with the renewed session: the staff screens answer.
  await page.goto('/dashboard/auditLog');
  await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
  await expect(page.getByText(/\d+ entr(y|ies)/)).toBeVisible();
  await signOut(page);

  await page.goto('/login');
  await logIn(page, email);
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await code.fill(totpCode(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.goto('/dashboard/makeAdmin');
  await expect(page.getByRole('heading', { name: /^All Users: \d+$/ })).toBeVisible();
});
