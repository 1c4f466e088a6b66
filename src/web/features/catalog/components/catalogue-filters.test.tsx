import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock.ts';
import { makeProduct, makeSearchResult } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CatalogueFilters, optionChoices } from './catalogue-filters.tsx';
import { ProductCatalog } from './product-catalog.tsx';

const SEARCH = '/api/products/search';

const drill = makeProduct(1, {
  name: 'Drill',
  options: [
    { name: 'Voltage', values: ['12V', '18V'] },
    { name: 'Kit', values: ['Bare tool', '2 × 5.0 Ah kit'] },
  ],
});
const saw = makeProduct(2, { name: 'Saw', options: [{ name: 'Voltage', values: ['18V', '36V'] }] });
const plain = makeProduct(3, { name: 'Clamp' });

function renderAllProducts(route: string, items = [drill, saw, plain]) {
  const fetchMock = mockFetch((request) =>
    request.url.startsWith(SEARCH) ? jsonResponse(makeSearchResult(items)) : jsonResponse([]),
  );
  const rendered = renderWithProviders(
    <ProductCatalog
      filters={(search, update) => <CatalogueFilters search={search} onUpdate={update} />}
    />,
    { route },
  );
  const searches = () =>
    fetchMock.mock.calls
      .map(([input]) => String(input))
      .filter((url) => url.startsWith(SEARCH))
      .map((url) => url.slice(SEARCH.length));
  return { ...rendered, searches };
}

describe('optionChoices (issue 34)', () => {
  it('gathers the option values of the products shown, by option, in the order first met', () => {
    expect(optionChoices([drill, saw, plain], undefined)).toEqual([
      { name: 'Voltage', values: ['12V', '18V', '36V'] },
      { name: 'Kit', values: ['Bare tool', '2 × 5.0 Ah kit'] },
    ]);
    expect(optionChoices([plain], undefined)).toEqual([]);
  });

  it('keeps the filter in the URL even when no product shown has it', () => {
    expect(optionChoices([plain], 'Voltage:18V')).toEqual([{ name: 'Voltage', values: ['18V'] }]);
    expect(optionChoices([saw], 'voltage:18v')).toEqual([
      { name: 'Voltage', values: ['18V', '36V'] },
    ]);
  });
});

describe('the Option filter of All Products', () => {
  it('offers the shown products’ option values and puts the choice in the URL and the search', async () => {
    const { user, router, searches } = renderAllProducts('/allProducts?q=cordless');
    await screen.findByRole('heading', { name: 'Saw' }, { timeout: 5000 });
    const select = screen.getByRole('combobox', { name: 'Option' });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([
        'Any option',
        'Voltage: 12V',
        'Voltage: 18V',
        'Voltage: 36V',
        'Kit: Bare tool',
        'Kit: 2 × 5.0 Ah kit',
      ]),
    );
    await user.selectOptions(select, 'Voltage: 18V');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?q=cordless&option=Voltage%3A18V'),
    );
    await waitFor(() => expect(searches()).toContain('?q=cordless&option=Voltage%3A18V'));
    expect(select).toHaveValue('Voltage:18V');

    await user.selectOptions(select, 'Any option');
    await waitFor(() => expect(router.state.location.search).toBe('?q=cordless'));
  });

  it('is not offered when no product shown has options', async () => {
    renderAllProducts('/allProducts', [plain]);
    await screen.findByRole('heading', { name: 'Clamp' }, { timeout: 5000 });
    expect(screen.queryByRole('combobox', { name: 'Option' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Battery platform' })).toBeInTheDocument();
  });
});
