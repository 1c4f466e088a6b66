import { DocumentTitle } from '../../components/document-title.tsx';
import { ExportOrdersCsv } from '../../features/exports/components/export-orders-csv.tsx';
import { ManageAllOrders } from '../../features/orders/components/manage-all-orders.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function ManageAllOrdersRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.manageAllOrders.title} />
      <div className="flex flex-col gap-6">
        <ManageAllOrders />
        <ExportOrdersCsv />
      </div>
    </>
  );
}
