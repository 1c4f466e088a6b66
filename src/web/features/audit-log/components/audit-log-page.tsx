import { useState, type FormEvent } from 'react';
import { QueryState } from '../../../components/query-state.tsx';
import type { AuditEntry } from '../../../../shared/audit.ts';
import { useAuditCsv, useAuditPage, type AuditFilters } from '../api/get-audit.ts';

const NO_FILTERS: AuditFilters = { actor: '', action: '', from: '', to: '' };

const show = (value: unknown) =>
  value === null || value === undefined ? '—' : JSON.stringify(value, null, 1);

function Change({ entry }: { entry: AuditEntry }) {
  return (
    <details>
      <summary className="cursor-pointer">Before and after</summary>
      <div className="grid gap-2 sm:grid-cols-2">
        <div>
          <p className="font-semibold">Before</p>
          <pre className="whitespace-pre-wrap break-all text-xs">{show(entry.before)}</pre>
        </div>
        <div>
          <p className="font-semibold">After</p>
          <pre className="whitespace-pre-wrap break-all text-xs">{show(entry.after)}</pre>
        </div>
      </div>
    </details>
  );
}

/** Audit Log (admins): who did what and when, filtered, paged, exported as CSV. */
export function AuditLogPage() {
  const [draft, setDraft] = useState<AuditFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const audit = useAuditPage(filters, page);
  const csv = useAuditCsv();
  const backwards = draft.from !== '' && draft.to !== '' && draft.from > draft.to;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (backwards) return;
    setFilters(draft);
    setPage(1);
  };
  const field = (name: keyof AuditFilters) => ({
    value: draft[name],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [name]: e.target.value }),
  });

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">Audit Log</h1>
      <form
        onSubmit={apply}
        aria-label="Filter the audit log"
        className="flex flex-wrap items-end gap-3 rounded-box border border-base-300 p-4"
      >
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Actor
          <input
            type="search"
            className="input input-bordered input-sm"
            placeholder="E-mail"
            maxLength={200}
            {...field('actor')}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Action
          <select className="select select-bordered select-sm" {...field('action')}>
            <option value="">All actions</option>
            {(audit.data?.actions ?? []).map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          From
          <input type="date" className="input input-bordered input-sm" {...field('from')} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          To
          <input
            type="date"
            className="input input-bordered input-sm"
            aria-invalid={backwards}
            {...field('to')}
          />
        </label>
        <button type="submit" className="btn btn-sm btn-neutral" disabled={backwards}>
          Apply filters
        </button>
        <button
          type="button"
          className="btn btn-sm"
          disabled={csv.isPending}
          onClick={() => csv.mutate(filters)}
        >
          {csv.isPending && (
            <span className="loading loading-spinner loading-xs" aria-hidden="true" />
          )}
          Export CSV
        </button>
        {backwards && (
          <p className="w-full text-sm text-error">The start date must not be after the end date</p>
        )}
      </form>
      <QueryState
        query={audit}
        loading="Loading the audit log"
        failed="We couldn't load the audit log."
      >
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
          return (
            <>
              <p>
                {data.total} {data.total === 1 ? 'entry' : 'entries'}
              </p>
              {data.entries.length === 0 ? (
                <p>No entries match these filters.</p>
              ) : (
                <div className="overflow-x-auto">
                  <table className="table table-sm">
                    <thead>
                      <tr>
                        <th>When</th>
                        <th>Who</th>
                        <th>What</th>
                        <th>Target</th>
                        <th>Change</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.entries.map((entry) => (
                        <tr key={entry.id}>
                          <td className="whitespace-nowrap">
                            {new Date(entry.createdAt).toLocaleString()}
                          </td>
                          <td className="break-all">{entry.actorEmail}</td>
                          <td>{entry.action}</td>
                          <td className="break-all">
                            {entry.targetType} {entry.targetId}
                          </td>
                          <td>
                            <Change entry={entry} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              <nav aria-label="Audit log pages" className="flex items-center gap-3">
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={page <= 1 || audit.isFetching}
                  onClick={() => setPage(page - 1)}
                >
                  Previous
                </button>
                <span>
                  Page {data.page} of {pages}
                </span>
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={page >= pages || audit.isFetching}
                  onClick={() => setPage(page + 1)}
                >
                  Next
                </button>
              </nav>
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
