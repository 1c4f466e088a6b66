import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import type { z } from 'zod';
import {
  type Company,
  CREDIT_STATUSES,
  CreditBodySchema,
  type CreditStatus,
} from '../../../../shared/companies.ts';
import { FormField } from '../../../components/form-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { showServerFieldErrors, SPEC_VALIDATION_MODE } from '../../../lib/form-errors.ts';
import { formSubmitHandler } from '../../../lib/use-spec-form.ts';
import { useCompanyMutations } from '../api/trade-admin.ts';

// Staff approve a company for credit (issue 37): its status, limit and terms, in a modal dialog
// (a native <dialog>: the page behind is inert; Escape or Cancel closes it).

export const CREDIT_STATUS_LABELS: Record<CreditStatus, string> = {
  none: 'None (card only)',
  approved: 'Approved',
  suspended: 'Suspended',
};

interface Values {
  status: CreditStatus;
  limit: number;
  termsDays: number;
}
type Output = z.output<typeof CreditBodySchema>;

export function CreditDialog({ company, onClose }: { company: Company; onClose: () => void }) {
  const { credit } = useCompanyMutations();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { register, handleSubmit, setError, formState } = useForm<Values, unknown, Output>({
    resolver: zodResolver(CreditBodySchema),
    ...SPEC_VALIDATION_MODE,
    defaultValues: {
      status: company.credit.status,
      limit: company.credit.limit,
      termsDays: company.credit.termsDays,
    },
  });
  const { errors } = formState;

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

  const onSubmit = async (body: Output) => {
    try {
      await credit.mutateAsync({ id: company.id, body });
      toast.success(`Credit of ${company.name} is saved`);
      onClose();
    } catch (error) {
      if (!showServerFieldErrors(error, setError, ['status', 'limit', 'termsDays']))
        toast.error(getErrorMessage(error));
    }
  };

  const close = () => {
    if (!credit.isPending) onClose();
  };
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
      <form
        className="modal-box flex flex-col gap-4"
        noValidate
        aria-labelledby={titleId}
        onSubmit={formSubmitHandler(handleSubmit(onSubmit))}
      >
        <h2 id={titleId} className="text-xl font-bold">
          Credit of {company.name}
        </h2>
        <FormField label="Credit status" error={errors.status?.message}>
          {(control) => (
            <select {...control} {...register('status')} className="select w-full">
              {CREDIT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {CREDIT_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <TextField
          label="Credit limit"
          hint="Dollars: what its open invoices and orders awaiting approval may reach."
          type="number"
          step="0.01"
          min="0"
          inputMode="decimal"
          error={errors.limit?.message}
          {...register('limit', { valueAsNumber: true })}
        />
        <TextField
          label="Terms (days)"
          hint="Days from the invoice to its due date, e.g. 30 for Net 30."
          type="number"
          step="1"
          min="0"
          inputMode="numeric"
          error={errors.termsDays?.message}
          {...register('termsDays', { valueAsNumber: true })}
        />
        <div className="modal-action">
          <button type="button" className="btn" onClick={close} disabled={credit.isPending}>
            Cancel
          </button>
          <SubmitButton pending={credit.isPending}>Save credit</SubmitButton>
        </div>
      </form>
    </dialog>
  );
}
