import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import {
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_REQUIRED_MESSAGE,
  CERTIFICATE_TOO_LARGE_MESSAGE,
  EXEMPTION_SENT_MESSAGE,
  TAX_EXEMPTION_LABELS,
  VAT_NUMBER_CHECK_NOTE,
  VatNumberBodySchema,
  type TaxExemption,
} from '../../../../shared/tax-exemption.ts';
import { FormField } from '../../../components/form-field.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-error.ts';
import { submitWithFeedback } from '../../../lib/submit-with-feedback.ts';
import { useSpecForm } from '../../../lib/use-spec-form.ts';
import { useMyExemptions, useSendCertificate, useSendVatNumber } from '../api/tax-exemptions.ts';
import { describeExemption, formatDay } from './exemption-text.ts';

/** Upload a resale or exemption certificate (PDF or image, at most 5 MB). */
function CertificateForm() {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const send = useSendCertificate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError(CERTIFICATE_REQUIRED_MESSAGE);
    if (file.size > CERTIFICATE_MAX_BYTES) return setError(CERTIFICATE_TOO_LARGE_MESSAGE);
    setError(undefined);
    send.mutate(file, {
      onSuccess: () => toast.success(EXEMPTION_SENT_MESSAGE),
      // A refused file (its type, its size) is said under the field; anything else as a toast.
      onError: (failure) =>
        isApiError(failure) && failure.status < 500 && failure.status !== 0
          ? setError(failure.message)
          : toast.error(getErrorMessage(failure)),
    });
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={TAX_EXEMPTION_LABELS.certificate}
      className="flex flex-col gap-3"
    >
      <FormField
        label={TAX_EXEMPTION_LABELS.certificate}
        hint="A resale or exemption certificate: a PDF or an image, at most 5 MB."
        error={error}
      >
        {(control) => (
          <input
            {...control}
            type="file"
            accept="application/pdf,image/jpeg,image/png,image/webp,image/gif"
            className="file-input w-full"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setError(undefined);
            }}
          />
        )}
      </FormField>
      <SubmitButton pending={send.isPending} className="self-start">
        Send certificate
      </SubmitButton>
    </form>
  );
}

/** Give an EU or UK VAT number for reverse charge (its format checked here and by the server). */
function VatNumberForm() {
  const form = useSpecForm(VatNumberBodySchema, { vatNumber: '' });
  const send = useSendVatNumber();
  const onSubmit = submitWithFeedback(form, (values) => send.mutateAsync(values), {
    successMessage: EXEMPTION_SENT_MESSAGE,
    afterSuccess: 'reset',
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={TAX_EXEMPTION_LABELS.vatNumber}
      className="flex flex-col gap-3"
    >
      <TextField
        label={TAX_EXEMPTION_LABELS.vatNumber}
        placeholder="DE123456789"
        autoComplete="off"
        hint={`An EU or UK VAT number, with its country code, for reverse charge. ${VAT_NUMBER_CHECK_NOTE}`}
        {...form.field('vatNumber')}
      />
      <SubmitButton pending={send.isPending} className="self-start">
        Send VAT number
      </SubmitButton>
    </form>
  );
}

/** Where the account stands: the exemption in force, the request waiting, the last refusal. */
function ExemptionStatus({ list }: { list: TaxExemption[] }) {
  const inForce = list.find((x) => x.status === 'approved');
  const pending = list.find((x) => x.status === 'pending');
  const latest = list[0];
  const rejected = latest?.status === 'rejected' ? latest : undefined;
  if (!inForce && !pending && !rejected) return <p>You have no tax exemption.</p>;
  return (
    <ul aria-label="Tax exemption status" className="flex flex-col gap-2">
      {inForce && (
        <li>
          <span className="badge badge-success mr-2">Approved</span>
          {inForce.note}
        </li>
      )}
      {pending && (
        <li>
          <span className="badge badge-warning mr-2">Waiting for review</span>
          {describeExemption(pending)}, sent {formatDay(pending.createdAt)}.
        </li>
      )}
      {rejected && (
        <li>
          <span className="badge badge-error mr-2">Not approved</span>
          {describeExemption(rejected)}: {rejected.reason}
        </li>
      )}
    </ul>
  );
}

/**
 * My Profile → Tax exemption: a customer sends a certificate or a VAT number and sees where it
 * stands. While one waits for review, nothing else can be sent.
 */
export function TaxExemptionSection() {
  const mine = useMyExemptions();
  return (
    <section aria-labelledby="tax-exemption-heading" className="flex flex-col gap-4">
      <h2 id="tax-exemption-heading" className="text-2xl font-bold">
        Tax exemption
      </h2>
      <p className="text-sm text-stone-600">
        Buying for resale or tax exempt? Send your certificate, or your VAT number for reverse
        charge. Our staff review it; you are told by mail, and once approved your orders carry no
        tax.
      </p>
      <QueryState
        query={mine}
        loading="Loading your tax exemption"
        failed="We couldn't load your tax exemption."
      >
        {(list) => (
          <>
            <ExemptionStatus list={list} />
            {!list.some((x) => x.status === 'pending') && (
              <div className="grid gap-6 sm:grid-cols-2">
                <CertificateForm />
                <VatNumberForm />
              </div>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
