import type { Product } from '../../../../shared/product.ts';
import { ProductCard } from './product-card.tsx';

interface ProductGridProps {
  products: readonly Product[];
  headingLevel?: 'h2' | 'h3';
  highlight?: RegExp | null | undefined;
}

/** The one product grid: 1 column on phones, 2 on tablets, 3 on large screens. */
export function ProductGrid({ products, headingLevel, highlight }: ProductGridProps) {
  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
      {products.map((product) => (
        <li key={product._id}>
          <ProductCard product={product} headingLevel={headingLevel} highlight={highlight} />
        </li>
      ))}
    </ul>
  );
}
