import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { mockApi, requestLog } from '../../../test/api-routes.ts';
import { storeAccessToken } from '../../../test/auth.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ExportOrdersCsv } from './export-orders-csv.tsx';

afterEach(() => vi.restoreAllMocks());

describe('ExportOrdersCsv', () => {
  it('downloads the orders of the chosen days and status with the access token', async () => {
    storeAccessToken('access-1');
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const path = apiPaths.ordersCsv({
      tz,
      from: '2026-11-01',
      to: '2026-11-30',
      status: 'shipped',
    });
    const fetchMock = mockApi({
      [`GET ${path}`]: () =>
        new Response('\uFEFFOrder ID\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="orders-2026-11-30.csv"',
          },
        }),
    });
    const createObjectURL = vi.fn(() => 'blob:orders');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const { user } = renderWithProviders(<ExportOrdersCsv />);

    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    await user.selectOptions(screen.getByLabelText('Status'), 'shipped');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    expect(requestLog(fetchMock)).toEqual([`GET ${path}`]);
    const [, init] = fetchMock.mock.calls[0]!;
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer access-1');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('orders-2026-11-30.csv');
  });

  it('refuses an end date before the start date', async () => {
    mockApi({});
    const { user } = renderWithProviders(<ExportOrdersCsv />);
    await user.type(screen.getByLabelText('From'), '2026-11-30');
    await user.type(screen.getByLabelText('To'), '2026-11-01');
    expect(screen.getByText('The start date must not be after the end date')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });
});
