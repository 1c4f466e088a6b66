import type { ReactNode } from 'react';
import { invoicePaths, type Invoice } from '../../../../shared/invoices.ts';
import { useInvoiceDownload } from '../api/invoices.ts';
import { day, money } from './invoice-text.ts';

/** Paid, Overdue or Open, as a badge with words (never colour alone). */
export function InvoiceStatus({ invoice }: { invoice: Invoice }) {
  if (invoice.status === 'paid') return <span className="badge badge-success">Paid</span>;
  if (invoice.overdue) return <span className="badge badge-error">Overdue</span>;
  return <span className="badge badge-ghost">Open</span>;
}

interface InvoicesTableProps {
  invoices: Invoice[];
  caption: string;
  /** Staff: a Company column. */
  showCompany?: boolean;
  /** Staff: what each row offers besides its PDF (Record payment). */
  actions?: (invoice: Invoice) => ReactNode;
}

/** Invoices as a table (scrolls sideways on a phone), each with its PDF. */
export function InvoicesTable({
  invoices,
  caption,
  showCompany = false,
  actions,
}: InvoicesTableProps) {
  const download = useInvoiceDownload();
  return (
    <div className="overflow-x-auto">
      <table className="table table-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Invoice</th>
            {showCompany && <th scope="col">Company</th>}
            <th scope="col">Issued</th>
            <th scope="col">Due date</th>
            <th scope="col">PO reference</th>
            <th scope="col" className="text-right">
              Amount
            </th>
            <th scope="col" className="text-right">
              Paid
            </th>
            <th scope="col" className="text-right">
              Due
            </th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.id}>
              <th scope="row">{invoice.number}</th>
              {showCompany && <td>{invoice.companyName}</td>}
              <td>{day(invoice.issuedAt)}</td>
              <td>{day(invoice.dueAt)}</td>
              <td>{invoice.poReference ?? '—'}</td>
              <td className="text-right">{money(invoice.amount)}</td>
              <td className="text-right">{money(invoice.paid)}</td>
              <td className="text-right">{money(invoice.due)}</td>
              <td>
                <InvoiceStatus invoice={invoice} />
              </td>
              <td>
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="btn btn-xs"
                    disabled={download.isPending}
                    aria-label={`Download the PDF of ${invoice.number}`}
                    onClick={() => download.mutate(invoicePaths.pdf(invoice.id))}
                  >
                    PDF
                  </button>
                  {actions?.(invoice)}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
