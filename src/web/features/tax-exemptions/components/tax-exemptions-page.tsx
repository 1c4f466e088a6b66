import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import {
  RejectExemptionBodySchema,
  TAX_EXEMPTION_LABELS,
  VAT_NUMBER_CHECK_NOTE,
  type TaxExemption,
} from '../../../../shared/tax-exemption.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { schemaRule } from '../../../lib/order-quantity.ts';
import {
  openExemptionDocument,
  useApproveExemption,
  usePendingExemptions,
  useRejectExemption,
} from '../api/tax-exemptions.ts';
import { describeExemption, formatDay } from './exemption-text.ts';

export const EXEMPTION_APPROVED_MESSAGE = 'Exemption approved; the customer is told by mail';
export const EXEMPTION_REJECTED_MESSAGE = 'Exemption rejected; the customer is told by mail';

/** Approve, after a confirmation. */
function ApproveExemption({ exemption }: { exemption: TaxExemption }) {
  const [asking, setAsking] = useState(false);
  const approve = useApproveExemption();
  return (
    <>
      <button type="button" className="btn btn-primary" onClick={() => setAsking(true)}>
        Approve
      </button>
      {asking && (
        <ConfirmDialog
          title={`Approve the exemption of ${exemption.customerEmail}?`}
          body={`${describeExemption(exemption)}. Their orders carry no tax from now on; any exemption approved before is replaced.`}
          confirmLabel="Approve"
          busy={approve.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            approve.mutate(exemption._id, {
              onSuccess: () => toast.success(EXEMPTION_APPROVED_MESSAGE),
              onError: (error) => toast.error(getErrorMessage(error)),
              onSettled: () => setAsking(false),
            })
          }
        />
      )}
    </>
  );
}

/** Reject with a reason (told to the customer), after a confirmation. */
function RejectExemption({ exemption }: { exemption: TaxExemption }) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [asking, setAsking] = useState(false);
  const reject = useRejectExemption();
  const problem = schemaRule(RejectExemptionBodySchema.shape.reason)(reason);
  return (
    <div className="grid items-end gap-3 sm:grid-cols-[1fr_auto]">
      <TextField
        label="Reason for rejecting"
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setTouched(true);
        }}
        error={touched && problem !== true ? problem : undefined}
      />
      <button
        type="button"
        className="btn btn-outline btn-error"
        onClick={() => (problem === true ? setAsking(true) : setTouched(true))}
      >
        Reject
      </button>
      {asking && (
        <ConfirmDialog
          title={`Reject the exemption of ${exemption.customerEmail}?`}
          body={`The customer is told by mail, with the reason: ${reason.trim()}`}
          confirmLabel="Reject"
          busy={reject.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            reject.mutate(
              { id: exemption._id, body: { reason } },
              {
                onSuccess: () => toast.success(EXEMPTION_REJECTED_MESSAGE),
                onError: (error) => toast.error(getErrorMessage(error)),
                onSettled: () => setAsking(false),
              },
            )
          }
        />
      )}
    </div>
  );
}

function PendingExemption({ exemption }: { exemption: TaxExemption }) {
  const title = `${exemption.customerName} (${exemption.customerEmail})`;
  return (
    <article aria-label={title} className="card border border-stone-200 bg-base-100">
      <div className="card-body gap-4">
        <h2 className="card-title text-lg">{title}</h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt>Sent</dt>
          <dd>{formatDay(exemption.createdAt)}</dd>
          {exemption.kind === 'vat_number' ? (
            <>
              <dt>{TAX_EXEMPTION_LABELS.vatNumber}</dt>
              <dd>
                {exemption.vatNumber} ({exemption.country})
              </dd>
            </>
          ) : (
            <>
              <dt>{TAX_EXEMPTION_LABELS.certificate}</dt>
              <dd>
                <button
                  type="button"
                  className="link"
                  onClick={() => {
                    openExemptionDocument(exemption._id).catch((error: unknown) =>
                      toast.error(getErrorMessage(error)),
                    );
                  }}
                >
                  View {describeExemption(exemption)}
                </button>
              </dd>
            </>
          )}
        </dl>
        <div className="flex flex-col gap-3">
          <ApproveExemption exemption={exemption} />
          <RejectExemption exemption={exemption} />
        </div>
      </div>
    </article>
  );
}

/** Dashboard → Tax exemptions (admin.other): the requests waiting for review, newest first. */
export function TaxExemptionsPage() {
  const pending = usePendingExemptions();
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Tax exemptions</h1>
      <p className="text-sm text-stone-600">
        Read the certificate or verify the VAT number before approving: the shop checks a VAT
        number&apos;s format only, not whether it is registered. {VAT_NUMBER_CHECK_NOTE}
      </p>
      <QueryState
        query={pending}
        loading="Loading tax exemptions"
        failed="We couldn't load the tax exemptions."
      >
        {(list) =>
          list.length === 0 ? (
            <p>No tax exemption is waiting for review.</p>
          ) : (
            <div className="flex flex-col gap-4">
              {list.map((exemption) => (
                <PendingExemption key={exemption._id} exemption={exemption} />
              ))}
            </div>
          )
        }
      </QueryState>
    </section>
  );
}
