import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import type { ProductImportReport } from '../../../../shared/product-import.ts';
import { lastRequest, mockApi } from '../../../test/api-routes.ts';
import { storeAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ImportProductsPage } from './import-products-page.tsx';

const PREVIEW = `POST ${apiPaths.productImport('preview')}`;
const APPLY = `POST ${apiPaths.productImport('apply')}`;
const CSV = 'Product ID,Name\r\n,Saw\r\n';

const report = (applied: boolean, error = 0): ProductImportReport => ({
  applied,
  counts: { create: 1, update: 1, unchanged: 0, error },
  rows: [
    { row: 2, action: 'update', productId: 'p1', name: 'Hammer Drill', reason: null },
    { row: 3, action: 'create', productId: null, name: 'Saw', reason: null },
    ...(error
      ? [
          {
            row: 4,
            action: 'error' as const,
            productId: null,
            name: 'Bad',
            reason: 'Price must be more than 0',
          },
        ]
      : []),
  ],
});

function renderPage(routes: Parameters<typeof mockApi>[0]) {
  storeAccessToken('access-1');
  const fetchMock = mockApi(routes);
  renderWithProviders(<ImportProductsPage />, { route: '/dashboard/importProducts' });
  return fetchMock;
}

const file = () => new File([CSV], 'products.csv', { type: 'text/csv' });

describe('ImportProductsPage', () => {
  it('explains the category, battery, price break and image columns', async () => {
    const user = userEvent.setup();
    renderPage({});
    await user.click(screen.getByText('Category, battery, price breaks and more images'));
    expect(screen.getByText(/10:89\.00;50:79\.00/)).toBeVisible();
    expect(screen.getByText(/an empty cell clears it/)).toBeVisible();
  });

  it('previews the chosen file and applies it after a confirmation', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage({
      [PREVIEW]: jsonResponse(report(false)),
      [APPLY]: jsonResponse(report(true)),
    });
    await user.upload(screen.getByLabelText('CSV file'), file());
    expect(
      await screen.findByText('1 to create, 1 to update, 0 unchanged, 0 with errors.'),
    ).toBeVisible();
    expect(lastRequest(fetchMock, PREVIEW).body).toEqual({ csv: CSV });
    expect(screen.getByRole('cell', { name: 'Hammer Drill' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Apply import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply this import?' });
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Imported: 1 created, 1 updated, 0 unchanged')).toBeVisible();
    expect(lastRequest(fetchMock, APPLY).body).toEqual({ csv: CSV });
  });

  it('lists errors first and allows no apply while any row has one', async () => {
    const user = userEvent.setup();
    renderPage({ [PREVIEW]: jsonResponse(report(false, 1)) });
    await user.upload(screen.getByLabelText('CSV file'), file());
    expect(await screen.findByText('Price must be more than 0')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Apply import' })).toBeDisabled();
    const rows = screen.getAllByRole('row');
    await waitFor(() => expect(rows[1]).toHaveTextContent('Error'));
  });
});
