import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { mockApi, requestLog } from '../../../test/api-routes.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AuditLogPage } from './audit-log-page.tsx';

const entry = (id: number, action: string) => ({
  id,
  actorEmail: 'boss@example.com',
  action,
  targetType: 'user',
  targetId: `u${id}`,
  before: { role: 'user' },
  after: { role: 'warehouse' },
  createdAt: '2026-11-25T10:00:00.000Z',
});
const page = (n: number, entries: unknown[], total = 60) =>
  jsonResponse({
    entries,
    total,
    page: n,
    pageSize: 50,
    actions: ['purchase.ship', 'user.set-role'],
  });

describe('AuditLogPage', () => {
  it('lists who did what, pages, filters and exports with the same filters', async () => {
    const first = `GET ${apiPaths.audit(new URLSearchParams({ page: '1' }))}`;
    const second = `GET ${apiPaths.audit(new URLSearchParams({ page: '2' }))}`;
    const filtered = `GET ${apiPaths.audit(
      new URLSearchParams({ actor: 'boss', action: 'user.set-role', page: '1' }),
    )}`;
    const csv = `GET ${apiPaths.auditCsv(new URLSearchParams({ actor: 'boss', action: 'user.set-role' }))}`;
    const fetchMock = mockApi({
      [first]: page(1, [entry(2, 'user.set-role')]),
      [second]: page(2, [entry(1, 'purchase.ship')]),
      [filtered]: page(1, [entry(2, 'user.set-role')], 1),
      [csv]: () =>
        new Response('\uFEFFWhen\r\n', {
          headers: { 'content-disposition': 'attachment; filename="audit-2026-11-26.csv"' },
        }),
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:a'), revokeObjectURL: vi.fn() });
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const { user } = renderWithProviders(<AuditLogPage />);

    expect(await screen.findByText('60 entries')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /user\.set-role/ });
    expect(within(row).getByText('boss@example.com')).toBeInTheDocument();
    expect(within(row).getByText('user u2')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /purchase\.ship/ })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Actor'), 'boss');
    await user.selectOptions(screen.getByLabelText('Action'), 'user.set-role');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('1 entry')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    expect(requestLog(fetchMock)).toEqual([first, second, filtered, csv]);
    click.mockRestore();
  });
});
