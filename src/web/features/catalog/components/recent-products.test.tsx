import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { makeProduct } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { RecentProducts } from './recent-products.tsx';

describe('RecentProducts (home)', () => {
  it('shows the 6 most recent products, newest first, and a link to all products', async () => {
    // The API lists oldest first: products 1..8, so the newest six are 8 down to 3.
    mockFetch(() => jsonResponse(Array.from({ length: 8 }, (_, index) => makeProduct(index + 1))));
    renderWithProviders(<RecentProducts />);

    const section = screen.getByRole('region', { name: 'Our Products' });
    const headings = await within(section).findAllByRole('heading', { level: 3 });
    const names = headings.map((heading) => heading.textContent);
    expect(names).toEqual([
      'Product 8',
      'Product 7',
      'Product 6',
      'Product 5',
      'Product 4',
      'Product 3',
    ]);
    expect(within(section).getByRole('link', { name: 'Show All Products' })).toHaveAttribute(
      'href',
      '/allProducts',
    );
  });

  it('shows all of them when there are fewer than 6', async () => {
    mockFetch(() => jsonResponse([makeProduct(1), makeProduct(2)]));
    renderWithProviders(<RecentProducts />);
    expect(await screen.findAllByRole('link', { name: 'Purchase' })).toHaveLength(2);
  });
});
