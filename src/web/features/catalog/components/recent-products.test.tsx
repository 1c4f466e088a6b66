import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../../shared/product.ts';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { NEWEST_PRODUCTS_URL, makeProduct, makeSearchResult } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { RecentProducts } from './recent-products.tsx';

/** The API's answer to the home page's one search: its first page, newest first. */
function mockNewest(products: Product[]) {
  return mockFetch((request) =>
    request.url === NEWEST_PRODUCTS_URL
      ? jsonResponse(makeSearchResult(products, { pageSize: 6 }))
      : jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404),
  );
}

describe('RecentProducts (home)', () => {
  it('asks for the 6 newest products, shows them in order, and links to all products', async () => {
    const fetch = mockNewest([8, 7, 6, 5, 4, 3].map((index) => makeProduct(index)));
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
    // One small search, never the whole catalogue.
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toBe(NEWEST_PRODUCTS_URL);
  });

  it('shows all of them when there are fewer than 6', async () => {
    mockNewest([makeProduct(2), makeProduct(1)]);
    renderWithProviders(<RecentProducts />);
    expect(await screen.findAllByRole('link', { name: 'Purchase' })).toHaveLength(2);
  });
});
