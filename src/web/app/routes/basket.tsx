import { DocumentTitle } from '../../components/document-title.tsx';
import { BasketPage } from '../../features/basket/components/basket-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function BasketRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.basket.title} />
      <BasketPage />
    </>
  );
}
