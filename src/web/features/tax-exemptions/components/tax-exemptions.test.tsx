import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  CERTIFICATE_TYPE_MESSAGE,
  EXEMPTION_SENT_MESSAGE,
  REJECT_REASON_REQUIRED_MESSAGE,
  taxExemptionPaths,
  type TaxExemption,
} from '../../../../shared/tax-exemption.ts';
import { lastRequest, mockApi } from '../../../test/api-routes.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { uuid } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { mockXhr } from '../../../test/xhr-mock.ts';
import { TaxExemptionSection } from './tax-exemption-section.tsx';
import { EXEMPTION_REJECTED_MESSAGE, TaxExemptionsPage } from './tax-exemptions-page.tsx';

const MINE = `GET ${taxExemptionPaths.mine}`;
const SEND = `POST ${taxExemptionPaths.exemptions}`;
const PENDING = `GET ${taxExemptionPaths.admin}?status=pending`;

const makeExemption = (n: number, fields: Partial<TaxExemption> = {}): TaxExemption => ({
  _id: uuid(n),
  kind: 'vat_number',
  customerEmail: `trade${n}@example.com`,
  customerName: `Trader ${n}`,
  vatNumber: 'DE123456789',
  country: 'DE',
  documentName: null,
  documentType: null,
  documentBytes: null,
  status: 'pending',
  reason: null,
  reviewedAt: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  note: null,
  ...fields,
});

describe('My Profile → Tax exemption', () => {
  it('checks a VAT number’s format before sending it, sends it as written, then shows it waiting', async () => {
    let mine: TaxExemption[] = [];
    const fetchMock = mockApi({
      [MINE]: () => jsonResponse(mine),
      [SEND]: () => {
        mine = [makeExemption(1)];
        return jsonResponse(mine[0], 201);
      },
    });
    const { user } = renderWithProviders(<TaxExemptionSection />);
    expect(await screen.findByText('You have no tax exemption.')).toBeInTheDocument();
    const form = within(screen.getByRole('form', { name: 'VAT number' }));
    await user.type(form.getByLabelText('VAT number'), 'DE1234');
    await user.click(form.getByRole('button', { name: 'Send VAT number' }));
    expect(
      await form.findByText('That is not a VAT number of Germany: it looks like DE123456789.'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/tax-exemptions'))).toBe(
      false,
    );

    await user.clear(form.getByLabelText('VAT number'));
    await user.type(form.getByLabelText('VAT number'), 'de 123 456 789');
    await user.click(form.getByRole('button', { name: 'Send VAT number' }));
    expect(await screen.findByText(EXEMPTION_SENT_MESSAGE)).toBeInTheDocument();
    expect(lastRequest(fetchMock, SEND).body).toEqual({ vatNumber: 'DE123456789' });
    const status = await screen.findByRole('list', { name: 'Tax exemption status' });
    expect(status).toHaveTextContent('Waiting for review');
    expect(status).toHaveTextContent('VAT number DE123456789, sent Nov 28, 2026.');
    // One request at a time: nothing more to send while it waits.
    expect(screen.queryByRole('form', { name: 'VAT number' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Exemption certificate' })).not.toBeInTheDocument();
  });

  it('uploads a certificate as multipart; a refused file is said under the field', async () => {
    mockApi({ [MINE]: jsonResponse([]) });
    const { requests } = mockXhr(() => ({
      status: 415,
      body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: CERTIFICATE_TYPE_MESSAGE, requestId: 'r' },
    }));
    const { user } = renderWithProviders(<TaxExemptionSection />);
    const form = within(await screen.findByRole('form', { name: 'Exemption certificate' }));
    await user.click(form.getByRole('button', { name: 'Send certificate' }));
    expect(
      await form.findByText('Choose a file for the exemption certificate.'),
    ).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    const file = new File(['not really a pdf'], 'resale.pdf', { type: 'application/pdf' });
    await user.upload(form.getByLabelText('Exemption certificate'), file);
    await user.click(form.getByRole('button', { name: 'Send certificate' }));
    expect(await form.findByText(CERTIFICATE_TYPE_MESSAGE)).toBeInTheDocument();
    expect(requests[0]!.url).toBe(taxExemptionPaths.exemptions);
    expect(requests[0]!.file('certificate')).toBe(file);
  });

  it('shows the exemption in force and the reason of a refusal', async () => {
    mockApi({
      [MINE]: jsonResponse([
        makeExemption(2, {
          kind: 'certificate',
          vatNumber: null,
          country: null,
          documentName: 'new.pdf',
          status: 'rejected',
          reason: 'The certificate has expired',
        }),
        makeExemption(1, {
          status: 'approved',
          note: 'Reverse charge: VAT number DE123456789',
        }),
      ]),
    });
    renderWithProviders(<TaxExemptionSection />);
    const status = await screen.findByRole('list', { name: 'Tax exemption status' });
    expect(status).toHaveTextContent('ApprovedReverse charge: VAT number DE123456789');
    expect(status).toHaveTextContent(
      'Not approvedCertificate new.pdf: The certificate has expired',
    );
    // Nothing waits: the customer may send another.
    expect(screen.getByRole('form', { name: 'VAT number' })).toBeInTheDocument();
  });
});

describe('Tax exemptions (staff)', () => {
  it('rejects with a reason after a confirmation; approves after a confirmation', async () => {
    let pending = [
      makeExemption(1),
      makeExemption(2, {
        kind: 'certificate',
        vatNumber: null,
        country: null,
        documentName: 'resale.pdf',
        documentType: 'application/pdf',
        documentBytes: 2000,
      }),
    ];
    const decided = (id: string) => {
      const done = pending.find((x) => x._id === id)!;
      pending = pending.filter((x) => x._id !== id);
      return jsonResponse(done);
    };
    const fetchMock = mockApi({
      [PENDING]: () => jsonResponse(pending),
      [`POST ${taxExemptionPaths.action(uuid(1), 'reject')}`]: () => decided(uuid(1)),
      [`POST ${taxExemptionPaths.action(uuid(2), 'approve')}`]: () => decided(uuid(2)),
      [`GET ${taxExemptionPaths.document(uuid(2))}`]: () =>
        new Response('%PDF-1.4 …', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="resale.pdf"',
          },
        }),
    });
    const { user } = renderWithProviders(<TaxExemptionsPage />);
    const first = within(
      await screen.findByRole('article', { name: 'Trader 1 (trade1@example.com)' }),
    );
    expect(first.getByText('DE123456789 (DE)')).toBeInTheDocument();
    const second = within(screen.getByRole('article', { name: 'Trader 2 (trade2@example.com)' }));
    expect(second.getByRole('button', { name: 'View Certificate resale.pdf' })).toBeInTheDocument();

    await user.click(first.getByRole('button', { name: 'Reject' }));
    expect(first.getByText(REJECT_REASON_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.type(first.getByLabelText('Reason for rejecting'), 'Not registered in VIES');
    await user.click(first.getByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/with the reason: Not registered in VIES/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(EXEMPTION_REJECTED_MESSAGE)).toBeInTheDocument();
    expect(
      lastRequest(fetchMock, `POST ${taxExemptionPaths.action(uuid(1), 'reject')}`).body,
    ).toEqual({ reason: 'Not registered in VIES' });
    await waitFor(() =>
      expect(
        screen.queryByRole('article', { name: 'Trader 1 (trade1@example.com)' }),
      ).not.toBeInTheDocument(),
    );

    // View: the file is fetched with the staff's token and opened in a new tab.
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:certificate');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const open = vi.fn(() => ({}) as Window);
    vi.stubGlobal('open', open);
    await user.click(second.getByRole('button', { name: 'View Certificate resale.pdf' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('blob:certificate', '_blank'));
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe('%PDF-1.4 …');

    await user.click(second.getByRole('button', { name: 'Approve' }));
    const approve = within(await screen.findByRole('dialog'));
    await user.click(approve.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('No tax exemption is waiting for review.')).toBeInTheDocument();
  });
});
