import { useId, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { REFUND_PERMISSION } from '../../../../shared/aftersale.ts';
import { formatDollars } from '../../../../shared/money.ts';
import { orderActions } from '../../../../shared/order-actions.ts';
import { ORDER_SHIPPED_MESSAGE, type Purchase } from '../../../../shared/purchase.ts';
import { useCan } from '../../../lib/auth/permissions.ts';
import { useAllOrders } from '../api/get-all-orders.ts';
import { useShipOrder } from '../api/ship-order.ts';
import { OrderCharges } from '../../../components/order-charges.tsx';
import { CheckoutReferences, ReservedUntil, TestModeBadge } from './order-badges.tsx';
import { OrderHistory } from './order-history.tsx';
import { ReceiptButton } from './receipt-button.tsx';
import { RefundButton } from './refund-button.tsx';
import { DeleteOrderButton, OrdersSection, type OrderRowProps } from './orders-section.tsx';

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
          <DeleteOrderButton order={order} describedBy={describedBy} onDelete={onDelete} />
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

function OrderRow({ order, onDelete, checkoutSize }: OrderRowProps) {
  const orderId = useId();
  // Only those who may refund see Refund (a warehouse account would get a 403).
  const mayRefund = useCan(REFUND_PERMISSION);
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
        {(checkoutSize > 1 || order.poReference) && <CheckoutReferences order={order} />}
      </td>
      <td>
        ${formatDollars(order.totalPrice)}
        <OrderCharges order={order} />
      </td>
      <td>
        <div className="flex flex-col gap-1">
          <OrderAction order={order} describedBy={orderId} onDelete={onDelete} />
          {order.reservedUntil && !order.paid && <ReservedUntil until={order.reservedUntil} />}
          {orderActions(order).canDownloadReceipt && (
            <ReceiptButton orderId={order._id} describedBy={orderId} />
          )}
          {order.paid && mayRefund && <RefundButton order={order} describedBy={orderId} />}
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
  return (
    <OrdersSection
      title="Manage All Orders"
      orders={orders}
      loading="Loading orders"
      failed="We couldn't load the orders."
      columns={['Name', 'Email', 'Product', 'Total Price', 'Action']}
      empty={<p>There are no orders yet.</p>}
      Row={OrderRow}
      toDelete={toDelete}
      onToDeleteChange={setToDelete}
    />
  );
}
