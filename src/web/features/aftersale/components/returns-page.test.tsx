import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aftersalePaths, type OrderReturn } from '../../../../shared/aftersale.ts';
import { mockApi, requestLog } from '../../../test/api-routes.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ReturnsPage } from './returns-page.tsx';

const requested: OrderReturn = {
  _id: '00000000-0000-4000-8000-0000000000d1',
  purchaseId: '00000000-0000-4000-8000-0000000000d2',
  product: 'Circular Saw',
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

describe('ReturnsPage', () => {
  it('lists returns and approves one; a rejection needs a reason and a confirmation', async () => {
    let current = requested;
    const fetchMock = mockApi({
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

    await userEvent.click(within(row).getByRole('button', { name: /^Reject the return/ }));
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
});
