import { Link } from 'react-router';
import { GOES_WELL_WITH_TITLE } from '../../../../shared/back-in-stock.ts';
import { listPriceText } from '../../../../shared/list-price.ts';
import { pageRoutes } from '../../../../shared/page-routes.ts';
import { useGoesWellWith } from '../api/product-extras.ts';

/** Up to 4 products of the same platform or category (issue 24); nothing when there are none. */
export function GoesWellWith({ productId }: { productId: string }) {
  const related = useGoesWellWith(productId);
  if (!related.data || related.data.length === 0) return null;
  return (
    <section aria-labelledby="goes-well-with" className="mx-auto max-w-6xl px-4 pb-12">
      <h2 id="goes-well-with" className="mb-4 text-2xl font-bold">
        {GOES_WELL_WITH_TITLE}
      </h2>
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {related.data.map((product) => (
          <li key={product._id}>
            <Link
              to={pageRoutes.purchase.href({ productId: product._id })}
              className="flex h-full flex-col gap-2 rounded-box border border-base-300 p-3 hover:bg-base-200"
            >
              <img
                src={product.img}
                alt=""
                width={200}
                height={150}
                loading="lazy"
                className="aspect-[4/3] w-full object-contain"
              />
              <span className="font-semibold">{product.name}</span>
              <span>{listPriceText(product)}</span>
              {product.platform && <span className="text-sm">{product.platform} platform</span>}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
