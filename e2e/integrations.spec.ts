import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { parseCsv } from '../src/server/modules/exports/csv-read.ts';
import { csvRow } from '../src/server/modules/exports/csv.ts';
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
