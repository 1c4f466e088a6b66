import { Link } from 'react-router';
import { useRecentProducts } from '../api/recent-products.ts';
import { ProductsState } from './products-state.tsx';
import { pageRoutes } from '../../../../shared/page-routes.ts';

/** The home page's 'Our Products': the newest few and a way to the whole catalogue. */
export function RecentProducts() {
  const query = useRecentProducts();
  return (
    <section aria-labelledby="recent-products-heading" className="bg-base-200 px-4 py-16">
      <div className="mx-auto max-w-7xl">
        <h2 id="recent-products-heading" className="mb-8 text-center text-3xl font-bold">
          Our Products
        </h2>
        <ProductsState query={query} />
        <div className="mt-10 flex justify-center">
          <Link to={pageRoutes.allProducts.href()} className="btn btn-neutral btn-wide">
            Show All Products
          </Link>
        </div>
      </div>
    </section>
  );
}
