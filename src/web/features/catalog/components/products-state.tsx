import type { UseQueryResult } from '@tanstack/react-query';
import type { Product } from '../../../../shared/product.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { ProductGrid } from './product-grid.tsx';

interface ProductsStateProps {
  query: UseQueryResult<Product[]>;
  headingLevel?: 'h2' | 'h3';
  /** The products open the page (see ProductGrid). */
  first?: boolean;
}

/** Loading, failed, empty or the grid: the same for the catalogue and the home page. */
export function ProductsState({ query, headingLevel, first }: ProductsStateProps) {
  return (
    <QueryState query={query} loading="Loading products" failed="We couldn't load the products.">
      {(products) =>
        products.length === 0 ? (
          <p className="py-10 text-center text-lg">No products yet.</p>
        ) : (
          <ProductGrid products={products} headingLevel={headingLevel} first={first} />
        )
      }
    </QueryState>
  );
}
