import { useState } from 'react';
import type { Warranty } from '../../../../shared/aftersale.ts';
import { TextField } from '../../../components/text-field.tsx';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { lookUpSerial } from '../api/staff-aftersale.ts';

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { dateStyle: 'long' });

/** Warranty (staff): look a registered serial number up: its order, customer and warranty end. */
export function WarrantyLookupPage() {
  const [serial, setSerial] = useState('');
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<Warranty | null>(null);
  const [error, setError] = useState<string | undefined>();
  return (
    <section className="flex max-w-xl flex-col gap-4">
      <h1 className="text-2xl font-bold">Warranty</h1>
      <form
        className="flex flex-col gap-2"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (serial.trim() === '') return setError('Serial number is required');
          setBusy(true);
          setError(undefined);
          setFound(null);
          lookUpSerial(serial.trim())
            .then(setFound)
            .catch((failure: unknown) => setError(getErrorMessage(failure)))
            .finally(() => setBusy(false));
        }}
      >
        <TextField
          label="Serial number"
          value={serial}
          onChange={(event) => setSerial(event.target.value)}
          error={error}
          autoComplete="off"
        />
        <button type="submit" className="btn btn-primary self-start" disabled={busy}>
          {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Look up
        </button>
      </form>
      {found && (
        <dl
          aria-label={`Serial ${found.serial}`}
          className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1"
        >
          <dt className="font-semibold">Serial</dt>
          <dd>{found.serial}</dd>
          <dt className="font-semibold">Product</dt>
          <dd>{found.product}</dd>
          <dt className="font-semibold">Order</dt>
          <dd className="break-all">{found.purchaseId}</dd>
          <dt className="font-semibold">Customer</dt>
          <dd className="break-all">
            {found.customerName} ({found.customerEmail})
          </dd>
          <dt className="font-semibold">Warranty from</dt>
          <dd>{formatDate(found.startsAt)}</dd>
          <dt className="font-semibold">Warranty until</dt>
          <dd>{formatDate(found.endsAt)}</dd>
        </dl>
      )}
    </section>
  );
}
