import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatDollars } from '../../../../shared/money.ts';
import type { Purchase } from '../../../../shared/purchase.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { useSignedInUser } from '../../../lib/auth/session.ts';
import { isRefusal, useSignOutWhenRefused } from '../../../lib/auth/use-sign-out.ts';
import { useMyOrders } from '../api/get-my-orders.ts';
import { orderActions } from '../../../../shared/order-actions.ts';
import { DeleteOrderDialog } from './delete-order-dialog.tsx';
import { ReservedUntil, TestModeBadge } from './order-badges.tsx';
import { OrderHistory } from './order-history.tsx';
import { ReceiptButton } from './receipt-button.tsx';
import { OrdersSection } from './orders-section.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { paths } from '../../../lib/paths.ts';

function OrderRow({ order, onDelete }: { order: Purchase; onDelete: (order: Purchase) => void }) {
  const productId = useId();
  // The buttons follow the lifecycle's rules (the server refuses the rest with 409).
  const actions = orderActions(order);
  return (
    <tr>
      <th scope="row" id={productId} className="font-semibold">
        {order.product}
      </th>
      <td>{order.orderQuantity}</td>
      <td>${formatDollars(order.price)}</td>
      <td>${formatDollars(order.totalPrice)}</td>
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
          {order.reservedUntil && !order.paid && <ReservedUntil until={order.reservedUntil} />}
          <div className="flex flex-wrap gap-2">
            {actions.canPay && (
              <Link
                to={paths.dashboard.payment(order._id)}
                className="btn btn-sm btn-primary"
                aria-describedby={productId}
              >
                Payment
              </Link>
            )}
            {actions.canCancel && (
              <button
                type="button"
                className="btn btn-sm btn-outline btn-error"
                aria-describedby={productId}
                onClick={() => onDelete(order)}
              >
                Delete
              </button>
            )}
            {actions.canDownloadReceipt && (
              <ReceiptButton orderId={order._id} describedBy={productId} />
            )}
          </div>
          <OrderHistory orderId={order._id} describedBy={productId} />
        </div>
      </td>
      <td>
        {order.stat}
        {order.testMode && (
          <>
            {' '}
            <TestModeBadge />
          </>
        )}
      </td>
    </tr>
  );
}

/** My Orders (customers): the table titled with the count; pay or delete what is unpaid. */
export function MyOrders() {
  const user = useSignedInUser();
  const orders = useMyOrders(user.email);
  const [toDelete, setToDelete] = useState<Purchase | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Spec section 8: a refused load (401 or 403) signs the user out and goes home.
  const refused = isRefusal(orders.error);
  useSignOutWhenRefused(refused, paths.home);

  return (
    <OrdersSection
      heading={orders.isSuccess ? `My Orders: ${orders.data.length}` : 'My Orders'}
      headingRef={headingRef}
    >
      <QueryState
        query={orders}
        loading="Loading your orders"
        failed="We couldn't load your orders."
        waiting={refused}
      >
        {(list) => (
          <DataTable
            columns={[
              'Product',
              'Order Quantity',
              'Price per Quantity',
              'Total Price',
              'Action',
              'Status',
            ]}
            isEmpty={list.length === 0}
            empty={
              <>
                <p>You have no orders yet.</p>
                <Link to={paths.allProducts} className="btn btn-primary">
                  Browse all products
                </Link>
              </>
            }
          >
            {list.map((order) => (
              <OrderRow key={order._id} order={order} onDelete={setToDelete} />
            ))}
          </DataTable>
        )}
      </QueryState>
      {toDelete && (
        <DeleteOrderDialog
          order={toDelete}
          onClose={() => setToDelete(null)}
          returnFocusTo={headingRef}
        />
      )}
    </OrdersSection>
  );
}
