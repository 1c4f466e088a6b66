import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  approvalPaths,
  REJECT_REASON_REQUIRED,
  type Approval,
} from '../../../../shared/approvals.ts';
import { lastRequest, mockApi, requestLog } from '../../../test/api-routes.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { makePurchase, uuid } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import {
  APPROVED_MESSAGE,
  ApprovalsPage,
  CANNOT_APPROVE_NOTE,
  REJECTED_MESSAGE,
} from './approvals-page.tsx';

const LIST = `GET ${approvalPaths.approvals}`;

const makeApproval = (n: number, fields: Partial<Approval> = {}): Approval => ({
  checkoutId: uuid(n),
  checkoutNumber: 1040 + n,
  buyer: { id: `user-${n}`, name: `Site Manager ${n}`, email: `site${n}@example.com` },
  paymentMethod: 'account',
  poReference: `PO-${n}`,
  total: 150 * n,
  placedAt: '2026-11-28T10:00:00.000Z',
  holdExpiresAt: '2026-11-29T10:00:00.000Z',
  lines: [
    {
      orderId: uuid(100 + n),
      productName: 'Rotary Hammer (SDS Max)',
      sku: 'RH-40',
      quantity: n,
      amount: 150 * n,
    },
  ],
  canApprove: true,
  ...fields,
});

const decision = (approval: Approval, outcome: 'approved' | 'rejected') =>
  jsonResponse({
    checkoutId: approval.checkoutId,
    approval: outcome,
    invoiceNumber: outcome === 'approved' ? 'INV-000042' : null,
    orders: [makePurchase(1, { checkoutId: approval.checkoutId })],
  });

describe('Approvals', () => {
  it('shows each checkout waiting: buyer, payment, PO, total, lines, placed and reserved until', async () => {
    mockApi({ [LIST]: jsonResponse({ approvals: [makeApproval(1)] }) });
    renderWithProviders(<ApprovalsPage />);
    const card = within(
      await screen.findByRole('article', { name: 'Order C-1041 by Site Manager 1' }),
    );
    expect(card.getByText('Site Manager 1 (site1@example.com)')).toBeInTheDocument();
    expect(card.getByText('On account')).toBeInTheDocument();
    expect(card.getByText('PO-1')).toBeInTheDocument();
    expect(card.getAllByText('$150.00')).not.toHaveLength(0);
    expect(card.getByRole('list', { name: 'Lines of C-1041' })).toHaveTextContent(
      '1 × Rotary Hammer (SDS Max) (SKU RH-40): $150.00',
    );
    expect(card.getByText('Placed')).toBeInTheDocument();
    expect(card.getByText('Reserved until')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(card.getByRole('button', { name: 'Reject' })).toBeEnabled();
  });

  it('approves after a confirmation; the list is asked again', async () => {
    let approvals = [makeApproval(1)];
    const approve = `POST ${approvalPaths.approve(uuid(1))}`;
    const fetchMock = mockApi({
      [LIST]: () => jsonResponse({ approvals }),
      [approve]: () => {
        const answer = decision(approvals[0]!, 'approved');
        approvals = [];
        return answer;
      },
    });
    const { user } = renderWithProviders(<ApprovalsPage />);
    const card = within(await screen.findByRole('article', { name: /C-1041/ }));
    await user.click(card.getByRole('button', { name: 'Approve' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Approve order C-1041 of Site Manager 1?' }),
    );
    expect(dialog.getByText(/invoiced to the company account/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(APPROVED_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByText('No order is waiting for approval.')).toBeInTheDocument();
    expect(requestLog(fetchMock)).toContain(approve);
  });

  it('rejects only with a reason, typed in the dialog', async () => {
    let approvals = [makeApproval(2)];
    const reject = `POST ${approvalPaths.reject(uuid(2))}`;
    const fetchMock = mockApi({
      [LIST]: () => jsonResponse({ approvals }),
      [reject]: () => {
        const answer = decision(approvals[0]!, 'rejected');
        approvals = [];
        return answer;
      },
    });
    const { user } = renderWithProviders(<ApprovalsPage />);
    const card = within(await screen.findByRole('article', { name: /C-1042/ }));
    await user.click(card.getByRole('button', { name: 'Reject' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Reject order C-1042 of Site Manager 2?' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(dialog.getByText(REJECT_REASON_REQUIRED)).toBeInTheDocument();
    expect(requestLog(fetchMock)).not.toContain(reject);

    await user.type(dialog.getByLabelText('Reason'), 'Over the site budget');
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(REJECTED_MESSAGE)).toBeInTheDocument();
    expect(lastRequest(fetchMock, reject).body).toEqual({ reason: 'Over the site budget' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('No order is waiting for approval.')).toBeInTheDocument();
  });

  it('disables the buttons, and says why, on a checkout the caller may not decide', async () => {
    mockApi({ [LIST]: jsonResponse({ approvals: [makeApproval(3, { canApprove: false })] }) });
    renderWithProviders(<ApprovalsPage />);
    const card = within(await screen.findByRole('article', { name: /C-1043/ }));
    expect(card.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(card.getByRole('button', { name: 'Reject' })).toBeDisabled();
    expect(card.getByText(CANNOT_APPROVE_NOTE)).toBeInTheDocument();
  });

  it('says so when nothing waits', async () => {
    mockApi({ [LIST]: jsonResponse({ approvals: [] }) });
    renderWithProviders(<ApprovalsPage />);
    expect(await screen.findByText('No order is waiting for approval.')).toBeInTheDocument();
  });
});
