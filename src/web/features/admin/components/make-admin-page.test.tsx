import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { MAKE_ADMIN_FAILURE_MESSAGE, MAKE_ADMIN_SUCCESS_MESSAGE } from '../../../../shared/user.ts';
import { lastRequest, mockApi, requestLog } from '../../../test/api-routes.ts';
import { storeAccessToken } from '../../../test/auth.ts';
import { deferred, jsonResponse } from '../../../test/fetch-mock.ts';
import { makeUser } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { MakeAdminPage } from './make-admin-page.tsx';

const USERS = `GET ${apiPaths.users}`;
const customerUser = makeUser(1, { name: 'Ana Lima', email: 'ana@example.com' });
const adminUser = makeUser(2, { name: 'Bea Boss', email: 'boss@example.com', role: 'admin' });
const MAKE_ANA_ADMIN = `PUT ${apiPaths.makeAdmin(customerUser.email)}`;

function rowOf(name: string) {
  return screen.getByRole('cell', { name: new RegExp(name) }).closest('tr')!;
}

describe('MakeAdminPage', () => {
  it('shows a spinner, then every user with the count, and Make Admin only for non-admins', async () => {
    const users = deferred<Response>();
    mockApi({ [USERS]: () => users.promise });
    renderWithProviders(<MakeAdminPage />);

    expect(screen.getByRole('status', { name: 'Loading users' })).toBeInTheDocument();
    users.resolve(jsonResponse([customerUser, adminUser]));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'All Users: 2' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Role',
      'Action',
    ]);
    const ana = within(rowOf('Ana Lima'));
    expect(ana.getByText('ana@example.com')).toBeInTheDocument();
    expect(ana.getByRole('cell', { name: 'user' })).toBeInTheDocument();
    expect(ana.getByRole('button', { name: 'Make Admin' })).toHaveAccessibleDescription('Ana Lima');
    const bea = within(rowOf('Bea Boss'));
    expect(bea.getByText('boss@example.com')).toBeInTheDocument();
    expect(bea.getByRole('cell', { name: 'admin' })).toBeInTheDocument();
    expect(bea.queryByRole('button', { name: 'Make Admin' })).not.toBeInTheDocument();
  });

  it('makes a user an admin, says so and reloads the list', async () => {
    storeAccessToken('access-1');
    let list = [customerUser, adminUser];
    const fetchMock = mockApi({
      [USERS]: () => jsonResponse(list),
      [MAKE_ANA_ADMIN]: () => {
        list = [{ ...customerUser, role: 'admin' }, adminUser];
        return jsonResponse({ modifiedCount: 1 });
      },
    });
    const { user } = renderWithProviders(<MakeAdminPage />);
    await screen.findByRole('heading', { level: 1, name: 'All Users: 2' });

    await user.click(within(rowOf('Ana Lima')).getByRole('button', { name: 'Make Admin' }));

    expect(await screen.findByText(MAKE_ADMIN_SUCCESS_MESSAGE)).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(rowOf('Ana Lima')).queryByRole('button', { name: 'Make Admin' }),
      ).not.toBeInTheDocument(),
    );
    const promote = lastRequest(fetchMock, MAKE_ANA_ADMIN);
    expect(promote.body).toBeUndefined();
    expect(promote.headers.get('Authorization')).toBe('Bearer access-1');
    expect(requestLog(fetchMock)).toEqual([USERS, MAKE_ANA_ADMIN, USERS]);
  });

  it('shows the failure toast when the server refuses (403)', async () => {
    mockApi({
      [USERS]: jsonResponse([customerUser]),
      [MAKE_ANA_ADMIN]: jsonResponse({ code: 'FORBIDDEN', message: 'Admins only' }, 403),
    });
    const { user } = renderWithProviders(<MakeAdminPage />);
    await screen.findByRole('heading', { level: 1, name: 'All Users: 1' });

    await user.click(screen.getByRole('button', { name: 'Make Admin' }));

    expect(await screen.findByText(MAKE_ADMIN_FAILURE_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText(MAKE_ADMIN_SUCCESS_MESSAGE)).not.toBeInTheDocument();
  });

  it('shows the failure toast when nothing changed', async () => {
    mockApi({
      [USERS]: jsonResponse([customerUser]),
      [MAKE_ANA_ADMIN]: jsonResponse({ modifiedCount: 0 }),
    });
    const { user } = renderWithProviders(<MakeAdminPage />);
    await screen.findByRole('heading', { level: 1, name: 'All Users: 1' });

    await user.click(screen.getByRole('button', { name: 'Make Admin' }));

    expect(await screen.findByText(MAKE_ADMIN_FAILURE_MESSAGE)).toBeInTheDocument();
  });

  it("shows other failures with the server's message", async () => {
    mockApi({
      [USERS]: jsonResponse([customerUser]),
      [MAKE_ANA_ADMIN]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const { user } = renderWithProviders(<MakeAdminPage />);
    await screen.findByRole('heading', { level: 1, name: 'All Users: 1' });

    await user.click(screen.getByRole('button', { name: 'Make Admin' }));

    expect(
      await screen.findByText("We couldn't reach the server. Check your connection and try again."),
    ).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let answer = jsonResponse({ code: 'INTERNAL', message: 'Boom' }, 500);
    mockApi({ [USERS]: () => answer });
    const { user } = renderWithProviders(<MakeAdminPage />);

    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load the users.");
    answer = jsonResponse([customerUser, adminUser]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'All Users: 2' }),
    ).toBeInTheDocument();
  });

  it('grants a staff role, and asks before revoking admin', async () => {
    const SET_ANA = `PUT ${apiPaths.setRole(customerUser.email)}`;
    const SET_BEA = `PUT ${apiPaths.setRole(adminUser.email)}`;
    const fetchMock = mockApi({
      [USERS]: jsonResponse([customerUser, adminUser]),
      [SET_ANA]: jsonResponse({ email: customerUser.email, role: 'warehouse' }),
      [SET_BEA]: jsonResponse({ code: 'CONFLICT', message: 'The last admin stays an admin.' }, 409),
    });
    const { user } = renderWithProviders(<MakeAdminPage />);
    await screen.findByRole('heading', { level: 1, name: 'All Users: 2' });

    const ana = within(rowOf('Ana Lima'));
    await user.selectOptions(ana.getByLabelText('Role'), 'warehouse');
    await user.click(ana.getByRole('button', { name: 'Save role of Ana Lima' }));
    expect(await screen.findByText('Ana Lima is now Warehouse')).toBeInTheDocument();
    expect(lastRequest(fetchMock, SET_ANA).body).toEqual({ role: 'warehouse' });

    const bea = within(rowOf('Bea Boss'));
    await user.selectOptions(bea.getByLabelText('Role'), 'user');
    await user.click(bea.getByRole('button', { name: 'Save role of Bea Boss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke admin from Bea Boss?' });
    expect(requestLog(fetchMock)).not.toContain(SET_BEA);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke admin' }));
    expect(await screen.findByText('The last admin stays an admin.')).toBeInTheDocument();
  });
});
