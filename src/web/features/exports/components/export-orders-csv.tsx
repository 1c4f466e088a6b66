import { useState, type FormEvent } from 'react';
import { apiPaths } from '../../../../shared/api-paths.ts';
import { EXPORT_STATUSES } from '../../../../shared/order-export.ts';
import { useCsvDownload } from '../api/download-csv.ts';

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Manage All Orders → Export CSV: the orders placed between two days, optionally one status. */
export function ExportOrdersCsv() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [status, setStatus] = useState('');
  const download = useCsvDownload();
  const backwards = from !== '' && to !== '' && from > to;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (backwards) return;
    const filters: Record<string, string> = { tz: timeZone() };
    if (from) filters.from = from;
    if (to) filters.to = to;
    if (status) filters.status = status;
    download.mutate(apiPaths.ordersCsv(filters));
  };

  return (
    <form
      onSubmit={submit}
      aria-label="Export orders"
      className="flex flex-wrap items-end gap-3 rounded-box border border-base-300 p-4"
    >
      <label className="flex flex-col gap-1 text-sm font-semibold">
        From
        <input
          type="date"
          className="input input-bordered input-sm"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        To
        <input
          type="date"
          className="input input-bordered input-sm"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          aria-invalid={backwards}
          aria-describedby={backwards ? 'export-range-error' : undefined}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        Status
        <select
          className="select select-bordered select-sm"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
        >
          <option value="">All statuses</option>
          {EXPORT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        className="btn btn-sm btn-neutral"
        disabled={download.isPending || backwards}
      >
        {download.isPending && (
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        )}
        Export CSV
      </button>
      {backwards && (
        <p id="export-range-error" className="w-full text-sm text-error">
          The start date must not be after the end date
        </p>
      )}
    </form>
  );
}
