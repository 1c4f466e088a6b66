import { useId, useRef, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { formatDollars } from '../../../../shared/money.ts';
import { orderActions } from '../../../../shared/order-actions.ts';
import { ORDER_SHIPPED_MESSAGE, type Purchase } from '../../../../shared/purchase.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { useAllOrders } from '../api/get-all-orders.ts';
import { useShipOrder } from '../api/ship-order.ts';
import { DeleteOrderDialog } from './delete-order-dialog.tsx';
import { ReservedUntil, TestModeBadge } from './order-badges.tsx';
import { OrderHistory } from './order-history.tsx';
import { ReceiptButton } from './receipt-button.tsx';
import { OrdersSection } from './orders-section.tsx';
import { DataTable } from '../../../components/data-table.tsx';

function OrderAction({
  order,
  describedBy,
  onDelete,
}: {
  order: Purchase;
  describedBy: string;
  onDelete: (order: Purchase) => void;
}) {
  const ship = useShipOrder();
  // The buttons follow the lifecycle's rules (the server refuses the rest with 409).
  const actions = orderActions(order);

  if (!order.paid) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-semibold">Unpaid</span>
        {actions.canCancel && (
          <button
            type="button"
            className="btn btn-sm btn-outline btn-error"
            aria-describedby={describedBy}
            onClick={() => onDelete(order)}
          >
            Delete
          </button>
        )}
      </div>
    );
  }
  // Spec section 4: only a paid, pending order can be shipped; any other shows its status.
  if (!actions.canShip) return <span>{order.stat}</span>;
  return (
    <button
      type="button"
      className="btn btn-sm btn-primary"
      aria-describedby={describedBy}
      disabled={ship.isPending}
      onClick={() =>
        ship.mutate(order, {
          onSuccess: () => toast.success(ORDER_SHIPPED_MESSAGE),
          onError: (error) => toast.error(error.message),
        })
      }
    >
      {ship.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      Ship
    </button>
  );
}

function OrderRow({ order, onDelete }: { order: Purchase; onDelete: (order: Purchase) => void }) {
  const orderId = useId();
  return (
    <tr>
      <td>{order.customerName}</td>
      <td className="break-all">{order.customerEmail}</td>
      <td>
        <span id={orderId}>{order.product}</span>
        {order.testMode && (
          <>
            {' '}
            <TestModeBadge />
          </>
        )}
      </td>
      <td>${formatDollars(order.totalPrice)}</td>
      <td>
        <div className="flex flex-col gap-1">
          <OrderAction order={order} describedBy={orderId} onDelete={onDelete} />
          {order.reservedUntil && !order.paid && <ReservedUntil until={order.reservedUntil} />}
          {orderActions(order).canDownloadReceipt && (
            <ReceiptButton orderId={order._id} describedBy={orderId} />
          )}
          <OrderHistory orderId={order._id} describedBy={orderId} />
        </div>
      </td>
    </tr>
  );
}

/** Manage All Orders (admins): ship what is paid, delete what is not. */
export function ManageAllOrders() {
  const orders = useAllOrders();
  const [toDelete, setToDelete] = useState<Purchase | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <OrdersSection
      heading={orders.isSuccess ? `Manage All Orders: ${orders.data.length}` : 'Manage All Orders'}
      headingRef={headingRef}
    >
      <QueryState query={orders} loading="Loading orders" failed="We couldn't load the orders.">
        {(list) => (
          <DataTable
            columns={['Name', 'Email', 'Product', 'Total Price', 'Action']}
            isEmpty={list.length === 0}
            empty={<p>There are no orders yet.</p>}
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
