import { DocumentTitle } from '../../components/document-title.tsx';
import { ManageAllOrders } from '../../features/orders/components/manage-all-orders.tsx';

export default function ManageAllOrdersRoute() {
  return (
    <>
      <DocumentTitle title="Manage All Orders" />
      <ManageAllOrders />
    </>
  );
}
