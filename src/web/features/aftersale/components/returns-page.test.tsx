import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aftersalePaths, type OrderReturn } from '../../../../shared/aftersale.ts';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { adminPermissions, mockApi, requestLog } from '../../../test/api-routes.ts';
import { admin, sessionResponse, storeAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ReturnsPage } from './returns-page.tsx';

const requested: OrderReturn = {
  _id: '00000000-0000-4000-8000-0000000000d1',
  purchaseId: '00000000-0000-4000-8000-0000000000d2',
  product: 'Circular Saw',
  sku: 'CS-1',
  customerName: 'Rosa Return',
  customerEmail: 'rosa@example.com',
  quantity: 1,
  value: 159,
  reason: 'Defective or damaged',
  note: 'Blade wobbles',
  status: 'requested',
  rejectReason: null,
  restocked: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

const warehousePermissions = {
  ...adminPermissions,
  role: 'warehouse',
  permissions: ['orders.view', 'orders.fulfil'],
};

/** The routes of a signed-in staff member with `permissions`, as the staff guard loaded them. */
function signedInAs(permissions: object) {
  storeAccessToken('access-1');
  return {
    [`GET ${apiPaths.auth.session}`]: sessionResponse(admin, 'access-1'),
    'GET /api/me/permissions': jsonResponse(permissions),
  };
}

const received: OrderReturn = { ...requested, status: 'received', restocked: true };

describe('ReturnsPage', () => {
  it('lists returns and approves one; a rejection needs a reason and a confirmation', async () => {
    let current = requested;
    const fetchMock = mockApi({
      ...signedInAs(warehousePermissions),
      [`GET ${aftersalePaths.returns}`]: () => jsonResponse([current]),
      [`POST ${aftersalePaths.returnAction(requested._id, 'approve')}`]: () => {
        current = { ...requested, status: 'approved' };
        return jsonResponse(current);
      },
    });
    renderWithProviders(<ReturnsPage />);
    const row = (
      await screen.findByRole('rowheader', { name: 'Circular Saw' }, { timeout: 5000 })
    ).closest('tr')!;
    expect(within(row).getByText('Blade wobbles')).toBeInTheDocument();

    await userEvent.click(await within(row).findByRole('button', { name: /^Reject the return/ }));
    await userEvent.click(within(row).getByRole('button', { name: 'Reject return' }));
    expect(await within(row).findByText('Reason is required')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: /^Approve the return/ }));
    expect(await within(row).findByRole('button', { name: /^Mark received/ })).toBeInTheDocument();
    expect(within(row).getByLabelText('Put the units back into stock')).toBeChecked();
    expect(requestLog(fetchMock)).toContain(
      `POST ${aftersalePaths.returnAction(requested._id, 'approve')}`,
    );
  });

  it('offers a warehouse account no Refund (it needs an admin), an admin the Refund', async () => {
    mockApi({
      ...signedInAs(warehousePermissions),
      [`GET ${aftersalePaths.returns}`]: jsonResponse([received]),
    });
    const { unmount } = renderWithProviders(<ReturnsPage />);
    const row = (
      await screen.findByRole('rowheader', { name: 'Circular Saw' }, { timeout: 5000 })
    ).closest('tr')!;
    expect(await within(row).findByText('Awaiting a refund by an admin')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
    unmount();

    mockApi({
      ...signedInAs(adminPermissions),
      [`GET ${aftersalePaths.returns}`]: jsonResponse([received]),
    });
    renderWithProviders(<ReturnsPage />);
    const adminRow = (
      await screen.findByRole('rowheader', { name: 'Circular Saw' }, { timeout: 5000 })
    ).closest('tr')!;
    expect(
      await within(adminRow).findByRole('button', { name: /^Refund \$159\.00/ }),
    ).toBeInTheDocument();
  });

  it('refunds a return with the shipping only when Refund shipping is ticked (issue 35)', async () => {
    const fetchMock = mockApi({
      ...signedInAs(adminPermissions),
      [`GET ${aftersalePaths.returns}`]: jsonResponse([received]),
      [`POST ${aftersalePaths.returnAction(received._id, 'refund')}`]: jsonResponse({
        ...received,
        status: 'refunded',
      }),
    });
    renderWithProviders(<ReturnsPage />);
    const row = (
      await screen.findByRole('rowheader', { name: 'Circular Saw' }, { timeout: 5000 })
    ).closest('tr')!;
    const shipping = await within(row).findByRole('checkbox', { name: 'Refund shipping' });
    expect(shipping).not.toBeChecked();
    await userEvent.click(shipping);
    await userEvent.click(within(row).getByRole('button', { name: /^Refund \$159\.00/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Refund $159.00 and the shipping to Rosa Return?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund now' }));
    await screen.findByText('Return refunded');
    const [sent] = fetchMock.mock.calls.filter(
      ([input, init]) => init?.method === 'POST' && String(input).includes('/refund'),
    );
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ refundShipping: true });
  });
});
