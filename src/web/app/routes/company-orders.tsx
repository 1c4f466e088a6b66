import { DocumentTitle } from '../../components/document-title.tsx';
import { CompanyOrdersPage } from '../../features/orders/components/company-orders.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function CompanyOrdersRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.companyOrders.title} />
      <CompanyOrdersPage />
    </>
  );
}
