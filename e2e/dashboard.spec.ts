import { expect, test } from '@playwright/test';
import { logIn, makeAdmin, register, uniqueEmail, signOut } from './support/accounts.ts';

test.describe('dashboard', () => {
  test('my profile is prefilled, saved and kept', async ({ page }) => {
    const email = uniqueEmail();
    await register(page, 'Paula Profile', email);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
    await expect(page.getByLabel('Name')).toBeDisabled();
    await expect(page.getByLabel('Name')).toHaveValue('Paula Profile');
    await expect(page.getByLabel('Email')).toBeDisabled();
    await expect(page.getByLabel('Email')).toHaveValue(email);

    await page.getByLabel('LinkedIn').fill('linkedin.com/in/paula');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText('LinkedIn must be an http(s) URL')).toBeVisible();

    await page.getByLabel('Location').fill('Rotterdam');
    await page.getByLabel('Phone').fill('+31 10 123 4567');
    await page.getByLabel('LinkedIn').fill('https://www.linkedin.com/in/paula');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText('user added')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Location')).toHaveValue('Rotterdam');
    await expect(page.getByLabel('Phone')).toHaveValue('+31 10 123 4567');
    await expect(page.getByLabel('LinkedIn')).toHaveValue('https://www.linkedin.com/in/paula');
  });

  test('a customer sees customer links; an admin screen signs a customer out', async ({ page }) => {
    await register(page, 'Carl Customer', uniqueEmail());
    await page.goto('/dashboard');
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(sidebar.getByRole('link', { name: 'My Orders' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Add Review' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Make Admin' })).toHaveCount(0);

    await page.goto('/dashboard/makeAdmin');
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  test('an admin makes another user admin', async ({ page }) => {
    const customerEmail = uniqueEmail('future');
    await register(page, 'Future Admin', customerEmail);
    await signOut(page);

    const adminEmail = uniqueEmail('boss');
    await register(page, 'Bea Boss', adminEmail);
    await signOut(page);
    makeAdmin(adminEmail);
    await page.goto('/login');
    await logIn(page, adminEmail);
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();

    await page.goto('/dashboard');
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    for (const link of ['Manage All Orders', 'Add a Product', 'Make Admin', 'Manage Products']) {
      await expect(sidebar.getByRole('link', { name: link })).toBeVisible();
    }
    await expect(sidebar.getByRole('link', { name: 'My Orders' })).toHaveCount(0);
    await sidebar.getByRole('link', { name: 'Make Admin' }).click();
    await expect(page.getByRole('heading', { name: /^All Users: \d+$/ })).toBeVisible();

    const row = page.getByRole('row').filter({ hasText: customerEmail });
    await row.getByRole('button', { name: 'Make Admin' }).click();
    await expect(page.getByText('Successfully made an admin')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Make Admin' })).toHaveCount(0);
    await expect(row).toContainText('admin');
  });

  test('on a phone the dashboard menu is a drawer opened from the navbar', async ({ page }) => {
    await register(page, 'Phoebe Phone', uniqueEmail());
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/dashboard');
    const myOrders = page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'My Orders' });
    await expect(myOrders).toBeHidden();
    await page.getByRole('button', { name: 'Open dashboard menu' }).click();
    await expect(myOrders).toBeVisible();
    await myOrders.click();
    await expect(page).toHaveURL(/\/dashboard\/myOrders$/);
  });
});
