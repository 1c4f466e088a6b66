import { expect, test } from '@playwright/test';
import { signUpAdmin } from './support/accounts.ts';

// Issue 35: staff see the demo shop's shipping zones and turn sales tax on in a state, with the
// keyboard alone. (Both pages are in a11y.spec.ts's admin pages too.)

test('an admin sees the seeded zones and switches Collect for a state with the keyboard', async ({
  page,
}) => {
  test.slow();
  await signUpAdmin(page, 'Shira Shipping');

  await page.goto('/dashboard/shipping');
  const zones = page.getByRole('list', { name: 'Shipping zones' });
  await expect(zones.getByRole('heading', { name: 'United States' })).toBeVisible();
  const us = page.getByRole('table', { name: 'Methods of United States' });
  await expect(us.getByRole('row', { name: /^Standard/ })).toContainText('up to 30,000 g: $9.95');
  await expect(us.getByRole('row', { name: /^Freight/ })).toContainText('from 30,001 g: $89.00');
  await expect(zones.getByRole('heading', { name: 'Rest of world' })).toBeVisible();

  await page.goto('/dashboard/taxes');
  const filter = page.getByLabel('Filter');
  await filter.fill('Wisconsin');
  await expect(page.getByRole('checkbox', { name: /^Collect\b.*\(US-WI\)/ })).toBeChecked();
  await filter.fill('Ohio');
  const ohio = page.getByRole('checkbox', { name: /^Collect\b.*\(US-OH\)/ });
  await expect(ohio).not.toBeChecked();
  await ohio.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Collect on for Ohio')).toBeVisible();
  await expect(ohio).toBeChecked();
  // Back as it was (other specs price orders with the seeded settings); the focus stayed on it.
  await expect(ohio).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByText('Collect off for Ohio')).toBeVisible();
  await expect(ohio).not.toBeChecked();
});
