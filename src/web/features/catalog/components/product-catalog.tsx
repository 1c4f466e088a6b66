import { useMemo, useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { parseSearchParams, type ProductSearch } from '../../../../shared/product-search.ts';
import { useProductSearch } from '../api/search-products.ts';
import { highlightPattern } from '../lib/highlight.ts';
import { isFiltered, nextSearchParams, type SearchUpdate } from '../lib/search-url.ts';
import type { CardAction } from './product-card.tsx';
import { SearchForm } from './search-form.tsx';
import { SearchResults } from './search-results.tsx';

/**
 * The All Products page body: search, sort, filters and pages, all in the URL
 * (/allProducts?q=drill&sort=price_asc&inStock=1&page=2), so back/forward, reload and shared
 * links show the same results. Without a query, newest first. It reads the answer through
 * productSearchQueryOptions, so an answer already in the query cache (prefetched by the server)
 * shows at once. `cardAction` adds a control to each card (the route composes Add to basket).
 */
export function ProductCatalog({
  cardAction,
  category,
  filters,
}: {
  cardAction?: CardAction;
  /** More filters under the search form (the route composes CatalogueFilters, issue 24). */
  filters?: (search: ProductSearch, update: (updates: SearchUpdate[]) => void) => ReactNode;
  /** A category's own page (/category/:slug): its products only, under its name (issue 24). */
  category?: { slug: string; name: string; description: string } | undefined;
}) {
  const [params, setParams] = useSearchParams();
  const search = useMemo(
    () => ({ ...parseSearchParams(params), ...(category && { category: category.slug }) }),
    [params, category],
  );
  const query = useProductSearch(search);
  const highlight = useMemo(() => highlightPattern(search.q), [search.q]);
  const searchBox = useRef<HTMLInputElement>(null);

  const update = (updates: SearchUpdate[], { replace = false } = {}) => {
    setParams(nextSearchParams(params, ...updates), { replace, preventScrollReset: true });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="mb-8 text-center text-4xl font-bold">{category?.name ?? 'Our Products'}</h1>
      {category?.description && <p className="mb-8 text-center text-lg">{category.description}</p>}
      <SearchForm search={search} onUpdate={update} searchBoxRef={searchBox} />
      {filters?.(search, update)}
      <SearchResults
        query={query}
        params={params}
        filtered={isFiltered(params)}
        highlight={highlight}
        cardAction={cardAction}
        onClear={() => {
          setParams(new URLSearchParams(), { preventScrollReset: true });
          // The button goes away with the empty state: keep the keyboard user's place.
          searchBox.current?.focus();
        }}
      />
    </div>
  );
}
