import { DocumentTitle } from '../../components/document-title.tsx';
import { AddToBasketButton } from '../../features/basket/components/add-to-basket-button.tsx';
import { MyOrders } from '../../features/orders/components/my-orders.tsx';
import { pageRoutes } from '../../../shared/page-routes.ts';

export default function MyOrdersRoute() {
  return (
    <>
      <DocumentTitle title={pageRoutes.myOrders.title} />
      <MyOrders
        rowAction={(order, describedBy) =>
          // A deleted product cannot be ordered again (its name stays on the order).
          order.productId && (
            <AddToBasketButton
              label="Order again"
              line={{ productId: order.productId, quantity: order.orderQuantity }}
              describedBy={describedBy}
              className="btn btn-sm btn-outline"
            />
          )
        }
      />
    </>
  );
}
