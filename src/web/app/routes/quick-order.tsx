import { DocumentTitle } from '../../components/document-title.tsx';
import { QuickOrderPage } from '../../features/quick-order/components/quick-order-page.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function QuickOrderRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.quickOrder.title} />
      <QuickOrderPage />
    </>
  );
}
