import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aftersalePaths, type Recall } from '../../../../shared/aftersale.ts';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { adminPermissions, mockApi, requestLog } from '../../../test/api-routes.ts';
import { admin, sessionResponse, storeAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { RecallsPage } from './recalls-page.tsx';

const withdrawing: Recall = {
  _id: '00000000-0000-4000-8000-0000000000e1',
  productId: '00000000-0000-4000-8000-0000000000e2',
  product: 'Angle Grinder',
  sku: null,
  paidFrom: '2026-01-01',
  paidTo: '2026-11-01',
  serialFrom: null,
  serialTo: null,
  title: 'Guard may detach',
  hazard: 'The wheel guard can come loose.',
  remedy: 'Stop using it.',
  withdrawn: true,
  liftedAt: null,
  createdAt: '2026-11-02T10:00:00.000Z',
  notified: 3,
  acknowledged: 1,
};

describe('RecallsPage', () => {
  it('puts a withdrawn product back on sale after a confirmation (issue 39)', async () => {
    let current = withdrawing;
    storeAccessToken('access-1');
    const fetchMock = mockApi({
      [`GET ${apiPaths.auth.session}`]: sessionResponse(admin, 'access-1'),
      'GET /api/me/permissions': jsonResponse(adminPermissions),
      [`GET ${aftersalePaths.recalls}`]: () => jsonResponse([current]),
      [`GET ${apiPaths.products}`]: jsonResponse([]),
      [`POST ${aftersalePaths.liftRecall(withdrawing._id)}`]: () => {
        current = { ...withdrawing, liftedAt: '2026-11-20T10:00:00.000Z' };
        return jsonResponse(current);
      },
    });
    renderWithProviders(<RecallsPage />);
    const row = (
      await screen.findByRole('rowheader', { name: /Guard may detach/ }, { timeout: 5000 })
    ).closest('tr')!;
    expect(within(row).getByText('Withdrawn')).toBeInTheDocument();

    await userEvent.click(
      within(row).getByRole('button', { name: 'Put Angle Grinder back on sale' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Put back on sale' }));
    expect(await within(row).findByText('Back on sale')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /back on sale/ })).not.toBeInTheDocument();
    expect(requestLog(fetchMock)).toContain(`POST ${aftersalePaths.liftRecall(withdrawing._id)}`);
  });
});
