import { useMemo, useState } from 'react';
import { QueryState } from '../../../components/query-state.tsx';
import {
  useAgeing,
  useInvoiceDownload,
  useInvoices,
  invoicesCsvPath,
  type InvoiceFilters,
} from '../api/invoices.ts';
import type { Invoice } from '../../../../shared/invoices.ts';
import { AgeingTable } from './ageing-table.tsx';
import { InvoicesTable } from './invoices-table.tsx';
import { RecordPaymentDialog } from './record-payment-dialog.tsx';

const STATUS_OPTIONS = [
  ['', 'All'],
  ['open', 'Open'],
  ['overdue', 'Overdue'],
  ['paid', 'Paid'],
] as const;

function Ageing() {
  const ageing = useAgeing();
  return (
    <QueryState query={ageing} loading="Loading the ageing" failed="We couldn't load the ageing.">
      {(report) =>
        report.companies.length === 0 ? (
          <p>Nothing is owed on account.</p>
        ) : (
          <AgeingTable
            caption="Ageing: what each company owes, by days past due"
            rows={report.companies.map((company) => ({
              key: company.companyId,
              label: company.companyName,
              ...company,
            }))}
            totals={report.totals}
          />
        )
      }
    </QueryState>
  );
}

/**
 * Dashboard → Invoices (staff, admin.other): every company's invoices by company and status, a
 * payment received recorded against one (a dialog, then a confirmation), the ageing, and the CSV.
 */
export function ManageInvoicesPage() {
  const [filters, setFilters] = useState<InvoiceFilters>({});
  const [paying, setPaying] = useState<Invoice | null>(null);
  const invoices = useInvoices(filters);
  const everyone = useInvoices();
  const download = useInvoiceDownload();
  const companies = useMemo(() => {
    const byId = new Map<string, string>();
    for (const invoice of everyone.data ?? []) byId.set(invoice.companyId, invoice.companyName);
    return [...byId].sort((a, b) => a[1].localeCompare(b[1]));
  }, [everyone.data]);

  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Invoices</h1>
      <form
        aria-label="Filter invoices"
        className="flex flex-wrap items-end gap-3 rounded-box border border-base-300 p-4"
        onSubmit={(event) => event.preventDefault()}
      >
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Company
          <select
            className="select select-bordered select-sm"
            value={filters.companyId ?? ''}
            onChange={(event) =>
              setFilters(({ companyId: _, ...rest }) =>
                event.target.value ? { ...rest, companyId: event.target.value } : rest,
              )
            }
          >
            <option value="">All companies</option>
            {companies.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Status
          <select
            className="select select-bordered select-sm"
            value={filters.status ?? ''}
            onChange={(event) =>
              setFilters(({ status: _, ...rest }) =>
                event.target.value
                  ? { ...rest, status: event.target.value as InvoiceFilters['status'] }
                  : rest,
              )
            }
          >
            {STATUS_OPTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn btn-sm"
          disabled={download.isPending}
          onClick={() => download.mutate(invoicesCsvPath(filters))}
        >
          {download.isPending && (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          )}
          Download CSV
        </button>
      </form>
      <QueryState
        query={invoices}
        loading="Loading invoices"
        failed="We couldn't load the invoices."
      >
        {(list) =>
          list.length === 0 ? (
            <p>No invoices match.</p>
          ) : (
            <InvoicesTable
              invoices={list}
              caption="Invoices"
              showCompany
              actions={(invoice) =>
                invoice.status === 'open' && (
                  <button
                    type="button"
                    className="btn btn-primary btn-xs"
                    aria-label={`Record payment for ${invoice.number}`}
                    onClick={() => setPaying(invoice)}
                  >
                    Record payment
                  </button>
                )
              }
            />
          )
        }
      </QueryState>
      <section aria-labelledby="ageing-heading" className="flex flex-col gap-3">
        <h2 id="ageing-heading" className="text-xl font-semibold">
          Ageing
        </h2>
        <Ageing />
      </section>
      {paying && <RecordPaymentDialog invoice={paying} onClose={() => setPaying(null)} />}
    </section>
  );
}
