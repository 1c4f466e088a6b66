import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CODE_TAKEN_MESSAGE } from '../../../../shared/promotions.ts';
import { promotionsPaths, type AdminPromotion } from '../../../../shared/promotions-admin.ts';
import { lastRequest, mockApi } from '../../../test/api-routes.ts';
import { storeAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { uuid } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PromotionsPage } from './promotions-page.tsx';

const saws: AdminPromotion = {
  id: uuid(1),
  name: 'Saw week',
  description: '',
  kind: 'percent_off',
  percentOff: 15,
  amountOff: null,
  target: { kind: 'platforms', ids: ['18V'] },
  buy: null,
  getQuantity: null,
  minSubtotal: null,
  minQuantity: null,
  firstOrderOnly: false,
  startsAt: null,
  endsAt: null,
  usageLimit: 50,
  perCustomerLimit: null,
  exclusive: false,
  priority: 0,
  codeMode: 'code',
  code: 'SAWS15',
  status: 'active',
  uses: 3,
  revenue: 1234.5,
  discountGiven: 98.25,
  createdAt: '2026-11-29T09:00:00.000Z',
  updatedAt: '2026-11-29T09:00:00.000Z',
};

const errorResponse = (status: number, message: string, fields?: Record<string, string>) =>
  jsonResponse({ code: 'CONFLICT', message, fields, requestId: 'r' }, status);

describe('PromotionsPage', () => {
  it('lists each promotion with its usage; End asks first, then ends it', async () => {
    storeAccessToken('access-1');
    let promotions = [saws];
    const fetchMock = mockApi({
      [`GET ${promotionsPaths.promotions}`]: () => jsonResponse({ promotions }),
      [`POST ${promotionsPaths.end(saws.id)}`]: () => {
        promotions = [{ ...saws, status: 'ended' }];
        return jsonResponse(promotions[0]);
      },
    });
    const { user } = renderWithProviders(<PromotionsPage />);
    const table = within(await screen.findByRole('table', { name: 'Promotions' }));
    const row = within(table.getByRole('row', { name: /^Saw week/ }));
    expect(row.getByText(/15% off · code SAWS15/)).toBeInTheDocument();
    expect(row.getByText('Percent off')).toBeInTheDocument();
    expect(row.getByText('3 of 50')).toBeInTheDocument();
    expect(row.getByText('$1,234.50')).toBeInTheDocument();
    expect(row.getByText('$98.25')).toBeInTheDocument();
    expect(row.getByText('Always')).toBeInTheDocument();

    await user.click(row.getByRole('button', { name: 'End Saw week' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to end Saw week?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'End promotion' }));
    expect(await screen.findByText('Saw week has ended')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'End Saw week' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: 'Edit Saw week' })).not.toBeInTheDocument();
    expect(lastRequest(fetchMock, `POST ${promotionsPaths.end(saws.id)}`)).toBeDefined();
  });

  it('creates a percent-off promotion with a code, showing the field a 409 names', async () => {
    storeAccessToken('access-1');
    let taken = true;
    const fetchMock = mockApi({
      [`GET ${promotionsPaths.promotions}`]: jsonResponse({ promotions: [] }),
      [`POST ${promotionsPaths.promotions}`]: () => {
        if (taken) {
          taken = false;
          return errorResponse(409, CODE_TAKEN_MESSAGE, { code: CODE_TAKEN_MESSAGE });
        }
        return jsonResponse({ ...saws, name: 'Ten off' }, 201);
      },
    });
    const { user } = renderWithProviders(<PromotionsPage />);
    expect(await screen.findByText('No promotions yet.')).toBeInTheDocument();
    const form = within(screen.getByRole('form', { name: 'New promotion' }));
    await user.click(form.getByRole('button', { name: 'Create promotion' }));
    expect(await form.findByText('Name is required')).toBeInTheDocument();
    expect(form.getByLabelText('Percent off')).toHaveAttribute('aria-invalid', 'true');

    await user.type(form.getByLabelText('Name'), 'Ten off');
    await user.type(form.getByLabelText('Percent off'), '10');
    await user.selectOptions(form.getByLabelText('Applies to'), 'variants');
    await user.type(form.getByLabelText('Targets'), 'DR-18V-KIT, dr-18v-bare');
    await user.type(form.getByLabelText('Starts'), '2026-12-01T08:00');
    await user.selectOptions(form.getByLabelText('Code mode'), 'code');
    await user.type(form.getByLabelText('Code'), 'TEN');
    await user.click(form.getByRole('button', { name: 'Create promotion' }));
    expect(await form.findByText(CODE_TAKEN_MESSAGE)).toBeInTheDocument();
    expect(form.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(form.getByLabelText('Code'));
    await user.type(form.getByLabelText('Code'), 'TEN10');
    await user.click(form.getByRole('button', { name: 'Create promotion' }));
    expect(await screen.findByText('Promotion Ten off is saved')).toBeInTheDocument();
    expect(lastRequest(fetchMock, `POST ${promotionsPaths.promotions}`).body).toMatchObject({
      name: 'Ten off',
      kind: 'percent_off',
      percentOff: 10,
      amountOff: null,
      target: { kind: 'variants', ids: ['DR-18V-KIT', 'dr-18v-bare'] },
      buy: null,
      startsAt: new Date('2026-12-01T08:00').toISOString(),
      endsAt: null,
      codeMode: 'code',
      code: 'TEN10',
    });
  });

  it('edits a promotion in a form filled with it, its first field focused', async () => {
    storeAccessToken('access-1');
    const fetchMock = mockApi({
      [`GET ${promotionsPaths.promotions}`]: jsonResponse({ promotions: [saws] }),
      [`PUT ${promotionsPaths.promotion(saws.id)}`]: jsonResponse({ ...saws, percentOff: 20 }),
    });
    const { user } = renderWithProviders(<PromotionsPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Saw week' }));
    const form = within(screen.getByRole('form', { name: 'Edit Saw week' }));
    expect(form.getByLabelText('Name')).toHaveFocus();
    expect(form.getByLabelText('Name')).toHaveValue('Saw week');
    expect(form.getByLabelText('Applies to')).toHaveValue('platforms');
    expect(form.getByLabelText('Targets')).toHaveValue('18V');
    expect(form.getByLabelText('Total uses')).toHaveValue(50);
    expect(form.getByLabelText('Code')).toHaveValue('SAWS15');
    await user.clear(form.getByLabelText('Percent off'));
    await user.type(form.getByLabelText('Percent off'), '20');
    await user.click(form.getByRole('button', { name: 'Save promotion' }));
    expect(await screen.findByText('Promotion Saw week is saved')).toBeInTheDocument();
    expect(lastRequest(fetchMock, `PUT ${promotionsPaths.promotion(saws.id)}`).body).toMatchObject({
      name: 'Saw week',
      percentOff: 20,
      target: { kind: 'platforms', ids: ['18V'] },
      usageLimit: 50,
      codeMode: 'code',
      code: 'SAWS15',
    });
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Edit Saw week' })).not.toBeInTheDocument(),
    );
  });

  it('generates a batch of codes for a promotion with codes', async () => {
    storeAccessToken('access-1');
    let batches: object[] = [];
    const fetchMock = mockApi({
      [`GET ${promotionsPaths.promotions}`]: jsonResponse({ promotions: [saws] }),
      [`GET ${promotionsPaths.codeBatches(saws.id)}`]: () => jsonResponse({ batches }),
      [`POST ${promotionsPaths.codeBatches(saws.id)}`]: () => {
        batches = [
          {
            id: uuid(9),
            promotionId: saws.id,
            prefix: 'EXPO-',
            count: 5,
            used: 0,
            createdAt: '2026-11-29T10:00:00.000Z',
          },
        ];
        return jsonResponse(batches[0], 201);
      },
    });
    const { user } = renderWithProviders(<PromotionsPage />);
    await user.click(await screen.findByRole('button', { name: 'Codes of Saw week' }));
    const form = within(await screen.findByRole('form', { name: 'Generate codes for Saw week' }));
    expect(await screen.findByText('No codes generated yet.')).toBeInTheDocument();
    await user.type(form.getByLabelText('Count'), '5');
    await user.type(form.getByLabelText('Prefix'), 'EXPO-');
    await user.click(form.getByRole('button', { name: 'Generate codes' }));
    expect(await screen.findByText('5 codes generated')).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: /^Download CSV of the 5 codes/ }),
    ).toBeInTheDocument();
    expect(lastRequest(fetchMock, `POST ${promotionsPaths.codeBatches(saws.id)}`).body).toEqual({
      count: 5,
      prefix: 'EXPO-',
    });
  });
});
