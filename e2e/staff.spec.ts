import { expect, test, type Page } from '@playwright/test';
import { secretOfTotpUri, totpCode } from '../src/server/testing/totp.ts';
import {
  linkFromOutbox,
  logIn,
  makeAdmin,
  register,
  signOut,
  signUpAdmin,
  uniqueEmail,
} from './support/accounts.ts';
import { markNewestOrderPaid } from './support/orders.ts';
import { shipWithTracking } from './support/shipping.ts';

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
  await shipWithTracking(page, order);
  await expect(order).toContainText('shipped');

  await page.goto('/dashboard/makeAdmin');
  await expect(page.getByText('Your role does not give you access to this page.')).toBeVisible();
  const token = await page.evaluate(() => window.localStorage.getItem('accessToken'));
  const users = await page.request.get('/api/user', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(users.status()).toBe(403);
});

/** My Profile → Two-factor sign-in, as a user does it; returns the TOTP secret. */
async function enrolInMyProfile(page: Page): Promise<string> {
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
  return secret;
}

test('an admin enrols TOTP and signs in with a code', async ({ page }) => {
  test.slow();
  const email = await signUpAdmin(page, 'Tess Totp');
  const secret = await enrolInMyProfile(page);

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

test('an enrolled admin signing in through OpenID enters a code before the staff screens', async ({
  page,
}) => {
  test.slow();
  // A password account with a proven e-mail, which the local OpenID provider vouches for too.
  const login = `oidcstaff${Date.now().toString(36)}`;
  const email = `${login}@example.com`;
  await register(page, 'Otto OpenID', email);
  await page.goto(await linkFromOutbox(email, /Confirm your Toolhouse email/));
  await page.goto('/home');
  await signOut(page);
  makeAdmin(email);
  await page.goto('/login');
  await logIn(page, email);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  const secret = await enrolInMyProfile(page);
  await signOut(page);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Local ID' }).click();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: /sign-in/i }).click();
  await page.getByRole('button', { name: /continue/i }).click();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();

  await page.goto('/dashboard/auditLog');
  await expect(
    page.getByText(
      'Enter a code from your authenticator app to use staff screens with this sign-in.',
    ),
  ).toBeVisible();
  await page.getByLabel('Authentication code').fill(totpCode(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
});
