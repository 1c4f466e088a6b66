import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { lastRequest, mockApi } from '../../../test/api-routes.ts';
import { admin, customer, sessionResponse, storeAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { renderApp } from '../../../test/render.tsx';

function signedInAs(account: typeof customer, isAdmin: boolean) {
  storeAccessToken('access-1');
  mockApi({
    [`GET ${apiPaths.auth.session}`]: sessionResponse(account, 'access-1'),
    [`GET ${apiPaths.adminCheck(account.email)}`]: jsonResponse({ admin: isAdmin }),
    [`GET ${apiPaths.myPurchases(account.email)}`]: jsonResponse([]),
    [`GET ${apiPaths.allPurchases}`]: jsonResponse([]),
  });
}

async function sidebarLinks() {
  const sidebar = await screen.findByRole('navigation', { name: 'Dashboard' });
  await within(sidebar)
    .findByRole('link', { name: 'My Orders' })
    .catch(() => undefined);
  return within(sidebar)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('DashboardLayout', () => {
  it("gives a customer's sidebar My Profile, My Orders and Add Review", async () => {
    signedInAs(customer, false);
    renderApp('/dashboard/myOrders');
    await screen.findByRole('heading', { level: 1, name: 'My Orders: 0' }, { timeout: 5000 });
    const sidebar = screen.getByRole('navigation', { name: 'Dashboard' });
    await within(sidebar).findByRole('link', { name: 'Add Review' });

    expect(await sidebarLinks()).toEqual([
      ['My Profile', '/dashboard'],
      ['My Orders', '/dashboard/myOrders'],
      ['Add Review', '/dashboard/addReview'],
      ['My Quotes', '/dashboard/myQuotes'],
      ['Quick Order', '/quickOrder'],
      ['Company', '/dashboard/company'],
    ]);
    expect(within(sidebar).getByRole('link', { name: 'My Orders' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(sidebar).getByRole('link', { name: 'My Profile' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it("gives an admin's sidebar the admin screens instead", async () => {
    signedInAs(admin, true);
    renderApp('/dashboard/manageAllOrders');
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Manage All Orders: 0' },
      { timeout: 5000 },
    );
    const sidebar = screen.getByRole('navigation', { name: 'Dashboard' });
    await within(sidebar).findByRole('link', { name: 'Make Admin' });

    expect(await sidebarLinks()).toEqual([
      ['My Profile', '/dashboard'],
      ['Overview', '/dashboard/overview'],
      ['Manage All Orders', '/dashboard/manageAllOrders'],
      ['Add a Product', '/dashboard/addProduct'],
      ['Make Admin', '/dashboard/makeAdmin'],
      ['Manage Products', '/dashboard/manageProducts'],
      ['Categories', '/dashboard/manageCategories'],
      ['Manage Reviews', '/dashboard/manageReviews'],
      ['Site Speed', '/dashboard/siteSpeed'],
      ['Import Products', '/dashboard/importProducts'],
      ['Webhooks', '/dashboard/webhooks'],
      ['Returns', '/dashboard/returns'],
      ['Recalls', '/dashboard/recalls'],
      ['Warranty', '/dashboard/warranty'],
      ['Quotes', '/dashboard/quotes'],
      ['Audit Log', '/dashboard/auditLog'],
      ['Tax Exemptions', '/dashboard/taxExemptions'],
      ['Shipping', '/dashboard/shipping'],
      ['Taxes', '/dashboard/taxes'],
      ['Promotions', '/dashboard/promotions'],
      ['Companies', '/dashboard/companies'],
      ['Price Lists', '/dashboard/priceLists'],
      ['Invoices', '/dashboard/manageInvoices'],
    ]);
  });

  it("gives a warehouse sidebar the orders only, and refuses another role's page", async () => {
    storeAccessToken('access-1');
    mockApi({
      [`GET ${apiPaths.auth.session}`]: sessionResponse(admin, 'access-1'),
      [`GET ${apiPaths.myPermissions}`]: jsonResponse({
        role: 'warehouse',
        permissions: ['orders.view', 'orders.fulfil'],
        twoFactorEnabled: true,
        twoFactorRequired: false,
        sessionCodeRequired: false,
      }),
      [`GET ${apiPaths.allPurchases}`]: jsonResponse([]),
    });
    const { router } = renderApp('/dashboard/manageAllOrders');
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Manage All Orders: 0' },
      { timeout: 5000 },
    );
    const sidebar = screen.getByRole('navigation', { name: 'Dashboard' });
    await within(sidebar).findByRole('link', { name: 'Manage All Orders' });
    expect(await sidebarLinks()).toEqual([
      ['My Profile', '/dashboard'],
      ['Manage All Orders', '/dashboard/manageAllOrders'],
      ['Returns', '/dashboard/returns'],
    ]);

    await router.navigate('/dashboard/makeAdmin');
    expect(
      await screen.findByText('Your role does not give you access to this page.'),
    ).toBeInTheDocument();
  });

  it('sends a staff account that must enrol two-factor sign-in to My Profile', async () => {
    storeAccessToken('access-1');
    mockApi({
      [`GET ${apiPaths.auth.session}`]: sessionResponse(admin, 'access-1'),
      [`GET ${apiPaths.myPermissions}`]: jsonResponse({
        role: 'admin',
        permissions: ['orders.view'],
        twoFactorEnabled: false,
        twoFactorRequired: true,
        sessionCodeRequired: false,
      }),
    });
    renderApp('/dashboard/manageAllOrders');
    expect(
      await screen.findByText(
        'Turn on two-factor sign-in before using staff screens.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Profile' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('asks a staff session that has not passed the second factor for a code, then opens the screen', async () => {
    storeAccessToken('access-1');
    let verified = false;
    const verify = `POST ${apiPaths.auth.twoFactorVerifyTotp}`;
    const fetchMock = mockApi({
      [`GET ${apiPaths.auth.session}`]: sessionResponse(admin, 'access-1'),
      [`GET ${apiPaths.myPermissions}`]: () =>
        jsonResponse({
          role: 'warehouse',
          permissions: ['orders.view', 'orders.fulfil'],
          twoFactorEnabled: true,
          twoFactorRequired: false,
          sessionCodeRequired: !verified,
        }),
      [verify]: () => {
        verified = true;
        return jsonResponse({ token: 'access-1', user: { email: admin.email, name: admin.name } });
      },
      [`GET ${apiPaths.allPurchases}`]: jsonResponse([]),
    });
    const { user } = renderApp('/dashboard/manageAllOrders');
    expect(
      await screen.findByText(
        'Enter a code from your authenticator app to use staff screens with this sign-in.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Manage All Orders: 0' },
      { timeout: 5000 },
    );
    expect(lastRequest(fetchMock, verify).body).toEqual({ code: '123456' });
    expect(lastRequest(fetchMock, verify).headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('opens the sidebar drawer from the navbar on small screens, and closes it', async () => {
    signedInAs(customer, false);
    const { user, router } = renderApp('/dashboard/myOrders');
    await screen.findByRole('heading', { level: 1, name: 'My Orders: 0' }, { timeout: 5000 });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const toggle = within(nav).getByRole('button', { name: 'Open dashboard menu' });
    expect(toggle).toHaveClass('lg:hidden');
    const sidebar = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(toggle).toHaveAttribute('aria-controls', sidebar.id);
    const drawer = document.getElementById('dashboard-drawer') as HTMLInputElement;
    expect(drawer.checked).toBe(false);

    await user.click(toggle);
    expect(drawer.checked).toBe(true);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');
    expect(drawer.checked).toBe(false);
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.click(await within(sidebar).findByRole('link', { name: 'Add Review' }));
    expect(router.state.location.pathname).toBe('/dashboard/addReview');
    expect(drawer.checked).toBe(false);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the drawer with its overlay', async () => {
    signedInAs(customer, false);
    const { user } = renderApp('/dashboard/myOrders');
    await screen.findByRole('heading', { level: 1, name: 'My Orders: 0' }, { timeout: 5000 });
    const toggle = screen.getByRole('button', { name: 'Open dashboard menu' });
    const drawer = document.getElementById('dashboard-drawer') as HTMLInputElement;

    await user.click(toggle);
    expect(drawer.checked).toBe(true);
    await user.click(screen.getByLabelText('Close dashboard menu'));
    expect(drawer.checked).toBe(false);
  });
});
