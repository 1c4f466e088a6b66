import type { UseQueryResult } from '@tanstack/react-query';
import { formatInteger } from '../../../../shared/number-format.ts';
import type { ProductSearchResult } from '../../../../shared/product-search.ts';
import { QueryState } from '../../../components/query-state.tsx';
import type { CardAction } from './product-card.tsx';
import { ProductGrid } from './product-grid.tsx';
import { SearchPagination } from './search-pagination.tsx';

interface SearchResultsProps {
  query: UseQueryResult<ProductSearchResult>;
  params: URLSearchParams;
  filtered: boolean;
  highlight: RegExp | null;
  onClear: () => void;
  cardAction?: CardAction | undefined;
}

/** What the status line says (and screen readers hear) about an answer. */
export function resultSummary({ items, total, page, pageSize }: ProductSearchResult): string {
  if (total === 0) return 'No products match';
  const products = `${formatInteger(total)} ${total === 1 ? 'product' : 'products'}`;
  if (total <= pageSize || items.length === 0) return products;
  const first = (page - 1) * pageSize + 1;
  return `${products}, showing ${formatInteger(first)}–${formatInteger(first + items.length - 1)}`;
}

/**
 * The answer to the search: a status line with the count (a live region, so the count is read
 * out as results change), the grid, the empty state and the pages. While the next answer loads,
 * the previous one stays, dimmed, and a spinner shows in space kept for it: nothing moves.
 */
export function SearchResults({
  query,
  params,
  filtered,
  highlight,
  onClear,
  cardAction,
}: SearchResultsProps) {
  const data = query.data;
  const loading = query.isFetching;
  return (
    <section aria-labelledby="search-results-status">
      <div className="mb-4 flex min-h-8 items-center gap-3">
        <p id="search-results-status" role="status" className="font-medium">
          {data ? resultSummary(data) : ''}
        </p>
        {/* Space kept for the spinner, so it never moves the results. */}
        <span className="inline-flex w-5" aria-hidden="true">
          {loading && data && <span className="loading loading-spinner loading-sm" />}
        </span>
      </div>
      <QueryState
        query={query}
        loading="Loading products"
        failed="We couldn't load the products."
        // While the next page loads or fails, the previous one stays.
        keepDataOnError
        className="min-h-96"
      >
        {(data) => (
          <div aria-busy={loading} className={loading ? 'opacity-60 transition-opacity' : ''}>
            {data.items.length > 0 ? (
              <ProductGrid
                products={data.items}
                headingLevel="h2"
                highlight={highlight}
                cardAction={cardAction}
                first
              />
            ) : data.total > 0 ? (
              <p className="py-10 text-center text-lg">This page is past the last one.</p>
            ) : filtered ? (
              <div className="flex flex-col items-center gap-4 py-10 text-center">
                <p className="text-lg">No products match your search and filters.</p>
                <button type="button" className="btn btn-neutral" onClick={onClear}>
                  Clear filters
                </button>
              </div>
            ) : (
              <p className="py-10 text-center text-lg">No products yet.</p>
            )}
            <SearchPagination
              params={params}
              page={data.page}
              pages={Math.max(1, Math.ceil(data.total / data.pageSize))}
            />
          </div>
        )}
      </QueryState>
    </section>
  );
}
