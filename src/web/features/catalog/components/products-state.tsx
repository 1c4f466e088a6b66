import type { UseQueryResult } from '@tanstack/react-query';
import type { Product } from '../../../../shared/product.ts';
import { ErrorState } from '../../../components/error-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { ProductGrid } from './product-grid.tsx';

interface ProductsStateProps {
  query: UseQueryResult<Product[]>;
  headingLevel?: 'h2' | 'h3';
  /** The products open the page (see ProductGrid). */
  first?: boolean;
}

/** Loading, failed, empty or the grid: the same for the catalogue and the home page. */
export function ProductsState({ query, headingLevel, first }: ProductsStateProps) {
  if (query.isPending) return <Spinner label="Loading products" />;
  if (query.isError) {
    return (
      <ErrorState
        title="We couldn't load the products."
        detail={query.error.message}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  if (query.data.length === 0) {
    return <p className="py-10 text-center text-lg">No products yet.</p>;
  }
  return <ProductGrid products={query.data} headingLevel={headingLevel} first={first} />;
}
