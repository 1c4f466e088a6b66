import { DocumentTitle } from '../../components/document-title.tsx';
import { PriceListsPage } from '../../features/trade-admin/components/price-lists-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function PriceListsRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.priceLists.title} />
      <PriceListsPage />
    </>
  );
}
