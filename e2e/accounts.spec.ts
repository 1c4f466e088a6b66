import { expect, test } from '@playwright/test';
import {
  linkFromOutbox,
  logIn,
  PASSWORD,
  register,
  uniqueEmail,
  signOut,
} from './support/accounts.ts';

test.describe('register, sign out, log in', () => {
  test('registration shows each validation message, then signs the customer in', async ({
    page,
  }) => {
    await page.goto('/register');
    const submit = page.getByRole('button', { name: 'Register' });
    await submit.click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    // The first invalid field takes the focus; typing elsewhere starts only after that.
    await expect(page.getByLabel('Name')).toBeFocused();

    await page.getByLabel('Email').fill('First.Last@Example');
    await expect(page.getByText('Provide a valid Email')).toBeVisible();
    await page.getByLabel('Password').fill('abc');
    await expect(page.getByText('Must be 6 characters or longer')).toBeVisible();
    await page.getByLabel('Password').fill('abcdefg');
    await expect(
      page.getByText('Password must contain atleast one special character'),
    ).toBeVisible();

    const email = uniqueEmail();
    await page.getByLabel('Name').fill('Rita Register');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await submit.click();
    await expect(page).toHaveURL(/\/home$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();

    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  test('a protected page sends a visitor to log in and back afterwards', async ({ page }) => {
    const email = uniqueEmail();
    await register(page, 'Lars Login', email);
    await signOut(page);

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, email, 'Wrong#pass1');
    await expect(
      page.getByRole('alert').filter({ hasText: /invalid email or password/i }),
    ).toBeVisible();
    await logIn(page, email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  });

  test('login validation messages', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.getByLabel('Email').fill('nobody');
    await expect(page.getByText('Provide a valid Email')).toBeVisible();
    await page.getByLabel('Password').fill('12345');
    await expect(page.getByText('Must be 6 characters or longer')).toBeVisible();
    await expect(page.getByRole('link', { name: /Create an account/ })).toHaveAttribute(
      'href',
      '/register',
    );
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/reset',
    );
  });

  test('Google and Facebook explain when they are not set up', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Google' }).click();
    await expect(
      page.getByText(
        'Google sign-in is not available on this shop yet. Please use your email and password.',
      ),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Facebook' }).click();
    await expect(
      page.getByText(
        'Facebook sign-in is not available on this shop yet. Please use your email and password.',
      ),
    ).toBeVisible();
  });

  test('a forgotten password is reset through the e-mailed link', async ({ page }) => {
    const email = uniqueEmail();
    await register(page, 'Fiona Forgetful', email);
    await signOut(page);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The next page loads lazily; the old one stays on screen until then.
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(
      page.getByText(
        'If an account exists for that email, we have sent a link to reset the password.',
      ),
    ).toBeVisible();

    await page.goto(await linkFromOutbox(email, /^Reset your Toolhouse password$/));
    await expect(page).toHaveURL(/\/reset\?token=/);
    await page.getByLabel('New Password', { exact: true }).fill('abcdefg');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(
      page.getByText('Password must contain atleast one special character'),
    ).toBeVisible();
    await page.getByLabel('New Password', { exact: true }).fill('Brand#new42');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText('Your password has been changed. Please log in.')).toBeVisible();

    await logIn(page, email, PASSWORD);
    await expect(
      page.getByRole('alert').filter({ hasText: /invalid email or password/i }),
    ).toBeVisible();
    await logIn(page, email, 'Brand#new42');
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  });

  test('signs in through an OpenID provider (local, offline)', async ({ page }) => {
    const login = `oidc${Date.now().toString(36)}`;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Local ID' }).click();
    // The provider's own development login and consent pages.
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: /sign-in/i }).click();
    await page.getByRole('button', { name: /continue/i }).click();

    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await expect(page.getByLabel('Email')).toHaveValue(`${login}@example.com`);
  });
});
