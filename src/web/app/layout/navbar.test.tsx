import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/api-paths.ts';
import { DashboardDrawerProvider } from '../../features/dashboard/hooks/dashboard-drawer.tsx';
import { lastRequest, mockApi } from '../../test/api-routes.ts';
import { customer, sessionResponse, storeAccessToken, storedAccessToken } from '../../test/auth.ts';
import { setVisitorLines } from '../../features/basket/lib/visitor-basket.ts';
import { jsonResponse } from '../../test/fetch-mock.ts';
import { makeBasket, makeBasketLine } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { Navbar } from './navbar.tsx';

function renderNavbar(route = '/') {
  return renderWithProviders(
    <DashboardDrawerProvider>
      <Navbar />
    </DashboardDrawerProvider>,
    { route },
  );
}

function signedIn() {
  storeAccessToken('access-1');
  return mockApi({
    [`GET ${apiPaths.auth.session}`]: sessionResponse(customer, 'access-1'),
    [`POST ${apiPaths.auth.signOut}`]: jsonResponse({ success: true }),
  });
}

describe('Navbar', () => {
  it('links the brand and every public page, and Login', async () => {
    renderNavbar();
    const nav = await screen.findByRole('navigation', { name: 'Main' });

    expect(within(nav).getByRole('link', { name: 'Toolhouse' })).toHaveAttribute('href', '/');
    const expected: [string, string][] = [
      ['Home', '/'],
      ['All Products', '/allProducts'],
      ['Blogs', '/blogs'],
      ['Portfolio', '/portfolio'],
      ['Contact Us', '/contact'],
      ['Login', '/login'],
    ];
    for (const [name, href] of expected) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it("links Basket with the number of a visitor's lines, kept in this browser", async () => {
    renderNavbar();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    // An empty basket: just Basket, as the server renders it for everyone.
    expect(within(nav).getByRole('link', { name: 'Basket' })).toHaveAttribute('href', '/basket');

    act(() =>
      setVisitorLines([
        { productId: 'a', quantity: 1 },
        { productId: 'b', quantity: 5 },
      ]),
    );
    // Counted by a chunk the navbar loads once the page is live.
    expect(await within(nav).findByRole('link', { name: 'Basket, 2 lines' })).toHaveTextContent(
      'Basket2',
    );
    act(() => setVisitorLines([{ productId: 'a', quantity: 1 }]));
    expect(within(nav).getByRole('link', { name: 'Basket, 1 line' })).toBeInTheDocument();
  });

  it("counts a signed-in customer's lines from the server", async () => {
    storeAccessToken('access-1');
    mockApi({
      [`GET ${apiPaths.auth.session}`]: sessionResponse(customer, 'access-1'),
      [`GET ${apiPaths.basket}`]: jsonResponse(
        makeBasket([makeBasketLine(1, 10), makeBasketLine(2, 10), makeBasketLine(3, 10)]),
      ),
    });
    renderNavbar();

    expect(await screen.findByRole('link', { name: 'Basket, 3 lines' })).toHaveAttribute(
      'href',
      '/basket',
    );
  });

  it('marks the current page', async () => {
    renderNavbar('/blogs');
    expect(await screen.findByRole('link', { name: 'Blogs' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('treats /home as the home page', async () => {
    renderNavbar('/home');
    expect(await screen.findByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('has a menu button for phones that toggles the links and closes on Escape', async () => {
    const { user } = renderNavbar();
    const button = await screen.findByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById(button.getAttribute('aria-controls') ?? '')).toContainElement(
      screen.getByRole('link', { name: 'Blogs' }),
    );

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(screen.getByRole('link', { name: 'Blogs' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows Dashboard and Sign Out instead of Login when signed in', async () => {
    signedIn();
    renderNavbar();
    const nav = screen.getByRole('navigation', { name: 'Main' });

    expect(await within(nav).findByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(nav).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('decides nothing while the stored session is checked', () => {
    storeAccessToken('access-1');
    mockApi({ [`GET ${apiPaths.auth.session}`]: () => new Promise<Response>(() => undefined) });
    renderNavbar();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
  });

  it('signs out: revokes the session, forgets the token and goes to /home', async () => {
    const fetchMock = signedIn();
    const { user, router } = renderNavbar('/contact');

    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(storedAccessToken()).toBeNull();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(
        lastRequest(fetchMock, `POST ${apiPaths.auth.signOut}`).headers.get('Authorization'),
      ).toBe('Bearer access-1'),
    );
  });

  it('forgets the token the moment Sign Out is clicked, before the server answers', async () => {
    signedIn();
    renderNavbar('/contact');
    const signOutButton = await screen.findByRole('button', { name: 'Sign Out' });

    // Dispatched synchronously: nothing awaited by the handler has happened yet. A reload or a
    // quick click elsewhere right now must not find the old token.
    fireEvent.click(signOutButton);
    expect(storedAccessToken()).toBeNull();
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('has a dashboard menu button on dashboard pages only', async () => {
    signedIn();
    const { user, router } = renderNavbar('/dashboard/myOrders');

    const toggle = await screen.findByRole('button', { name: 'Open dashboard menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'dashboard-sidebar');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(screen.getByRole('link', { name: 'Blogs' }));
    expect(router.state.location.pathname).toBe('/blogs');
    expect(screen.queryByRole('button', { name: 'Open dashboard menu' })).not.toBeInTheDocument();
  });
});
