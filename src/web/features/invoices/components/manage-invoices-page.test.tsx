import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  PAYMENT_TOO_LARGE_MESSAGE,
  invoicePaths,
  type Invoice,
} from '../../../../shared/invoices.ts';
import { lastRequest, mockApi } from '../../../test/api-routes.ts';
import { storeAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { uuid } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ManageInvoicesPage } from './manage-invoices-page.tsx';

const open: Invoice = {
  id: uuid(1),
  number: 'INV-000042',
  companyId: 'org-1',
  companyName: 'Acme Builders',
  checkoutNumber: 1042,
  poReference: 'PO-7',
  amount: 100,
  tax: 8,
  paid: 40,
  due: 60,
  status: 'open',
  overdue: true,
  issuedAt: '2026-10-01T10:00:00.000Z',
  dueAt: '2026-10-31T10:00:00.000Z',
  paidAt: null,
  payments: [],
  orders: [],
};
const paid: Invoice = {
  ...open,
  id: uuid(2),
  number: 'INV-000043',
  paid: 100,
  due: 0,
  status: 'paid',
  overdue: false,
};
const ageing = {
  companies: [
    {
      companyId: 'org-1',
      companyName: 'Acme Builders',
      current: 0,
      days30: 60,
      days60: 0,
      days90: 0,
      total: 60,
    },
  ],
  totals: { current: 0, days30: 60, days60: 0, days90: 0, total: 60 },
};

describe('ManageInvoicesPage', () => {
  it('lists the invoices with their status and records a payment after a confirmation', async () => {
    storeAccessToken('access-1');
    const payments = `POST ${invoicePaths.payments(open.id)}`;
    const fetchMock = mockApi({
      [`GET ${invoicePaths.invoices}`]: jsonResponse({ invoices: [open, paid] }),
      [`GET ${invoicePaths.ageing}`]: jsonResponse(ageing),
      [payments]: jsonResponse({ ...open, paid: 100, due: 0, status: 'paid' }, 201),
    });
    const { user } = renderWithProviders(<ManageInvoicesPage />);

    const table = await screen.findByRole('table', { name: 'Invoices' });
    const row = within(table).getByRole('row', { name: /INV-000042/ });
    expect(within(row).getByText('Overdue')).toBeInTheDocument();
    expect(within(row).getByText('$60.00')).toBeInTheDocument();
    expect(
      within(within(table).getByRole('row', { name: /INV-000043/ })).queryByRole('button', {
        name: /Record payment/,
      }),
    ).toBeNull();
    expect(await screen.findByRole('table', { name: /Ageing/ })).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Record payment for INV-000042' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a payment for INV-000042' });
    const amount = within(dialog).getByLabelText('Amount');
    expect(amount).toHaveValue(60);
    await user.clear(amount);
    await user.type(amount, '25.5');
    await user.type(within(dialog).getByLabelText('Reference'), 'Wire 9');
    await user.clear(within(dialog).getByLabelText('Received on'));
    await user.type(within(dialog).getByLabelText('Received on'), '2026-11-20');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    // The confirmation says what is recorded; nothing is sent before it.
    expect(within(dialog).getByText(/Record \$25\.50 received on 2026-11-20/)).toBeInTheDocument();
    expect(() => lastRequest(fetchMock, payments)).toThrow();
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));

    expect(await screen.findByText('$25.50 recorded for INV-000042')).toBeInTheDocument();
    expect(lastRequest(fetchMock, payments).body).toEqual({
      amount: 25.5,
      reference: 'Wire 9',
      receivedOn: '2026-11-20',
    });
  });

  it('shows the server refusing more than is owed under Amount', async () => {
    storeAccessToken('access-1');
    mockApi({
      [`GET ${invoicePaths.invoices}`]: jsonResponse({ invoices: [open] }),
      [`GET ${invoicePaths.ageing}`]: jsonResponse(ageing),
      [`POST ${invoicePaths.payments(open.id)}`]: jsonResponse(
        {
          code: 'VALIDATION_FAILED',
          message: PAYMENT_TOO_LARGE_MESSAGE,
          fields: { amount: PAYMENT_TOO_LARGE_MESSAGE },
          requestId: 'r1',
        },
        400,
      ),
    });
    const { user } = renderWithProviders(<ManageInvoicesPage />);
    await user.click(await screen.findByRole('button', { name: 'Record payment for INV-000042' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText(PAYMENT_TOO_LARGE_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');
  });
});
