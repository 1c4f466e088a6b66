import { DocumentTitle } from '../../components/document-title.tsx';
import { ExportOrdersCsv } from '../../features/exports/components/export-orders-csv.tsx';
import { ManageAllOrders } from '../../features/orders/components/manage-all-orders.tsx';

export default function ManageAllOrdersRoute() {
  return (
    <>
      <DocumentTitle title="Manage All Orders" />
      <div className="flex flex-col gap-6">
        <ManageAllOrders />
        <ExportOrdersCsv />
      </div>
    </>
  );
}
