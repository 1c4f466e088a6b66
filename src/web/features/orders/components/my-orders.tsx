import { createContext, use, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDollars } from '../../../../shared/money.ts';
import type { Purchase } from '../../../../shared/purchase.ts';
import { useSignedInUser } from '../../../lib/auth/session.ts';
import { isRefusal, useSignOutWhenRefused } from '../../../lib/auth/use-sign-out.ts';
import { useMyOrders } from '../api/get-my-orders.ts';
import { orderActions } from '../../../../shared/order-actions.ts';
import { CheckoutReferences, OnAccount, ReservedUntil, TestModeBadge } from './order-badges.tsx';
import { orderStatusLabel } from '../lib/order-labels.ts';
import { OrderCharges } from '../../../components/order-charges.tsx';
import { OrderHistory } from './order-history.tsx';
import { ParcelTracking } from './parcel-tracking.tsx';
import { OrderAftersale } from './order-aftersale.tsx';
import { ReceiptButton } from './receipt-button.tsx';
import { DeleteOrderButton, OrdersSection, type OrderRowProps } from './orders-section.tsx';
import { pageRoutes } from '../../../../shared/page-routes.ts';

/** A control on every row (Order again, composed by the route); `describedBy` names the product. */
export type OrderRowAction = (order: Purchase, describedBy: string) => ReactNode;

// The table's rows are a component type of OrdersSection: the route's action reaches them here.
const RowActionContext = createContext<OrderRowAction | undefined>(undefined);

function OrderRow({ order, onDelete, checkoutSize }: OrderRowProps) {
  const productId = useId();
  const rowAction = use(RowActionContext);
  // The buttons follow the lifecycle's rules (the server refuses the rest with 409).
  const actions = orderActions(order);
  return (
    <tr>
      <th scope="row" aria-labelledby={productId} className="font-semibold">
        <span id={productId}>{order.product}</span>
        {/* One of several bought together, or with the buyer's PO: which checkout, which PO. */}
        {(checkoutSize > 1 || order.poReference) && <CheckoutReferences order={order} />}
      </th>
      <td>{order.orderQuantity}</td>
      <td>${formatDollars(order.price)}</td>
      <td>
        ${formatDollars(order.totalPrice)}
        <OrderCharges order={order} />
      </td>
      <td>
        <div className="flex flex-col gap-1">
          {order.paid && (
            <>
              <span className="font-semibold text-success">Paid</span>
              {order.transactionId && (
                <span className="text-sm break-all">Transaction Id: {order.transactionId}</span>
              )}
            </>
          )}
          {order.onAccount && <OnAccount order={order} />}
          {order.reservedUntil && !order.paid && <ReservedUntil until={order.reservedUntil} />}
          <div className="flex flex-wrap gap-2">
            {actions.canPay && (
              <Link
                to={pageRoutes.payment.href({ id: order._id })}
                className="btn btn-sm btn-primary"
                aria-describedby={productId}
              >
                Payment
              </Link>
            )}
            {actions.canCancel && (
              <DeleteOrderButton order={order} describedBy={productId} onDelete={onDelete} />
            )}
            {actions.canDownloadReceipt && (
              <ReceiptButton orderId={order._id} describedBy={productId} />
            )}
            {rowAction?.(order, productId)}
          </div>
          <OrderHistory orderId={order._id} describedBy={productId} />
          {order.paid && <OrderAftersale order={order} />}
        </div>
      </td>
      <td>
        {orderStatusLabel(order.stat)}
        {order.testMode && (
          <>
            {' '}
            <TestModeBadge />
          </>
        )}
        <ParcelTracking shipment={order.shipment} describedBy={productId} />
      </td>
    </tr>
  );
}

/**
 * My Orders (customers): the table titled with the count; pay or delete what is unpaid. An order
 * of a checkout pays the whole checkout (the same Payment page).
 */
export function MyOrders({ rowAction }: { rowAction?: OrderRowAction }) {
  const user = useSignedInUser();
  const orders = useMyOrders(user.email);
  const [toDelete, setToDelete] = useState<Purchase | null>(null);
  // Spec section 8: a refused load (401 or 403) signs the user out and goes home.
  const refused = isRefusal(orders.error);
  useSignOutWhenRefused(refused, pageRoutes.home.href());

  return (
    <RowActionContext value={rowAction}>
      <OrdersSection
        title="My Orders"
        orders={orders}
        loading="Loading your orders"
        failed="We couldn't load your orders."
        waiting={refused}
        columns={[
          'Product',
          'Order Quantity',
          'Price per Quantity',
          'Total Price',
          'Action',
          'Status',
        ]}
        empty={
          <>
            <p>You have no orders yet.</p>
            <Link to={pageRoutes.allProducts.href()} className="btn btn-primary">
              Browse all products
            </Link>
          </>
        }
        Row={OrderRow}
        toDelete={toDelete}
        onToDeleteChange={setToDelete}
      />
    </RowActionContext>
  );
}
