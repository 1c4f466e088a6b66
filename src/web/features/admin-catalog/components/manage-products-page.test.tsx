import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import type { Product } from '../../../../shared/product.ts';
import { lastRequest, mockApi, requestLog } from '../../../test/api-routes.ts';
import { storeAccessToken } from '../../../test/auth.ts';
import { deferred, jsonResponse } from '../../../test/fetch-mock.ts';
import { makeProduct } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ManageProductsPage } from './manage-products-page.tsx';

const LIST = `GET ${apiPaths.products}`;
const drill = makeProduct(1, { name: 'Hammer Drill', price: 129.99, availableQuantity: 340 });
const saw = makeProduct(2, { name: 'Circular Saw', price: 1200, availableQuantity: 25 });
const DELETE_DRILL = `DELETE ${apiPaths.product(drill._id)}`;

type Answer = Parameters<typeof mockApi>[0][string];

function renderPage(routes: Record<string, Answer>) {
  storeAccessToken('access-1');
  const fetchMock = mockApi(routes);
  return {
    fetchMock,
    ...renderWithProviders(<ManageProductsPage />, { route: '/dashboard/manageProducts' }),
  };
}

function rowOf(name: string) {
  return screen.getByRole('rowheader', { name }).closest('tr')!;
}

/** The list as the server keeps it: a delete takes the product out. */
function catalogue(products: Product[]) {
  let list = products;
  return {
    list: () => jsonResponse(list),
    remove: (id: string) => {
      list = list.filter(({ _id }) => _id !== id);
    },
  };
}

describe('ManageProductsPage', () => {
  it('shows a spinner, then every product with the count, in the spec columns', async () => {
    const list = deferred<Response>();
    renderPage({ [LIST]: () => list.promise });

    expect(screen.getByRole('heading', { level: 1, name: 'Manage Products' })).toBeVisible();
    expect(screen.getByRole('status', { name: 'Loading products' })).toBeInTheDocument();
    list.resolve(jsonResponse([drill, saw]));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage Products: 2' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Price',
      'Image',
      'Quantity Available',
      'Action',
    ]);
    const row = within(rowOf('Hammer Drill'));
    expect(row.getByRole('cell', { name: '$129.99' })).toBeInTheDocument();
    expect(row.getByRole('img', { name: 'Hammer Drill' })).toHaveAttribute('src', drill.img);
    expect(row.getByRole('cell', { name: '340' })).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/dashboard/manageProducts/${drill._id}/edit`,
    );
    expect(row.getByRole('button', { name: 'Delete' })).toHaveAccessibleDescription('Hammer Drill');
    expect(within(rowOf('Circular Saw')).getByRole('cell', { name: '$1,200.00' })).toBeVisible();
  });

  it('asks before deleting, deletes, says so and drops the row', async () => {
    const server = catalogue([drill, saw]);
    const { user, fetchMock } = renderPage({
      [LIST]: server.list,
      [DELETE_DRILL]: () => {
        server.remove(drill._id);
        return jsonResponse({ deletedCount: 1 });
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Manage Products: 2' });

    await user.click(within(rowOf('Hammer Drill')).getByRole('button', { name: 'Delete' }));

    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAccessibleName('Are you sure you want to delete Hammer Drill?');
    expect(
      within(dialog).getByText('Once deleted the data will be deleted forever.'),
    ).toBeVisible();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Cancel', 'Delete']);
    expect(requestLog(fetchMock)).toEqual([LIST]);

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Product Hammer Drill is deleted')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Hammer Drill' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Manage Products: 1' })).toHaveFocus();
    expect(lastRequest(fetchMock, DELETE_DRILL).headers.get('Authorization')).toBe(
      'Bearer access-1',
    );
    await waitFor(() => expect(requestLog(fetchMock)).toEqual([LIST, DELETE_DRILL, LIST]));
    expect(screen.getByRole('rowheader', { name: 'Circular Saw' })).toBeInTheDocument();
  });

  it('keeps the product on Cancel', async () => {
    const { user, fetchMock } = renderPage({ [LIST]: jsonResponse([drill, saw]) });
    await screen.findByRole('heading', { level: 1, name: 'Manage Products: 2' });
    const deleteButton = within(rowOf('Hammer Drill')).getByRole('button', { name: 'Delete' });

    await user.click(deleteButton);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Hammer Drill' })).toBeInTheDocument();
    expect(deleteButton).toHaveFocus();
    expect(requestLog(fetchMock)).toEqual([LIST]);
  });

  it('waits with both buttons while the delete runs', async () => {
    const answer = deferred<Response>();
    const { user } = renderPage({
      [LIST]: jsonResponse([drill]),
      [DELETE_DRILL]: () => answer.promise,
    });
    await screen.findByRole('heading', { level: 1, name: 'Manage Products: 1' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    answer.resolve(jsonResponse({ code: 'INTERNAL', message: 'Boom' }, 500));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when the delete fails, and keeps the row', async () => {
    const { user } = renderPage({
      [LIST]: jsonResponse([drill]),
      [DELETE_DRILL]: jsonResponse(
        { code: 'CONFLICT', message: 'Hammer Drill has orders and cannot be deleted.' },
        409,
      ),
    });
    await screen.findByRole('heading', { level: 1, name: 'Manage Products: 1' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(
      await screen.findByText('Hammer Drill has orders and cannot be deleted.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Product Hammer Drill is deleted')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Hammer Drill' })).toBeInTheDocument();
  });

  it('does not claim a delete that removed nothing', async () => {
    const server = catalogue([drill]);
    const { user } = renderPage({
      [LIST]: server.list,
      [DELETE_DRILL]: () => {
        server.remove(drill._id);
        return jsonResponse({ deletedCount: 0 });
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Manage Products: 1' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(
      await screen.findByText('Product Hammer Drill was not deleted: it no longer exists.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage Products: 0' }),
    ).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let answer = jsonResponse({ code: 'INTERNAL', message: 'Boom' }, 500);
    const { user } = renderPage({ [LIST]: () => answer });

    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load the products.");
    answer = jsonResponse([drill]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage Products: 1' }),
    ).toBeInTheDocument();
  });

  it('points to Add a new Product when there are no products', async () => {
    renderPage({ [LIST]: jsonResponse([]) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage Products: 0' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a new Product' })).toHaveAttribute(
      'href',
      '/dashboard/addProduct',
    );
  });
});
