import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseSearchParams, type ProductSearchResult } from '../../../../shared/product-search.ts';
import type { Product } from '../../../../shared/product.ts';
import { deferred, jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { makeProduct, makeSearchResult } from '../../../test/fixtures.ts';
import { createTestQueryClient, renderWithProviders } from '../../../test/render.tsx';
import { productSearchQueryOptions } from '../api/search-products.ts';
import { ProductCatalog } from './product-catalog.tsx';

const SEARCH = '/api/products/search';

function answer(items: Product[], extra: Partial<ProductSearchResult> = {}): Response {
  return jsonResponse(makeSearchResult(items, extra));
}

/** The search requests made so far, as query strings ('' for none). */
function searches(fetchMock: ReturnType<typeof mockFetch>): string[] {
  return fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.startsWith(SEARCH))
    .map((url) => url.slice(SEARCH.length));
}

function renderCatalog(route = '/allProducts') {
  return renderWithProviders(<ProductCatalog />, { route });
}

const locationSearch = (router: { state: { location: { search: string } } }) =>
  router.state.location.search;

describe('ProductCatalog (All Products)', () => {
  it('shows a spinner while loading, then the first page newest first, with the count', async () => {
    const response = deferred<Response>();
    const fetchMock = mockFetch(() => response.promise);
    renderCatalog();

    expect(screen.getByRole('heading', { level: 1, name: 'Our Products' })).toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Loading products' })).toBeInTheDocument();

    response.resolve(answer([makeProduct(3), makeProduct(2), makeProduct(1)]));

    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'Product 3',
      'Product 2',
      'Product 1',
    ]);
    expect(screen.getByText('3 products')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('status', { name: 'Loading products' })).not.toBeInTheDocument();
    expect(searches(fetchMock)).toEqual(['']);
    expect(screen.getByLabelText('Sort by')).toHaveValue('newest');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('takes the search, sort, filters and page from the URL, and marks the matched words', async () => {
    const fetchMock = mockFetch(() =>
      answer([makeProduct(7, { name: 'Cordless Drill', description: 'Drills and drives.' })], {
        total: 30,
        page: 2,
      }),
    );
    renderCatalog('/allProducts?q=drill&sort=price_asc&inStock=1&minPrice=10&page=2');

    const card = await screen.findByRole('article');
    expect(searches(fetchMock)).toEqual(['?q=drill&sort=price_asc&minPrice=10&inStock=1&page=2']);
    expect(screen.getByLabelText('Search products')).toHaveValue('drill');
    expect(screen.getByLabelText('Sort by')).toHaveValue('price_asc');
    expect(screen.getByLabelText('In stock only')).toBeChecked();
    expect(screen.getByLabelText('Min price ($)')).toHaveValue('10');
    expect(screen.getByLabelText('Max price ($)')).toHaveValue('');
    expect(within(card).getByRole('heading', { name: 'Cordless Drill' })).toBeInTheDocument();
    expect([...card.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'Drill',
      'Drills',
    ]);
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      '30 products, showing 25–25',
    );
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(within(pages).getByRole('link', { name: 'Previous page' })).toHaveAttribute(
      'href',
      '/allProducts?q=drill&sort=price_asc&minPrice=10&inStock=1',
    );
    expect(within(pages).queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();
  });

  it('searches as the customer types, once typing pauses, without leaving the page', async () => {
    const fetchMock = mockFetch(({ url }) =>
      url.includes('q=saw')
        ? answer([makeProduct(4, { name: 'Reciprocating Saw' })])
        : answer([makeProduct(1), makeProduct(2)]),
    );
    const { user, router } = renderCatalog();
    await screen.findByText('2 products');

    await user.type(screen.getByLabelText('Search products'), 'saw');

    expect(await screen.findByRole('heading', { name: 'Reciprocating Saw' })).toBeInTheDocument();
    expect(screen.getByText('1 product')).toBeInTheDocument();
    expect(locationSearch(router)).toBe('?q=saw');
    // One request for the pause, not one per keystroke.
    expect(searches(fetchMock)).toEqual(['', '?q=saw']);
    expect(screen.getByLabelText('Sort by')).toHaveValue('relevance');
    expect(screen.getByRole('option', { name: 'Best match' })).toBeInTheDocument();
  });

  it('sorts and filters through the URL, back to page 1', async () => {
    const fetchMock = mockFetch(() => answer([makeProduct(1)], { total: 60, page: 1 }));
    const { user, router } = renderCatalog('/allProducts?page=2');
    await screen.findByRole('article');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: high to low');
    await waitFor(() => expect(locationSearch(router)).toBe('?sort=price_desc'));

    await user.click(screen.getByLabelText('In stock only'));
    await waitFor(() => expect(locationSearch(router)).toBe('?sort=price_desc&inStock=1'));

    await user.type(screen.getByLabelText('Max price ($)'), '150{Enter}');
    await waitFor(() =>
      expect(locationSearch(router)).toBe('?sort=price_desc&maxPrice=150&inStock=1'),
    );
    await waitFor(() =>
      expect(searches(fetchMock)).toContain('?sort=price_desc&maxPrice=150&inStock=1'),
    );
  });

  it('refuses a price range upside down, with the reason next to the field', async () => {
    mockFetch(() => answer([makeProduct(1)]));
    const { user, router } = renderCatalog('/allProducts?minPrice=100');
    await screen.findByRole('article');

    await user.type(screen.getByLabelText('Max price ($)'), '50{Enter}');

    const max = screen.getByLabelText('Max price ($)');
    expect(max).toHaveAccessibleDescription('Must not be below the minimum price');
    expect(max).toHaveAttribute('aria-invalid', 'true');
    expect(locationSearch(router)).toBe('?minPrice=100');
  });

  it('says "No products match" and clears the filters on request', async () => {
    const fetchMock = mockFetch(({ url }) =>
      url === SEARCH ? answer([makeProduct(1)]) : answer([]),
    );
    const { user, router } = renderCatalog('/allProducts?q=xylophone&inStock=1');

    expect(await screen.findByText('No products match')).toHaveAttribute('role', 'status');
    expect(screen.getByText('No products match your search and filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));

    expect(await screen.findByRole('article')).toBeInTheDocument();
    expect(locationSearch(router)).toBe('');
    expect(screen.getByLabelText('Search products')).toHaveValue('');
    expect(screen.getByLabelText('Search products')).toHaveFocus();
    expect(screen.getByLabelText('In stock only')).not.toBeChecked();
    expect(searches(fetchMock)).toEqual(['?q=xylophone&inStock=1', '']);
  });

  it('pages with links, keeping the search', async () => {
    mockFetch(({ url }) =>
      url.includes('page=2')
        ? answer([makeProduct(30)], { total: 25, page: 2 })
        : answer([makeProduct(1)], { total: 25, page: 1 }),
    );
    const { user, router } = renderCatalog('/allProducts?sort=name');
    await screen.findByText('Page 1 of 2');

    await user.click(screen.getByRole('link', { name: 'Next page' }));

    expect(await screen.findByRole('heading', { name: 'Product 30' })).toBeInTheDocument();
    expect(locationSearch(router)).toBe('?sort=name&page=2');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('explains a failure and fetches again on Try again', async () => {
    let calls = 0;
    const fetchMock = mockFetch(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse({ code: 'INTERNAL', message: 'Internal error', requestId: 'r1' }, 500)
        : answer([makeProduct(1)]);
    });
    const { user } = renderCatalog();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the products.");
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Product 1' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('says so when the catalogue is empty', async () => {
    mockFetch(() => answer([]));
    renderCatalog();
    expect(await screen.findByText('No products yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('shows an answer already in the query cache at once, without fetching (server rendering)', () => {
    const fetchMock = mockFetch(() => answer([]));
    const queryClient = createTestQueryClient();
    const url = '/allProducts?q=drill&page=1';
    const search = parseSearchParams(new URL(url, 'http://x').searchParams);
    queryClient.setQueryData(productSearchQueryOptions(search).queryKey, {
      items: [makeProduct(9, { name: 'Hammer Drill' })],
      total: 1,
      page: 1,
      pageSize: 24,
    });
    renderWithProviders(<ProductCatalog />, { route: url, queryClient });

    expect(screen.getByRole('heading', { name: 'Hammer Drill' })).toBeInTheDocument();
    expect(screen.getByText('1 product')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
