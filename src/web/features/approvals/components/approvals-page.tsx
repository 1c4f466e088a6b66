import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { RejectBodySchema, type Approval } from '../../../../shared/approvals.ts';
import { formatDollars } from '../../../../shared/money.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { schemaRule } from '../../../lib/order-quantity.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { useApprovals, useApprove, useReject } from '../api/approvals.ts';

export const APPROVED_MESSAGE = 'Order approved; the buyer is told by mail';
export const REJECTED_MESSAGE = 'Order rejected; the buyer is told by mail';
/** Why the buttons of a checkout the caller may not decide are disabled. */
export const CANNOT_APPROVE_NOTE =
  'You cannot decide this order: it is your own, or above your own order limit.';

const PAYMENT_LABELS: Record<Approval['paymentMethod'], string> = {
  card: 'Card',
  account: 'On account',
};

const referenceOf = (approval: Approval) => `C-${approval.checkoutNumber}`;

/** Approve, after a confirmation. */
function ApproveButton({ approval, disabled }: { approval: Approval; disabled: boolean }) {
  const [asking, setAsking] = useState(false);
  const approve = useApprove();
  return (
    <>
      <button
        type="button"
        className="btn btn-primary"
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        Approve
      </button>
      {asking && (
        <ConfirmDialog
          title={`Approve order ${referenceOf(approval)} of ${approval.buyer.name}?`}
          body={
            approval.paymentMethod === 'account'
              ? `It is invoiced to the company account ($${formatDollars(approval.total)}).`
              : `The buyer can then pay $${formatDollars(approval.total)} by card.`
          }
          confirmLabel="Approve"
          confirmTone="primary"
          busy={approve.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            approve.mutate(approval.checkoutId, {
              onSuccess: () => toast.success(APPROVED_MESSAGE),
              onError: (error) => toast.error(getErrorMessage(error)),
              onSettled: () => setAsking(false),
            })
          }
        />
      )}
    </>
  );
}

const reasonRule = schemaRule(RejectBodySchema.shape.reason);

/** Reject: a dialog asking for the reason (required, told to the buyer). */
function RejectButton({ approval, disabled }: { approval: Approval; disabled: boolean }) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const reject = useReject();
  const problem = reasonRule(reason);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-error"
        disabled={disabled}
        onClick={() => {
          setReason('');
          setTouched(false);
          setAsking(true);
        }}
      >
        Reject
      </button>
      {asking && (
        <ConfirmDialog
          title={`Reject order ${referenceOf(approval)} of ${approval.buyer.name}?`}
          body={
            <div className="flex flex-col gap-2">
              <p>The buyer is told by mail, with the reason; the stock is released.</p>
              <TextField
                label="Reason"
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value);
                  setTouched(true);
                }}
                error={touched && problem !== true ? problem : undefined}
              />
            </div>
          }
          confirmLabel="Reject"
          busy={reject.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            if (problem !== true) {
              setTouched(true);
              return;
            }
            reject.mutate(
              { checkoutId: approval.checkoutId, reason },
              {
                onSuccess: () => {
                  toast.success(REJECTED_MESSAGE);
                  setAsking(false);
                },
                onError: (error) => toast.error(getErrorMessage(error)),
              },
            );
          }}
        />
      )}
    </>
  );
}

function AwaitingCheckout({ approval }: { approval: Approval }) {
  const title = `Order ${referenceOf(approval)} by ${approval.buyer.name}`;
  return (
    <article aria-label={title} className="card border border-stone-200 bg-base-100">
      <div className="card-body gap-4">
        <h2 className="card-title text-lg">{title}</h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt>Buyer</dt>
          <dd>
            {approval.buyer.name} ({approval.buyer.email})
          </dd>
          <dt>Payment</dt>
          <dd>{PAYMENT_LABELS[approval.paymentMethod]}</dd>
          {approval.poReference && (
            <>
              <dt>PO reference</dt>
              <dd>{approval.poReference}</dd>
            </>
          )}
          <dt>Total</dt>
          <dd>${formatDollars(approval.total)}</dd>
          <dt>Placed</dt>
          <dd>{formatDateTime(approval.placedAt)}</dd>
          {approval.holdExpiresAt && (
            <>
              <dt>Reserved until</dt>
              <dd>{formatDateTime(approval.holdExpiresAt)}</dd>
            </>
          )}
        </dl>
        <ul aria-label={`Lines of ${referenceOf(approval)}`} className="list-inside list-disc">
          {approval.lines.map((line) => (
            <li key={line.orderId}>
              {line.quantity} × {line.productName}
              {line.sku && <> (SKU {line.sku})</>}: ${formatDollars(line.amount)}
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap items-center gap-3">
          <ApproveButton approval={approval} disabled={!approval.canApprove} />
          <RejectButton approval={approval} disabled={!approval.canApprove} />
          {!approval.canApprove && <p className="text-sm">{CANNOT_APPROVE_NOTE}</p>}
        </div>
      </div>
    </article>
  );
}

/** Dashboard → Approvals: the company's checkouts above a buyer's limit, approved or rejected here. */
export function ApprovalsPage() {
  const approvals = useApprovals();
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Approvals</h1>
      <QueryState
        query={approvals}
        loading="Loading approvals"
        failed="We couldn't load the approvals."
      >
        {({ approvals: list }) =>
          list.length === 0 ? (
            <p>No order is waiting for approval.</p>
          ) : (
            <div className="flex flex-col gap-4">
              {list.map((approval) => (
                <AwaitingCheckout key={approval.checkoutId} approval={approval} />
              ))}
            </div>
          )
        }
      </QueryState>
    </section>
  );
}
