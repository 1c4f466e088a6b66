import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { parseCsv } from '../src/server/modules/csv/csv-read.ts';
import { csvRow } from '../src/server/modules/csv/csv.ts';
import { PRODUCT_EXPORT_COLUMNS } from '../src/shared/order-export.ts';
import { signUpAdmin } from './support/accounts.ts';

test('an admin exports the products, edits the file, previews and applies the import', async ({
  page,
}) => {
  await signUpAdmin(page);
  await page.goto('/dashboard/manageProducts');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const exported = await readFile((await (await downloading).path())!, 'utf8');
  const [header, first] = parseCsv(exported)!;
  expect(header).toEqual([...PRODUCT_EXPORT_COLUMNS]);

  const at = (name: (typeof PRODUCT_EXPORT_COLUMNS)[number]) =>
    PRODUCT_EXPORT_COLUMNS.indexOf(name);
  const edited = [...first!];
  const firstName = edited[at('Name')]!;
  edited[at('Price')] = (Number(edited[at('Price')]) + 1).toFixed(2);
  const newName = `Imported Saw ${Date.now().toString(36)}`;
  const created = [
    '',
    newName,
    '59.00',
    'From the import',
    '1',
    '12',
    edited[at('Image')]!,
    '',
    '',
  ];
  const csv = [header!, edited, created].map((cells) => csvRow(cells)).join('');

  await page.getByRole('link', { name: 'Import Products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import products' })).toBeVisible();
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(
    page.getByText('1 to create, 1 to update, 0 unchanged, 0 with errors.'),
  ).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: newName })).toContainText('Create');
  await expect(page.getByRole('row').filter({ hasText: firstName })).toContainText('Update');

  await page.getByRole('button', { name: 'Apply import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply this import?' });
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Imported: 1 created, 1 updated, 0 unchanged')).toBeVisible();

  // The same file again is refused: the updated product's version moved on.
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText(/The product changed since the file was exported/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply import' })).toBeDisabled();
});

test('an admin adds a webhook, sees its secret once, opens its log and deletes it', async ({
  page,
}) => {
  await signUpAdmin(page);
  await page.goto('/dashboard/webhooks');
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  const url = `https://erp-${Date.now().toString(36)}.example.com/toolhouse`;
  await page.getByLabel('Endpoint URL').fill(url);
  await page.getByRole('checkbox', { name: 'order.paid' }).check();
  await page.getByRole('checkbox', { name: 'stock.low' }).check();
  await page.getByRole('button', { name: 'Add webhook' }).click();
  await expect(page.getByText(/^whsec_/)).toBeVisible();

  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: url }) });
  await expect(row).toContainText('order.paid, stock.low');
  await row.getByRole('button', { name: 'Deliveries' }).click();
  await expect(page.getByRole('heading', { name: `Deliveries to ${url}` })).toBeVisible();
  await expect(page.getByText('No deliveries yet.')).toBeVisible();

  await row.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('rowheader', { name: url })).toHaveCount(0);
  // The signing secret is never shown again.
  await page.reload();
  await expect(page.getByText(/^whsec_/)).toHaveCount(0);
});

test('the API reference is served under the CSP, without scripts', async ({ page }) => {
  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
  await expect(
    page.getByRole('heading', { level: 1, name: 'Toolhouse API reference' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /POST \/api\/product-import\/apply/ })).toBeVisible();
  const document = await (await page.request.get('/api/openapi.json')).json();
  expect(document.openapi).toBe('3.1.0');
});
