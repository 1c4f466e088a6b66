import { useId, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import {
  REFUND_DONE_MESSAGE,
  REFUND_SHIPPING_LABEL,
  RefundBodySchema,
} from '../../../../shared/aftersale.ts';
import { formatDollars } from '../../../../shared/money.ts';
import type { Purchase } from '../../../../shared/purchase.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useRefundOrder } from '../api/aftersale.ts';

/**
 * "Refund" of a paid order (admins): an amount or a number of units (their net and tax as charged,
 * issue 35), "Refund shipping" (the order's shipping share and its tax; off by default) and a
 * reason, then a confirmation; the server decides what may still be refunded and answers 409
 * beyond it, 502/503 when the provider fails.
 */
export function RefundButton({ order, describedBy }: { order: Purchase; describedBy: string }) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [units, setUnits] = useState('');
  const [withShipping, setWithShipping] = useState(false);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const refund = useRefundOrder();
  const formId = useId();

  const body = {
    ...(amount.trim() ? { amount } : {}),
    ...(units.trim() ? { quantity: units } : {}),
    ...(withShipping ? { refundShipping: true } : {}),
    reason,
  };
  const what = [
    amount.trim() ? `$${formatDollars(Number(amount))}` : '',
    units.trim() ? `${units.trim()} unit(s) with their tax` : '',
    withShipping ? 'the shipping' : '',
  ]
    .filter(Boolean)
    .join(' and ');

  const check = () => {
    const parsed = RefundBodySchema.safeParse(body);
    if (parsed.success) {
      setErrors({});
      setConfirming(true);
      return;
    }
    const found: Record<string, string> = {};
    for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    setErrors(found);
  };

  const confirm = () =>
    refund.mutate(
      { orderId: order._id, body },
      {
        onSuccess: (made) => {
          toast.success(`${REFUND_DONE_MESSAGE}: $${formatDollars(made.amount)}`);
          setOpen(false);
          setAmount('');
          setUnits('');
          setWithShipping(false);
          setReason('');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setErrors({ ...error.fields });
          toast.error(error.message);
        },
        onSettled: () => setConfirming(false),
      },
    );

  return (
    <div>
      <button
        type="button"
        className="btn btn-xs btn-outline"
        aria-describedby={describedBy}
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen((was) => !was)}
      >
        Refund
      </button>
      {open && (
        <form
          id={formId}
          aria-label={`Refund ${order.product}`}
          className="mt-2 flex max-w-xs flex-col gap-2"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            check();
          }}
        >
          <TextField
            label="Refund amount ($)"
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={errors.amount}
            hint={
              order.amount === order.totalPrice
                ? `Paid $${formatDollars(order.totalPrice)}`
                : `Paid $${formatDollars(order.amount)}: goods $${formatDollars(order.totalPrice)}${order.discount > 0 ? `, discount -$${formatDollars(order.discount)}` : ''}, tax $${formatDollars(order.tax + order.shippingTax)}, shipping $${formatDollars(order.shipping)}`
            }
          />
          <TextField
            label="Or units to refund (with their tax)"
            inputMode="numeric"
            value={units}
            onChange={(event) => setUnits(event.target.value)}
            error={errors.quantity}
            hint={`Ordered ${order.orderQuantity}`}
          />
          <label className="label cursor-pointer justify-start gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={withShipping}
              onChange={(event) => setWithShipping(event.target.checked)}
            />
            <span>{REFUND_SHIPPING_LABEL}</span>
          </label>
          <TextField
            label="Reason"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={errors.reason}
          />
          <button type="submit" className="btn btn-sm btn-warning" disabled={refund.isPending}>
            {refund.isPending && (
              <span className="loading loading-spinner loading-xs" aria-hidden="true" />
            )}
            Refund
          </button>
        </form>
      )}
      {confirming && (
        <ConfirmDialog
          title={`Refund ${what} of ${order.product}?`}
          body={`The money goes back to ${order.customerName}'s card. This cannot be undone.`}
          confirmLabel="Refund now"
          busy={refund.isPending}
          onConfirm={confirm}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
