import { DocumentTitle } from '../../components/document-title.tsx';
import { PromotionsPage } from '../../features/promotions/components/promotions-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function PromotionsRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.promotions.title} />
      <PromotionsPage />
    </>
  );
}
