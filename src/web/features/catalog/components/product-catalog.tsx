import { useProducts } from '../api/get-products.ts';
import { ProductsState } from './products-state.tsx';

/** The All Products page body: every product, oldest first, as the API lists them. */
export function ProductCatalog() {
  const query = useProducts();
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="mb-8 text-center text-4xl font-bold">Our Products</h1>
      <ProductsState query={query} headingLevel="h2" first />
    </div>
  );
}
