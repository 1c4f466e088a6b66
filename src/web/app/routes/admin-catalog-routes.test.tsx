import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/api-paths.ts';
import { mockApi } from '../../test/api-routes.ts';
import { admin, sessionResponse, storeAccessToken } from '../../test/auth.ts';
import { jsonResponse } from '../../test/fetch-mock.ts';
import { makeProduct } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { withOnlyVariant } from '../../features/admin-catalog/components/variant-fixtures.ts';

const drill = makeProduct(1, { name: 'Hammer Drill', price: 129.99, version: 2 });

function signedInAsAdmin(routes: Parameters<typeof mockApi>[0] = {}) {
  storeAccessToken('access-1');
  let product = drill;
  return mockApi({
    [`GET ${apiPaths.auth.session}`]: sessionResponse(admin, 'access-1'),
    [`GET ${apiPaths.adminCheck(admin.email)}`]: jsonResponse({ admin: true }),
    [`GET ${apiPaths.products}`]: () => jsonResponse([product]),
    // Edit Product reads the product with its variants (issue 34).
    [`GET ${apiPaths.product(drill._id)}`]: () => jsonResponse(withOnlyVariant(product)),
    [`PUT ${apiPaths.product(drill._id)}`]: ({ body }) => {
      product = { ...product, ...(body as object), version: product.version + 1 };
      return jsonResponse(product);
    },
    ...routes,
  });
}

describe('admin catalogue routes', () => {
  it('/dashboard/addProduct shows Add a new Product', async () => {
    signedInAsAdmin();
    renderApp('/dashboard/addProduct');
    // The first page of the app in this file: its modules load now, which takes a while.
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Add a new Product' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(document.title).toBe('Add a new Product — Toolhouse');
  });

  it('goes from Manage Products to Edit Product and back with the change', async () => {
    signedInAsAdmin();
    const { user, router } = renderApp('/dashboard/manageProducts');
    await screen.findByRole('heading', { level: 1, name: 'Manage Products: 1' });
    expect(document.title).toBe('Manage Products — Toolhouse');

    await user.click(screen.getByRole('link', { name: 'Edit' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Product' })).toBeVisible();
    expect(router.state.location.pathname).toBe(`/dashboard/manageProducts/${drill._id}/edit`);
    expect(document.title).toBe('Edit Product — Toolhouse');
    const price = await screen.findByLabelText('Price');
    expect(price).toHaveValue(129.99);
    await user.clear(price);
    await user.type(price, '79');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Product Hammer Drill is updated')).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: 'Manage Products: 1' });
    expect(router.state.location.pathname).toBe('/dashboard/manageProducts');
    const row = screen.getByRole('rowheader', { name: 'Hammer Drill' }).closest('tr')!;
    await waitFor(() => expect(within(row).getByRole('cell', { name: '$79.00' })).toBeVisible());
  });
});
