import type { Product } from '../../../../shared/product.ts';
import { useContractPrices } from '../../../api/contract-prices.ts';
import { ProductCard, type CardAction } from './product-card.tsx';

interface ProductGridProps {
  products: readonly Product[];
  headingLevel?: 'h2' | 'h3';
  /** The grid opens the page: its first image is fetched at once, with high priority. */
  first?: boolean;
  highlight?: RegExp | null | undefined;
  cardAction?: CardAction | undefined;
}

/** The one product grid: 1 column on phones, 2 on tablets, 3 on large screens. */
export function ProductGrid({
  products,
  headingLevel,
  first = false,
  highlight,
  cardAction,
}: ProductGridProps) {
  // Issue 37: a member's contract prices, asked for once the page is live (never in the HTML).
  const contract = useContractPrices(products.map((product) => product._id));
  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
      {products.map((product, index) => (
        // Cards off screen skip layout and paint until scrolled near (a long catalogue).
        <li
          key={product._id}
          className="[contain-intrinsic-size:auto_36rem] [content-visibility:auto]"
        >
          <ProductCard
            product={product}
            headingLevel={headingLevel}
            priority={first && index === 0}
            highlight={highlight}
            action={cardAction}
            contractPrice={contract.products[product._id]}
          />
        </li>
      ))}
    </ul>
  );
}
