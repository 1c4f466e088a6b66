import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import {
  REFUND_PERMISSION,
  REFUND_SHIPPING_LABEL,
  RETURN_STATUS_LABELS,
  type OrderReturn,
} from '../../../../shared/aftersale.ts';
import { formatDollars } from '../../../../shared/money.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useCan } from '../../../lib/auth/permissions.ts';
import { useReturnAction, useReturns, type ReturnAction } from '../api/staff-aftersale.ts';

const DONE: Record<ReturnAction['action'], string> = {
  approve: 'Return approved',
  reject: 'Return rejected',
  receive: 'Return received',
  refund: 'Return refunded',
};

/**
 * The next step of one return, by its state (the server refuses the rest with 409) and by what the
 * signed-in staff member may do: handling needs orders.fulfil, refunding REFUND_PERMISSION; a step
 * they may not take is named, not offered as a button that would answer 403.
 */
function ReturnSteps({ item }: { item: OrderReturn }) {
  const mayHandle = useCan('orders.fulfil');
  const mayRefund = useCan(REFUND_PERMISSION);
  const step = useReturnAction();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [restock, setRestock] = useState(true);
  const [withShipping, setWithShipping] = useState(false);
  const [confirm, setConfirm] = useState<ReturnAction | null>(null);
  const run = (action: ReturnAction) =>
    step.mutate(
      { id: item._id, step: action },
      {
        onSuccess: () => toast.success(DONE[action.action]),
        onError: (error) => toast.error(error.message),
        onSettled: () => setConfirm(null),
      },
    );
  const spinner = step.isPending && (
    <span className="loading loading-spinner loading-xs" aria-hidden="true" />
  );
  const label = `${item.quantity} × ${item.product} from ${item.customerName}`;

  if (item.status === 'requested' && !mayHandle) return <span>Awaiting a decision</span>;
  if (item.status === 'approved' && !mayHandle) return <span>Awaiting the parcel</span>;
  if (item.status === 'received' && !mayRefund) return <span>Awaiting a refund by an admin</span>;
  return (
    <div className="flex flex-col items-start gap-2">
      {item.status === 'requested' && (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-sm btn-primary"
            aria-label={`Approve the return of ${label}`}
            disabled={step.isPending}
            onClick={() => run({ action: 'approve' })}
          >
            {spinner}
            Approve
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            aria-expanded={rejecting}
            aria-label={`Reject the return of ${label}`}
            onClick={() => setRejecting((was) => !was)}
          >
            Reject
          </button>
        </div>
      )}
      {item.status === 'requested' && rejecting && (
        <form
          className="flex flex-col gap-2"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (reason.trim() === '') return setReasonError('Reason is required');
            setReasonError(undefined);
            setConfirm({ action: 'reject', reason });
          }}
        >
          <TextField
            label="Reason for rejecting"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={reasonError}
          />
          <button type="submit" className="btn btn-sm btn-error">
            Reject return
          </button>
        </form>
      )}
      {item.status === 'approved' && (
        <div className="flex flex-col gap-2">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={restock}
              onChange={(event) => setRestock(event.target.checked)}
            />
            Put the units back into stock
          </label>
          <button
            type="button"
            className="btn btn-sm btn-primary"
            aria-label={`Mark received: the return of ${label}`}
            disabled={step.isPending}
            onClick={() => run({ action: 'receive', restock })}
          >
            {spinner}
            Mark received
          </button>
        </div>
      )}
      {item.status === 'received' && (
        <label className="label cursor-pointer gap-2">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={withShipping}
            onChange={(event) => setWithShipping(event.target.checked)}
          />
          <span>{REFUND_SHIPPING_LABEL}</span>
        </label>
      )}
      {item.status === 'received' && (
        <button
          type="button"
          className="btn btn-sm btn-warning"
          aria-label={`Refund $${formatDollars(item.value)} for the return of ${label}`}
          disabled={step.isPending}
          onClick={() =>
            setConfirm(
              withShipping ? { action: 'refund', refundShipping: true } : { action: 'refund' },
            )
          }
        >
          {spinner}
          Refund ${formatDollars(item.value)}
        </button>
      )}
      {confirm && (
        <ConfirmDialog
          title={
            confirm.action === 'refund'
              ? `Refund $${formatDollars(item.value)}${confirm.refundShipping ? ' and the shipping' : ''} to ${item.customerName}?`
              : `Reject the return of ${label}?`
          }
          body={
            confirm.action === 'refund'
              ? 'The money goes back to the card that paid. This cannot be undone.'
              : 'The customer is told the reason by mail.'
          }
          confirmLabel={confirm.action === 'refund' ? 'Refund now' : 'Reject'}
          busy={step.isPending}
          onConfirm={() => run(confirm)}
          onCancel={() => setConfirm(null)}
        />
      )}
    </div>
  );
}

/** Returns (staff): approve or reject requests, mark parcels received, refund the units. */
export function ReturnsPage() {
  const returns = useReturns();
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Returns</h1>
      <QueryState query={returns} loading="Loading returns" failed="We couldn't load the returns.">
        {(list) =>
          list.length === 0 ? (
            <p>There are no returns yet.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">Customer</th>
                    <th scope="col">Product</th>
                    <th scope="col">Quantity</th>
                    <th scope="col">Reason</th>
                    <th scope="col">Status</th>
                    <th scope="col">Action</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((item) => (
                    <tr key={item._id}>
                      <td>
                        {item.customerName}
                        <br />
                        <span className="text-sm break-all">{item.customerEmail}</span>
                      </td>
                      <th scope="row">{item.product}</th>
                      <td>{item.quantity}</td>
                      <td>
                        {item.reason}
                        {item.note && <p className="text-sm text-stone-600">{item.note}</p>}
                      </td>
                      <td>
                        {RETURN_STATUS_LABELS[item.status]}
                        {item.status === 'rejected' && item.rejectReason && (
                          <p className="text-sm">{item.rejectReason}</p>
                        )}
                        {item.restocked !== null && (
                          <p className="text-sm">
                            {item.restocked ? 'Restocked' : 'Not restocked'}
                          </p>
                        )}
                      </td>
                      <td>
                        <ReturnSteps item={item} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
    </section>
  );
}
