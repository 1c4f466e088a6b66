import { Link } from 'react-router';
import { BASKET_EMPTY_MESSAGE } from '../../../../shared/basket.ts';
import { pageRoutes } from '../../../../shared/page-routes.ts';

/** An empty basket (on /basket, or /checkout once there is nothing to place): the way to the products. */
export function EmptyBasket() {
  return (
    <div className="flex flex-col items-start gap-4">
      <p className="text-lg">{BASKET_EMPTY_MESSAGE}</p>
      <Link to={pageRoutes.allProducts.href()} className="btn btn-primary">
        Browse all products
      </Link>
    </div>
  );
}
