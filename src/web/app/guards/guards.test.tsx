import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiPaths } from '../../../shared/api-paths.ts';
import { lastRequest, mockApi, requestLog } from '../../test/api-routes.ts';
import {
  admin,
  customer,
  identitySignInResponse,
  sessionResponse,
  storeAccessToken,
  storedAccessToken,
} from '../../test/auth.ts';
import { deferred, jsonResponse } from '../../test/fetch-mock.ts';
import {
  NEWEST_PRODUCTS_URL,
  makePublicConfig,
  makeSearchResult,
  makeUser,
} from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

// pigeon-maps measures its container, which jsdom cannot do (the home page shows the map).
vi.mock('../../features/home/components/location-map.tsx', () => ({
  default: () => <p>Map</p>,
}));

const CONFIG = `GET ${apiPaths.config}`;
const SESSION = `GET ${apiPaths.auth.session}`;
const SIGN_OUT = `POST ${apiPaths.auth.signOut}`;

describe('RequireAuth', () => {
  it('sends a signed-out visitor to /login and back to the page after login', async () => {
    const fetchMock = mockApi({
      [CONFIG]: jsonResponse(makePublicConfig()),
      [`POST ${apiPaths.auth.signIn}`]: identitySignInResponse(customer),
      [`PUT ${apiPaths.accessToken(customer.email)}`]: jsonResponse({ token: 'access-1' }),
      [`GET ${apiPaths.adminCheck(customer.email)}`]: jsonResponse({ admin: false }),
      [`GET ${apiPaths.myPurchases(customer.email)}`]: jsonResponse([]),
    });
    const { user, router } = renderApp('/dashboard/myOrders');

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');

    await user.type(screen.getByLabelText('Email'), customer.email);
    await user.type(screen.getByLabelText('Password'), 'secret!1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Orders: 0' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/myOrders');
    expect(screen.getByText('You have no orders yet.')).toBeVisible();
    expect(requestLog(fetchMock)).toContain(`GET ${apiPaths.myPermissions}`);
    expect(
      lastRequest(fetchMock, `GET ${apiPaths.myPermissions}`).headers.get('Authorization'),
    ).toBe('Bearer access-1');
  });

  it('guards the purchase page too', async () => {
    mockApi({ [CONFIG]: jsonResponse(makePublicConfig()) });
    const { router } = renderApp('/purchase/42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/purchase/42' } });
  });

  it('shows the loading bar, and neither Login nor Dashboard, while the session is checked', async () => {
    storeAccessToken('access-1');
    const session = deferred<Response>();
    mockApi({
      [SESSION]: () => session.promise,
      [`GET ${apiPaths.profile(customer.email)}`]: jsonResponse([]),
      [`GET ${apiPaths.adminCheck(customer.email)}`]: jsonResponse({ admin: false }),
    });
    const { router } = renderApp('/dashboard');

    expect(
      await screen.findByRole('progressbar', { name: 'Loading your account' }),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();

    session.resolve(sessionResponse(customer, 'access-1'));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Profile' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('lets Sign Out on a guarded page go to /home, not to /login', async () => {
    storeAccessToken('access-1');
    mockApi({
      [CONFIG]: jsonResponse(makePublicConfig()),
      [SESSION]: sessionResponse(customer, 'access-1'),
      [`GET ${apiPaths.adminCheck(customer.email)}`]: jsonResponse({ admin: false }),
      [SIGN_OUT]: jsonResponse({ success: true }),
      [`GET ${NEWEST_PRODUCTS_URL}`]: jsonResponse(makeSearchResult([])),
      [`GET ${apiPaths.reviews}`]: jsonResponse([]),
    });
    const { user, router } = renderApp('/dashboard/addReview');
    await screen.findByRole('heading', { level: 1, name: 'Add Review' });

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByRole('heading', { name: 'Eliminates Cords!' })).toBeInTheDocument();
    await waitFor(() => expect(storedAccessToken()).toBeNull());
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });
});

describe('RequireAdmin', () => {
  it('signs a non-admin out and sends them to /login', async () => {
    storeAccessToken('access-1');
    const fetchMock = mockApi({
      [CONFIG]: jsonResponse(makePublicConfig()),
      [SESSION]: sessionResponse(customer, 'access-1'),
      [`GET ${apiPaths.adminCheck(customer.email)}`]: jsonResponse({ admin: false }),
      [SIGN_OUT]: jsonResponse({ success: true }),
    });
    const { router } = renderApp('/dashboard/makeAdmin');

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(storedAccessToken()).toBeNull());
    expect(router.state.location.pathname).toBe('/login');
    // Not remembered as the page to return to: the user could not stay there anyway.
    expect(router.state.location.state).toBeNull();
    expect(lastRequest(fetchMock, SIGN_OUT).headers.get('Authorization')).toBe('Bearer access-1');
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(requestLog(fetchMock)).not.toContain(`GET ${apiPaths.users}`);
  });

  it('lets an admin in once the admin check says so', async () => {
    storeAccessToken('access-1');
    mockApi({
      [SESSION]: sessionResponse(admin, 'access-1'),
      [`GET ${apiPaths.adminCheck(admin.email)}`]: jsonResponse({ admin: true }),
      [`GET ${apiPaths.users}`]: jsonResponse([makeUser(1), makeUser(2, { role: 'admin' })]),
    });
    renderApp('/dashboard/makeAdmin');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'All Users: 2' }),
    ).toBeInTheDocument();
  });

  it('offers a retry when the admin check fails', async () => {
    storeAccessToken('access-1');
    let adminCheckAnswer = jsonResponse({ code: 'INTERNAL', message: 'Boom' }, 500);
    mockApi({
      [SESSION]: sessionResponse(admin, 'access-1'),
      [`GET ${apiPaths.adminCheck(admin.email)}`]: () => adminCheckAnswer,
      [`GET ${apiPaths.users}`]: jsonResponse([makeUser(1)]),
      [`GET ${apiPaths.products}`]: jsonResponse([]),
    });
    const { user } = renderApp('/dashboard/manageProducts');

    const problem = (await screen.findByText("We couldn't check your access to this page."))
      .parentElement!;
    expect(problem).toHaveRole('alert');
    adminCheckAnswer = jsonResponse({ admin: true });
    await user.click(within(problem).getByRole('button', { name: 'Try again' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage Products: 0' }),
    ).toBeInTheDocument();
  });
});
