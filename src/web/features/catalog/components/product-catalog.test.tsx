import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { deferred, jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { makeProduct } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ProductCatalog } from './product-catalog.tsx';

describe('ProductCatalog (All Products)', () => {
  it('shows a spinner while loading, then every product in API order', async () => {
    const response = deferred<Response>();
    const fetchMock = mockFetch(({ url }) => {
      expect(url).toBe(apiPaths.products);
      return response.promise;
    });
    renderWithProviders(<ProductCatalog />, { route: '/allProducts' });

    expect(screen.getByRole('heading', { level: 1, name: 'Our Products' })).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Loading products' })).toBeInTheDocument();

    response.resolve(jsonResponse([makeProduct(1), makeProduct(2), makeProduct(3)]));

    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(screen.queryByRole('status', { name: 'Loading products' })).not.toBeInTheDocument();
    const names = headings.map((heading) => heading.textContent);
    expect(names).toEqual(['Product 1', 'Product 2', 'Product 3']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('explains a failure and fetches again on Try again', async () => {
    let calls = 0;
    const fetchMock = mockFetch(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse({ code: 'INTERNAL', message: 'Internal error', requestId: 'r1' }, 500)
        : jsonResponse([makeProduct(1)]);
    });
    const { user } = renderWithProviders(<ProductCatalog />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the products.");

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Product 1' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('says so when the catalogue is empty', async () => {
    mockFetch(() => jsonResponse([]));
    renderWithProviders(<ProductCatalog />);
    expect(await screen.findByText('No products yet.')).toBeInTheDocument();
  });
});
