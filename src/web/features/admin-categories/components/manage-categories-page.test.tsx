import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import type { Category } from '../../../../shared/category.ts';
import { lastRequest, mockApi } from '../../../test/api-routes.ts';
import { storeAccessToken } from '../../../test/auth.ts';
import { jsonResponse } from '../../../test/fetch-mock.ts';
import { uuid } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ManageCategoriesPage } from './manage-categories-page.tsx';

const saws: Category = {
  _id: uuid(1),
  slug: 'saws',
  name: 'Saws',
  description: 'Cutting.',
  productCount: 4,
};
const empty: Category = {
  _id: uuid(2),
  slug: 'lasers',
  name: 'Lasers',
  description: '',
  productCount: 0,
};

describe('ManageCategoriesPage', () => {
  it('lists the categories with their counts; only an empty one can be deleted, after a confirmation', async () => {
    storeAccessToken('access-1');
    let list = [saws, empty];
    const fetchMock = mockApi({
      [`GET ${apiPaths.categories}`]: () => jsonResponse(list),
      [`DELETE ${apiPaths.category(empty._id)}`]: () => {
        list = [saws];
        return jsonResponse({ deletedCount: 1 });
      },
    });
    const { user } = renderWithProviders(<ManageCategoriesPage />);
    const rows = within(await screen.findByRole('list', { name: 'Categories' }));
    expect(rows.getByText(/\/category\/saws · 4 products/)).toBeInTheDocument();
    expect(rows.getByRole('button', { name: 'Delete Saws' })).toBeDisabled();

    await user.click(rows.getByRole('button', { name: 'Delete Lasers' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to delete Lasers?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Category Lasers is deleted')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Delete Lasers' })).not.toBeInTheDocument(),
    );
    expect(fetchMock).toHaveBeenCalled();
  });

  it('adds a category, and says what is wrong with an empty name', async () => {
    storeAccessToken('access-1');
    const fetchMock = mockApi({
      [`GET ${apiPaths.categories}`]: jsonResponse([]),
      [`POST ${apiPaths.categories}`]: jsonResponse({ ...empty, name: 'Lasers & Levels' }, 201),
    });
    const { user } = renderWithProviders(<ManageCategoriesPage />);
    const form = within(await screen.findByRole('form', { name: 'Add a category' }));
    await user.click(form.getByRole('button', { name: 'Add Category' }));
    expect(await form.findByText('Name is required')).toBeInTheDocument();
    await user.type(form.getByLabelText('Name'), 'Lasers & Levels');
    await user.click(form.getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByText('Category Lasers & Levels is saved')).toBeInTheDocument();
    expect(lastRequest(fetchMock, `POST ${apiPaths.categories}`).body).toEqual({
      name: 'Lasers & Levels',
      slug: '',
      description: '',
    });
  });
});
