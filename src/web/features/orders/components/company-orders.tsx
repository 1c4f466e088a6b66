import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDollars } from '../../../../shared/money.ts';
import type { Purchase } from '../../../../shared/purchase.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { OrderCharges } from '../../../components/order-charges.tsx';
import { CheckoutReferences, OnAccount } from './order-badges.tsx';
import { OrderHistory } from './order-history.tsx';
import { formatDateTime, orderStatusLabel } from '../lib/order-labels.ts';
import { useCompanies, useCompanyOrders } from '../api/get-company-orders.ts';

export const NO_COMPANY_NOTE = 'You do not belong to a company.';
const COLUMNS = ['Placed', 'Buyer', 'Product', 'Quantity', 'Total Price', 'Payment', 'Status'];

function CompanyOrderRow({ order }: { order: Purchase }) {
  const productId = `company-order-${order._id}`;
  return (
    <tr>
      <td>{formatDateTime(order.createdAt)}</td>
      <td>
        {order.customerName}
        <span className="block text-sm break-all">{order.customerEmail}</span>
      </td>
      <th scope="row" aria-labelledby={productId} className="font-semibold">
        <span id={productId}>{order.product}</span>
        <CheckoutReferences order={order} />
      </th>
      <td>{order.orderQuantity}</td>
      <td>
        ${formatDollars(order.totalPrice)}
        <OrderCharges order={order} />
      </td>
      <td>
        {order.onAccount ? (
          <OnAccount order={order} />
        ) : order.paid ? (
          <span className="font-semibold text-success">Paid</span>
        ) : (
          <span>Unpaid</span>
        )}
        <OrderHistory orderId={order._id} describedBy={productId} />
      </td>
      <td>{orderStatusLabel(order.stat)}</td>
    </tr>
  );
}

/** The orders of one company, a page at a time. */
function CompanyOrders({ companyId, name }: { companyId: string; name: string }) {
  const [page, setPage] = useState(1);
  const orders = useCompanyOrders(companyId, page);
  return (
    <>
      <p className="text-lg">{name}</p>
      <QueryState
        query={orders}
        loading="Loading the company's orders"
        failed="We couldn't load the company's orders."
      >
        {(answer) => {
          const pages = Math.max(1, Math.ceil(answer.total / answer.pageSize));
          return (
            <div className="flex flex-col gap-4">
              <DataTable
                columns={COLUMNS}
                isEmpty={answer.orders.length === 0}
                empty={<p>The company has no orders yet.</p>}
              >
                {answer.orders.map((order) => (
                  <CompanyOrderRow key={order._id} order={order} />
                ))}
              </DataTable>
              {pages > 1 && (
                <nav aria-label="Pages" className="flex items-center gap-3">
                  <button
                    type="button"
                    className="btn btn-sm"
                    disabled={page <= 1}
                    onClick={() => setPage(page - 1)}
                  >
                    Previous
                  </button>
                  <span>
                    Page {answer.page} of {pages}
                  </span>
                  <button
                    type="button"
                    className="btn btn-sm"
                    disabled={page >= pages}
                    onClick={() => setPage(page + 1)}
                  >
                    Next
                  </button>
                </nav>
              )}
            </div>
          );
        }}
      </QueryState>
    </>
  );
}

/**
 * Dashboard → Company orders: the orders of the caller's company (its admins and approvers), or
 * of the company `?company=` names (staff who see all orders).
 */
export function CompanyOrdersPage() {
  const companies = useCompanies();
  const [search] = useSearchParams();
  const asked = search.get('company');
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Company orders</h1>
      <QueryState
        query={companies}
        loading="Loading your company"
        failed="We couldn't load your company."
      >
        {({ companies: list }) => {
          const company = asked
            ? list.find((one) => one.id === asked)
            : list.find((one) => one.myRole !== null);
          return company ? (
            <CompanyOrders key={company.id} companyId={company.id} name={company.name} />
          ) : (
            <p>{NO_COMPANY_NOTE}</p>
          );
        }}
      </QueryState>
    </section>
  );
}
