import { DocumentTitle } from '../../components/document-title.tsx';
import { MyOrders } from '../../features/orders/components/my-orders.tsx';

export default function MyOrdersRoute() {
  return (
    <>
      <DocumentTitle title="My Orders" />
      <MyOrders />
    </>
  );
}
