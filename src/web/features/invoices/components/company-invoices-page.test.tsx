import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths as companyPaths, type Company } from '../../../../shared/companies.ts';
import { invoicePaths, type Invoice, type Statement } from '../../../../shared/invoices.ts';
import { mockApi } from '../../../test/api-routes.ts';
import { storeAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { uuid } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CompanyInvoicesPage } from './company-invoices-page.tsx';

const invoice: Invoice = {
  id: uuid(1),
  number: 'INV-000007',
  companyId: 'org-1',
  companyName: 'Acme Builders',
  checkoutNumber: 1007,
  poReference: 'PO-1',
  amount: 250,
  tax: 20,
  paid: 0,
  due: 250,
  status: 'open',
  overdue: true,
  issuedAt: '2026-09-01T10:00:00.000Z',
  dueAt: '2026-10-01T10:00:00.000Z',
  paidAt: null,
  payments: [],
  orders: [],
};

const company = (myRole: Company['myRole']): Company => ({
  id: 'org-1',
  name: 'Acme Builders',
  taxNumber: '',
  billingAddress: null,
  credit: { status: 'approved', limit: 5000, termsDays: 30, balance: 250, available: 4750 },
  priceList: null,
  myRole,
  memberCount: 3,
  createdAt: '2026-09-01T10:00:00.000Z',
});

const statement: Statement = {
  companyId: 'org-1',
  creditLimit: 5000,
  termsDays: 30,
  balance: 250,
  available: 4750,
  overdue: 250,
  ageing: { current: 0, days30: 0, days60: 250, days90: 0, total: 250 },
  openInvoices: [invoice],
};

describe('CompanyInvoicesPage', () => {
  it("shows an approver the company's statement, ageing and invoices", async () => {
    storeAccessToken('access-1');
    mockApi({
      [`GET ${companyPaths.companies}`]: jsonResponse({ companies: [company('approver')] }),
      [`GET ${companyPaths.statement('org-1')}`]: jsonResponse(statement),
      [`GET ${invoicePaths.invoices}`]: jsonResponse({ invoices: [invoice] }),
    });
    renderWithProviders(<CompanyInvoicesPage />);
    expect(
      await screen.findByRole('heading', { name: 'Statement of Acme Builders' }),
    ).toBeInTheDocument();
    const facts = screen.getByText('Available').closest('div')!;
    expect(within(facts).getByText('$4,750.00')).toBeInTheDocument();
    expect(screen.getByText('Net 30')).toBeInTheDocument();
    const ageing = screen.getByRole('table', { name: /by days past due/ });
    expect(within(ageing).getAllByText('$250.00')).toHaveLength(2); // 31–60 days and total
    const row = within(screen.getByRole('table', { name: 'Invoices' })).getByRole('row', {
      name: /INV-000007/,
    });
    expect(within(row).getByText('Overdue')).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: 'Download the PDF of INV-000007' }),
    ).toBeEnabled();
  });

  it('shows a buyer their invoices without the statement', async () => {
    storeAccessToken('access-1');
    mockApi({
      [`GET ${companyPaths.companies}`]: jsonResponse({ companies: [company('buyer')] }),
      [`GET ${invoicePaths.invoices}`]: jsonResponse({ invoices: [] }),
    });
    renderWithProviders(<CompanyInvoicesPage />);
    expect(await screen.findByText(/No invoices yet/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your invoices' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Statement/ })).toBeNull();
  });
});
