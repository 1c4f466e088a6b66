import { useId, useState } from 'react';
import { REFUND_PERMISSION } from '../../../../shared/aftersale.ts';
import { formatDollars } from '../../../../shared/money.ts';
import { orderActions } from '../../../../shared/order-actions.ts';
import type { Purchase } from '../../../../shared/purchase.ts';
import { useCan } from '../../../lib/auth/permissions.ts';
import { useAllOrders } from '../api/get-all-orders.ts';
import { OrderCharges } from '../../../components/order-charges.tsx';
import { CheckoutReferences, OnAccount, ReservedUntil, TestModeBadge } from './order-badges.tsx';
import { orderStatusLabel } from '../lib/order-labels.ts';
import { OrderHistory } from './order-history.tsx';
import { useShipOrders } from '../api/ship-order.ts';
import { ParcelTracking } from './parcel-tracking.tsx';
import { ShipDialog } from './ship-dialog.tsx';
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
  const [shipping, setShipping] = useState(false);
  const ship = useShipOrders();
  // The buttons follow the lifecycle's rules (the server refuses the rest with 409).
  const actions = orderActions(order);

  // An invoiced order (issue 37) ships unpaid: its invoice is its payment.
  if (!order.paid && !actions.canShip && order.stat !== 'shipped') {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <span className="font-semibold">
          {order.stat === 'awaiting_approval'
            ? orderStatusLabel(order.stat)
            : order.onAccount
              ? 'Not invoiced yet'
              : 'Unpaid'}
        </span>
        {actions.canCancel && (
          <DeleteOrderButton order={order} describedBy={describedBy} onDelete={onDelete} />
        )}
      </div>
    );
  }
  // Spec section 4: only a paid, pending order can be shipped; any other shows its status (and
  // its parcel once shipped, issue 35).
  if (!actions.canShip)
    return (
      <>
        <span>{orderStatusLabel(order.stat)}</span>
        <ParcelTracking shipment={order.shipment} describedBy={describedBy} />
      </>
    );
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-primary"
        aria-describedby={describedBy}
        aria-haspopup="dialog"
        onClick={() => setShipping(true)}
      >
        Ship
      </button>
      {shipping && <ShipDialog order={order} ship={ship} onClose={() => setShipping(false)} />}
    </>
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
          {order.onAccount && <OnAccount order={order} />}
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
