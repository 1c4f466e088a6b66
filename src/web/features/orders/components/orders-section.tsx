import type { UseQueryResult } from '@tanstack/react-query';
import { useRef, type ComponentType, type ReactNode } from 'react';
import type { Purchase } from '../../../../shared/purchase.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { DeleteOrderDialog } from './delete-order-dialog.tsx';

export interface OrderRowProps {
  order: Purchase;
  onDelete: (order: Purchase) => void;
  /** How many orders of the list were placed in this order's checkout (1: bought alone). */
  checkoutSize: number;
}

/** An unpaid order's Delete: it asks first (the dialog of OrdersSection). */
export function DeleteOrderButton({
  order,
  describedBy,
  onDelete,
}: Omit<OrderRowProps, 'checkoutSize'> & { describedBy: string }) {
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline btn-error"
      aria-describedby={describedBy}
      onClick={() => onDelete(order)}
    >
      Delete
    </button>
  );
}

interface OrdersSectionProps {
  /** The heading; the count follows it once the orders are loaded ("My Orders: 3"). */
  title: string;
  orders: UseQueryResult<Purchase[]>;
  loading: string;
  failed: string;
  /** Keep the spinner up (a refused user is being signed out). */
  waiting?: boolean;
  columns: string[];
  empty: ReactNode;
  Row: ComponentType<OrderRowProps>;
  /**
   * The order whose deletion is being confirmed, held by the screen that reads the orders: the
   * dialog then closes in the same render that drops the deleted row, and the focus can go to
   * the heading rather than to the row's vanishing Delete button.
   */
  toDelete: Purchase | null;
  onToDeleteChange: (order: Purchase | null) => void;
}

/** How many orders of the list each checkout holds. */
function checkoutSizes(orders: readonly Purchase[]): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const { checkoutId } of orders) sizes.set(checkoutId, (sizes.get(checkoutId) ?? 0) + 1);
  return sizes;
}

/**
 * An orders screen (the customer's and the admin's): the heading with the count, the table or
 * its state, and the delete confirmation. After a delete the focus goes to the heading, since the
 * row (and its Delete button) is gone.
 */
export function OrdersSection({
  title,
  orders,
  loading,
  failed,
  waiting,
  columns,
  empty,
  Row,
  toDelete,
  onToDeleteChange: setToDelete,
}: OrdersSectionProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <section className="flex flex-col gap-6">
      <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold">
        {orders.isSuccess ? `${title}: ${orders.data.length}` : title}
      </h1>
      <QueryState query={orders} loading={loading} failed={failed} waiting={waiting}>
        {(list) => {
          const sizes = checkoutSizes(list);
          return (
            <DataTable columns={columns} isEmpty={list.length === 0} empty={empty}>
              {list.map((order) => (
                <Row
                  key={order._id}
                  order={order}
                  onDelete={setToDelete}
                  checkoutSize={sizes.get(order.checkoutId) ?? 1}
                />
              ))}
            </DataTable>
          );
        }}
      </QueryState>
      {toDelete && (
        <DeleteOrderDialog
          order={toDelete}
          onClose={() => setToDelete(null)}
          returnFocusTo={headingRef}
        />
      )}
    </section>
  );
}
