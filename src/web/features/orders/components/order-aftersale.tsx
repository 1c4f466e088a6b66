import { useId, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import {
  RETURN_NOTE_MAX,
  RETURN_REASONS,
  RETURN_REQUESTED_MESSAGE,
  RETURN_STATUS_LABELS,
  ReturnBodySchema,
  SERIAL_REGISTERED_MESSAGE,
  SerialBodySchema,
  type OrderAftersale as Aftersale,
} from '../../../../shared/aftersale.ts';
import { formatDollars } from '../../../../shared/money.ts';
import type { Purchase } from '../../../../shared/purchase.ts';
import { FormField } from '../../../components/form-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError, getErrorMessage } from '../../../lib/api-error.ts';
import {
  downloadCreditNote,
  useAcknowledgeRecall,
  useMyAftersale,
  useRegisterSerial,
  useRequestReturn,
} from '../api/aftersale.ts';

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { dateStyle: 'long' });

function issuesOf(error: { issues: { path: PropertyKey[]; message: string }[] }) {
  const found: Record<string, string> = {};
  for (const issue of error.issues) found[String(issue.path[0])] ??= issue.message;
  return found;
}

/** A recall that covers this order: what is wrong, what to do, and "I have read this". */
function RecallBanner({ recall }: { recall: Aftersale['recalls'][number] }) {
  const acknowledge = useAcknowledgeRecall();
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="alert alert-error flex flex-col items-start gap-1"
    >
      <h3 id={titleId} className="font-bold">
        Safety recall: {recall.title}
      </h3>
      <p>{recall.hazard}</p>
      <p>
        <span className="font-semibold">What to do:</span> {recall.remedy}
      </p>
      {recall.acknowledged ? (
        <p className="text-sm">You have read this notice.</p>
      ) : (
        <button
          type="button"
          className="btn btn-sm"
          disabled={acknowledge.isPending}
          onClick={() =>
            acknowledge.mutate(recall._id, { onError: (error) => toast.error(error.message) })
          }
        >
          {acknowledge.isPending && (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          )}
          I have read this
        </button>
      )}
    </section>
  );
}

function ReturnForm({
  order,
  left,
  onDone,
}: {
  order: Purchase;
  left: number;
  onDone: () => void;
}) {
  const [quantity, setQuantity] = useState('1');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const request = useRequestReturn();
  return (
    <form
      aria-label={`Return ${order.product}`}
      className="mt-2 flex max-w-xs flex-col gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = ReturnBodySchema.safeParse({ quantity, reason, note });
        if (!parsed.success) return setErrors(issuesOf(parsed.error));
        setErrors({});
        request.mutate(
          { orderId: order._id, body: parsed.data },
          {
            onSuccess: () => {
              toast.success(RETURN_REQUESTED_MESSAGE);
              onDone();
            },
            onError: (error) => {
              if (error instanceof ApiError && error.fields) setErrors({ ...error.fields });
              toast.error(error.message);
            },
          },
        );
      }}
    >
      <TextField
        label="Quantity to return"
        type="number"
        min={1}
        max={left}
        value={quantity}
        onChange={(event) => setQuantity(event.target.value)}
        error={errors.quantity}
        hint={`At most ${left}`}
      />
      <FormField label="Reason" error={errors.reason}>
        {(control) => (
          <select
            {...control}
            className="select w-full"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          >
            <option value="">Pick a reason</option>
            {RETURN_REASONS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Note" error={errors.note}>
        {(control) => (
          <textarea
            {...control}
            className="textarea w-full"
            maxLength={RETURN_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        )}
      </FormField>
      <button type="submit" className="btn btn-sm btn-primary" disabled={request.isPending}>
        {request.isPending && (
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        )}
        Send return request
      </button>
    </form>
  );
}

function SerialForm({ order }: { order: Purchase }) {
  const [serial, setSerial] = useState('');
  const [error, setError] = useState<string | undefined>();
  const register = useRegisterSerial();
  return (
    <form
      aria-label={`Register a serial number of ${order.product}`}
      className="flex max-w-xs flex-col gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = SerialBodySchema.safeParse({ serial });
        if (!parsed.success) return setError(parsed.error.issues[0]?.message);
        setError(undefined);
        register.mutate(
          { orderId: order._id, serial: parsed.data.serial },
          {
            onSuccess: () => {
              toast.success(SERIAL_REGISTERED_MESSAGE);
              setSerial('');
            },
            onError: (failure) => {
              setError(failure.message);
              toast.error(failure.message);
            },
          },
        );
      }}
    >
      <TextField
        label="Serial number"
        value={serial}
        onChange={(event) => setSerial(event.target.value)}
        error={error}
        autoComplete="off"
      />
      <button type="submit" className="btn btn-sm btn-outline" disabled={register.isPending}>
        {register.isPending && (
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        )}
        Register serial
      </button>
    </form>
  );
}

/**
 * What My Orders shows of one order after the sale: recall banners, refunds with their credit
 * notes, returns and "Request a return", serials with "Warranty until …" and their registration.
 */
export function OrderAftersale({ order }: { order: Purchase }) {
  const all = useMyAftersale();
  const [returning, setReturning] = useState(false);
  const formId = useId();
  const info = all.data?.[order._id];
  if (!info) return null;
  return (
    <div className="flex flex-col gap-2 text-sm">
      {info.recalls.map((recall) => (
        <RecallBanner key={recall._id} recall={recall} />
      ))}
      {info.refunded > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-warning-content">
            Refunded ${formatDollars(info.refunded)}
          </span>
          {info.refunds.map((refund) => (
            <button
              key={refund._id}
              type="button"
              className="btn btn-xs btn-ghost"
              onClick={() =>
                void downloadCreditNote(refund._id, refund.number).catch((error: unknown) =>
                  toast.error(getErrorMessage(error)),
                )
              }
            >
              Credit note {refund.number}
            </button>
          ))}
        </div>
      )}
      {info.serials.length > 0 && (
        <ul aria-label="Registered serial numbers">
          {info.serials.map((unit) => (
            <li key={unit.serial}>
              {unit.serial}: Warranty until {formatDate(unit.endsAt)}
            </li>
          ))}
        </ul>
      )}
      {info.unregistered > 0 && <SerialForm order={order} />}
      {info.returns.length > 0 && (
        <ul aria-label="Returns">
          {info.returns.map((r) => (
            <li key={r._id}>
              Return of {r.quantity}: {RETURN_STATUS_LABELS[r.status]}
              {r.rejectReason ? ` (${r.rejectReason})` : ''}
            </li>
          ))}
        </ul>
      )}
      {info.returnable > 0 && (
        <div>
          <button
            type="button"
            className="btn btn-xs btn-outline"
            aria-expanded={returning}
            aria-controls={formId}
            onClick={() => setReturning((was) => !was)}
          >
            Request a return
          </button>
          {returning && (
            <div id={formId}>
              <ReturnForm order={order} left={info.returnable} onDone={() => setReturning(false)} />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
