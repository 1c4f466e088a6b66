import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths, type Company } from '../../../../shared/companies.ts';
import { priceListPaths, type PriceList } from '../../../../shared/price-lists.ts';
import { lastRequest, mockApi } from '../../../test/api-routes.ts';
import { storeAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { uuid } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CompaniesPage } from './companies-page.tsx';

const acme: Company = {
  id: 'org-acme',
  name: 'Acme Build',
  taxNumber: 'US-123',
  billingAddress: null,
  credit: { status: 'approved', limit: 5000, termsDays: 30, balance: 1200.5, available: 3799.5 },
  priceList: null,
  myRole: null,
  memberCount: 3,
  createdAt: '2026-11-29T09:00:00.000Z',
};
const builders: PriceList = {
  id: uuid(1),
  name: 'Builders',
  prices: [],
  discounts: [],
  companies: [],
  updatedAt: '2026-11-29T09:00:00.000Z',
};

function renderCompanies() {
  storeAccessToken('access-1');
  let company = acme;
  const fetchMock = mockApi({
    [`GET ${paths.companies}`]: () => jsonResponse({ companies: [company] }),
    [`GET ${priceListPaths.priceLists}`]: jsonResponse({ priceLists: [builders] }),
    [`PATCH ${paths.credit(acme.id)}`]: ({ body }) => {
      const { status, limit, termsDays } = body as {
        status: 'suspended';
        limit: number;
        termsDays: number;
      };
      company = { ...company, credit: { ...company.credit, status, limit, termsDays } };
      return jsonResponse(company);
    },
    [`PUT ${paths.priceList(acme.id)}`]: () => {
      company = { ...company, priceList: { id: builders.id, name: builders.name } };
      return jsonResponse(company);
    },
  });
  return { fetchMock, ...renderWithProviders(<CompaniesPage />) };
}

describe('CompaniesPage', () => {
  it('lists each company with its members, credit, terms and a link to its invoices', async () => {
    renderCompanies();
    const table = within(await screen.findByRole('table', { name: 'Companies' }));
    const row = within(table.getByRole('row', { name: /^Acme Build/ }));
    expect(row.getByText('Approved')).toBeInTheDocument();
    expect(row.getByText('$5,000.00')).toBeInTheDocument();
    expect(row.getByText('$1,200.50')).toBeInTheDocument();
    expect(row.getByText('$3,799.50')).toBeInTheDocument();
    expect(row.getByText('Net 30')).toBeInTheDocument();
    expect(row.getByText('3')).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Invoices of Acme Build' })).toHaveAttribute(
      'href',
      '/dashboard/manageInvoices?companyId=org-acme',
    );
  });

  it('edits the credit in a dialog, checked as the API checks it', async () => {
    const { user, fetchMock } = renderCompanies();
    await user.click(await screen.findByRole('button', { name: 'Edit credit of Acme Build' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Credit of Acme Build' }));
    const terms = dialog.getByLabelText('Terms (days)');
    await user.clear(terms);
    await user.type(terms, '400');
    await user.click(dialog.getByRole('button', { name: 'Save credit' }));
    expect(await dialog.findByText('Terms must be at most 365 days')).toBeInTheDocument();
    await user.clear(terms);
    await user.type(terms, '60');
    await user.selectOptions(dialog.getByLabelText('Credit status'), 'Suspended');
    const limit = dialog.getByLabelText('Credit limit');
    await user.clear(limit);
    await user.type(limit, '7500');
    await user.click(dialog.getByRole('button', { name: 'Save credit' }));
    expect(await screen.findByText('Credit of Acme Build is saved')).toBeInTheDocument();
    expect(lastRequest(fetchMock, `PATCH ${paths.credit(acme.id)}`).body).toEqual({
      status: 'suspended',
      limit: 7500,
      termsDays: 60,
    });
    expect(await screen.findByText('Net 60')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('assigns a price list', async () => {
    const { user, fetchMock } = renderCompanies();
    const select = await screen.findByLabelText('Price list of Acme Build');
    await screen.findByRole('option', { name: 'Builders' });
    await user.selectOptions(select, 'Builders');
    await user.click(screen.getByRole('button', { name: 'Save price list of Acme Build' }));
    expect(await screen.findByText('Price list of Acme Build is saved')).toBeInTheDocument();
    expect(lastRequest(fetchMock, `PUT ${paths.priceList(acme.id)}`).body).toEqual({
      priceListId: builders.id,
    });
  });
});
