import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/accessibility.ts';
import { signUpAdmin } from './support/accounts.ts';

// Issue 36: staff create a percent-off promotion with a code, see it listed, pause it, generate
// single-use codes and download them as CSV; the page, with its list, form and code batches, passes
// axe (here rather than in a11y.spec.ts's admin pages, which is at its time limit on a busy machine).
// The promotion needs its code, so no other spec's prices change; it is ended at the end.

test('staff create a promotion with a code, pause it, and download 5 generated codes', async ({
  page,
}) => {
  test.slow();
  await signUpAdmin(page, 'Pia Promotions');
  await page.goto('/dashboard/promotions');
  await expect(page.getByRole('heading', { name: 'Promotions', level: 1 })).toBeVisible();

  const name = `Saw week ${Date.now()}`;
  const code = `SAW${Date.now().toString(36).toUpperCase()}`;
  const form = page.getByRole('form', { name: 'New promotion' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Kind').selectOption('percent_off');
  await form.getByLabel('Percent off').fill('15');
  await form.getByLabel('Applies to').selectOption('platforms');
  await form.getByLabel('Targets').fill('18V');
  await form.getByLabel('Code mode').selectOption('code');
  await form.getByLabel('Code', { exact: true }).fill(code);
  await form.getByRole('button', { name: 'Create promotion' }).click();
  await expect(page.getByText(`Promotion ${name} is saved`)).toBeVisible();

  const row = page.getByRole('table', { name: 'Promotions' }).getByRole('row', { name: name });
  await expect(row).toContainText(`15% off · code ${code}`);
  await expect(row).toContainText('Percent off');
  await expect(row).toContainText('active');

  await row.getByRole('button', { name: `Pause ${name}` }).click();
  await expect(page.getByText(`${name} is paused`)).toBeVisible();
  await expect(row).toContainText('paused');
  await expect(row.getByRole('button', { name: `Resume ${name}` })).toBeVisible();

  await row.getByRole('button', { name: `Codes of ${name}` }).click();
  const generate = page.getByRole('form', { name: `Generate codes for ${name}` });
  await generate.getByLabel('Count').fill('5');
  await generate.getByLabel('Prefix').fill('EXPO-');
  await generate.getByRole('button', { name: 'Generate codes' }).click();
  await expect(page.getByText('5 codes generated')).toBeVisible();

  await expect(page.getByRole('button', { name: /^Download CSV of the 5 codes/ })).toBeVisible();
  await expectAccessible(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /^Download CSV of the 5 codes/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^codes-[0-9a-f-]{36}\.csv$/);
  const lines = readFileSync((await download.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r\n/);
  expect(lines[0]).toBe('Code,Used');
  expect(lines).toHaveLength(6);
  for (const line of lines.slice(1)) expect(line).toMatch(/^EXPO-[A-Z2-9]{10},no$/);

  // Ending asks first, and is final.
  await row.getByRole('button', { name: `End ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Are you sure you want to end ${name}?` });
  await dialog.getByRole('button', { name: 'End promotion' }).click();
  await expect(page.getByText(`${name} has ended`)).toBeVisible();
  await expect(row.getByRole('button', { name: `Resume ${name}` })).toHaveCount(0);
});
