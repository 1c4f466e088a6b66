import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import type { z } from 'zod';
import { PaymentBodySchema, type Invoice } from '../../../../shared/invoices.ts';
import { TextField } from '../../../components/text-field.tsx';
import { showServerFieldErrors } from '../../../lib/form-errors.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { useSpecForm } from '../../../lib/use-spec-form.ts';
import { useRecordPayment } from '../api/invoices.ts';
import { money, today } from './invoice-text.ts';

type PaymentBody = z.output<typeof PaymentBodySchema>;

export const paymentRecordedMessage = (amount: number, number: string) =>
  `${money(amount)} recorded for ${number}`;

/**
 * Staff: a payment received against an invoice, in a modal dialog: Amount (dollars, at most what
 * is still owed), Reference and Received on, checked by the contract's schema; then a
 * confirmation before it is recorded. Escape or Cancel closes it.
 */
export function RecordPaymentDialog({
  invoice,
  onClose,
}: {
  invoice: Invoice;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const record = useRecordPayment();
  const [confirming, setConfirming] = useState<PaymentBody | null>(null);
  const form = useSpecForm(PaymentBodySchema, {
    amount: invoice.due,
    reference: '',
    receivedOn: today(),
  });
  const { errors } = form.formState;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);

  const close = () => {
    if (!record.isPending) onClose();
  };

  const send = (body: PaymentBody) =>
    record.mutate(
      { id: invoice.id, body },
      {
        onSuccess: () => {
          toast.success(paymentRecordedMessage(body.amount, invoice.number));
          onClose();
        },
        onError: (error) => {
          setConfirming(null);
          if (!showServerFieldErrors(error, form.setError, ['amount', 'reference', 'receivedOn']))
            toast.error(getErrorMessage(error));
        },
      },
    );

  return (
    <dialog
      ref={dialogRef}
      className="modal"
      aria-modal="true"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <div className="modal-box">
        <h2 id={titleId} className="text-xl font-bold">
          Record a payment for {invoice.number}
        </h2>
        <p className="pt-2 text-sm text-stone-600">
          {invoice.companyName}: {money(invoice.due)} of {money(invoice.amount)} still owed.
        </p>
        {confirming ? (
          <div className="flex flex-col gap-4 pt-4">
            <p>
              Record {money(confirming.amount)} received on {confirming.receivedOn ?? today()}
              {confirming.reference ? ` (reference ${confirming.reference})` : ''} against{' '}
              {invoice.number}? The company&apos;s balance goes down by as much, and its admins are
              told by mail.
            </p>
            <div className="modal-action">
              <button
                type="button"
                className="btn"
                disabled={record.isPending}
                onClick={() => setConfirming(null)}
              >
                Back
              </button>
              <button
                type="button"
                className="btn btn-primary"
                disabled={record.isPending}
                onClick={() => send(confirming)}
              >
                {record.isPending && (
                  <span className="loading loading-spinner loading-sm" aria-hidden="true" />
                )}
                Record payment
              </button>
            </div>
          </div>
        ) : (
          <form
            noValidate
            aria-label={`Payment for ${invoice.number}`}
            className="flex flex-col gap-4 pt-4"
            onSubmit={(event) => void form.handleSubmit((body) => setConfirming(body))(event)}
          >
            <TextField
              label="Amount"
              hint="Dollars"
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0.01"
              {...form.register('amount', { valueAsNumber: true })}
              error={errors.amount?.message}
            />
            <TextField
              label="Reference"
              hint="Optional, e.g. the bank transfer's reference"
              {...form.register('reference')}
              error={errors.reference?.message}
            />
            <TextField
              label="Received on"
              type="date"
              {...form.register('receivedOn', {
                setValueAs: (value: string) => (value === '' ? undefined : value),
              })}
              error={errors.receivedOn?.message}
            />
            <div className="modal-action">
              <button type="button" className="btn" onClick={close}>
                Cancel
              </button>
              <button type="submit" className="btn btn-primary">
                Record payment
              </button>
            </div>
          </form>
        )}
      </div>
    </dialog>
  );
}
