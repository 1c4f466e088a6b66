import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { priceListPaths, type PriceList } from '../../../../shared/price-lists.ts';
import { lastRequest, mockApi } from '../../../test/api-routes.ts';
import { storeAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { uuid } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PriceListsPage } from './price-lists-page.tsx';

const BITS = uuid(77);
const builders: PriceList = {
  id: uuid(1),
  name: 'Builders',
  prices: [{ sku: 'DR-18V', variantId: uuid(2), productName: 'Drill', price: 170 }],
  discounts: [{ categoryId: BITS, categoryName: 'Bits', percent: 12.5 }],
  companies: [{ id: 'org-1', name: 'Acme Build' }],
  updatedAt: '2026-11-29T09:00:00.000Z',
};

describe('PriceListsPage', () => {
  it('lists each list with its discounts and companies; Delete asks first, naming them', async () => {
    storeAccessToken('access-1');
    let lists = [builders];
    const fetchMock = mockApi({
      [`GET ${priceListPaths.priceLists}`]: () => jsonResponse({ priceLists: lists }),
      [`DELETE ${priceListPaths.priceList(builders.id)}`]: () => {
        lists = [];
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderWithProviders(<PriceListsPage />);
    const table = within(await screen.findByRole('table', { name: 'Price lists' }));
    const row = within(table.getByRole('row', { name: /^Builders/ }));
    expect(row.getByText('Bits 12.5%')).toBeInTheDocument();
    expect(row.getByText('Acme Build')).toBeInTheDocument();

    await user.click(row.getByRole('button', { name: 'Delete Builders' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to delete Builders?',
    });
    expect(within(dialog).getByText(/assigned to 1 company \(Acme Build\)/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete price list' }));
    expect(await screen.findByText('Price list Builders is deleted')).toBeInTheDocument();
    expect(await screen.findByText('No price lists yet.')).toBeInTheDocument();
    expect(lastRequest(fetchMock, `DELETE ${priceListPaths.priceList(builders.id)}`)).toBeDefined();
  });

  it('creates a list with price and discount rows, showing the SKU the server does not know', async () => {
    storeAccessToken('access-1');
    let unknownSku = true;
    const fetchMock = mockApi({
      [`GET ${priceListPaths.priceLists}`]: () => jsonResponse({ priceLists: [] }),
      [`GET ${apiPaths.categories}`]: jsonResponse([
        { _id: BITS, name: 'Bits', slug: 'bits', description: '', productCount: 3 },
      ]),
      [`POST ${priceListPaths.priceLists}`]: () => {
        if (unknownSku) {
          unknownSku = false;
          return jsonResponse(
            {
              code: 'VALIDATION_FAILED',
              message: 'Unknown SKU: NOPE-1',
              fields: { 'prices.0.sku': 'Unknown SKU: NOPE-1' },
              requestId: 'r',
            },
            400,
          );
        }
        return jsonResponse({ ...builders, name: 'Site crews' }, 201);
      },
    });
    const { user } = renderWithProviders(<PriceListsPage />);
    const form = within(await screen.findByRole('form', { name: 'New price list' }));
    // The schema's own messages first: an empty name, a row without a price.
    await user.click(form.getByRole('button', { name: 'Add price' }));
    await user.click(form.getByRole('button', { name: 'Create price list' }));
    expect(await form.findByText('Name is required')).toBeInTheDocument();
    expect(form.getByText('SKU is required')).toBeInTheDocument();
    expect(form.getByText('Price must be a number')).toBeInTheDocument();

    await user.type(form.getByLabelText('Name'), 'Site crews');
    await user.type(form.getByLabelText('SKU, price row 1'), 'NOPE-1');
    await user.type(form.getByLabelText('Price, price row 1'), '170');
    await user.click(form.getByRole('button', { name: 'Add discount' }));
    await user.selectOptions(form.getByLabelText('Category, discount row 1'), 'Bits');
    await user.type(form.getByLabelText('Percent, discount row 1'), '12.5');
    await user.click(form.getByRole('button', { name: 'Create price list' }));
    expect(await form.findByText('Unknown SKU: NOPE-1')).toBeInTheDocument();
    expect(lastRequest(fetchMock, `POST ${priceListPaths.priceLists}`).body).toEqual({
      name: 'Site crews',
      prices: [{ sku: 'NOPE-1', price: 170 }],
      discounts: [{ categoryId: BITS, percent: 12.5 }],
    });

    await user.click(form.getByRole('button', { name: 'Create price list' }));
    expect(await screen.findByText('Price list Site crews is saved')).toBeInTheDocument();
    await waitFor(() => expect(form.getByLabelText('Name')).toHaveValue(''));
    expect(form.queryByLabelText('SKU, price row 1')).not.toBeInTheDocument();
  });
});
