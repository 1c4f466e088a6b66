import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths as companyPaths, type Company } from '../../../../shared/companies.ts';
import { mockApi } from '../../../test/api-routes.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { makePurchase } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CompanyOrdersPage, NO_COMPANY_NOTE } from './company-orders.tsx';

const company: Company = {
  id: 'company-1',
  name: 'Berg Builders',
  taxNumber: '',
  billingAddress: null,
  credit: { status: 'approved', limit: 10_000, termsDays: 30, balance: 0, available: 10_000 },
  priceList: null,
  myRole: 'approver',
  memberCount: 3,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const COMPANIES = `GET ${companyPaths.companies}`;
const ORDERS = `GET ${companyPaths.orders(company.id)}?page=1`;

describe('Company orders', () => {
  it("lists the company's orders with buyer, payment and status", async () => {
    mockApi({
      [COMPANIES]: jsonResponse({ companies: [company] }),
      [ORDERS]: jsonResponse({
        orders: [
          makePurchase(1, {
            product: 'Rotary Hammer',
            customerName: 'Tom Berg',
            stat: 'awaiting_approval',
          }),
          makePurchase(2, {
            product: 'Site Radio',
            onAccount: true,
            invoiceNumber: 'INV-000042',
          }),
          makePurchase(3, { product: 'Jig Saw', stat: 'rejected' }),
        ],
        total: 3,
        page: 1,
        pageSize: 50,
      }),
    });
    renderWithProviders(<CompanyOrdersPage />);
    expect(await screen.findByText('Berg Builders')).toBeInTheDocument();
    const hammer = within(
      (await screen.findByRole('rowheader', { name: 'Rotary Hammer' })).closest('tr')!,
    );
    expect(hammer.getByText('Tom Berg')).toBeInTheDocument();
    expect(hammer.getByRole('cell', { name: 'Awaiting approval' })).toBeInTheDocument();
    const radio = within(screen.getByRole('rowheader', { name: 'Site Radio' }).closest('tr')!);
    expect(radio.getByText(/Invoice INV-000042/)).toBeInTheDocument();
    const saw = within(screen.getByRole('rowheader', { name: 'Jig Saw' }).closest('tr')!);
    expect(saw.getByRole('cell', { name: 'Rejected' })).toBeInTheDocument();
    // Three orders: no pages to turn.
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('says so to someone of no company', async () => {
    mockApi({ [COMPANIES]: jsonResponse({ companies: [] }) });
    renderWithProviders(<CompanyOrdersPage />);
    expect(await screen.findByText(NO_COMPANY_NOTE)).toBeInTheDocument();
  });
});
