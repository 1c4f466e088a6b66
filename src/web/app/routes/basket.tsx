import { DocumentTitle } from '../../components/document-title.tsx';
import { BasketPage } from '../../features/basket/components/basket-page.tsx';
import { SaveBasketAsList } from '../../features/saved-lists/components/save-basket-as-list.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function BasketRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.basket.title} />
      <BasketPage saveAsList={(lines) => <SaveBasketAsList lines={lines} />} />
    </>
  );
}
