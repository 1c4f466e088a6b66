import { useId, useState, type ChangeEvent } from 'react';
import {
  importAppliedMessage,
  type ProductImportReport,
} from '../../../../shared/product-import.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { useApplyImport, usePreviewImport } from '../api/product-import.ts';

const ACTION_LABELS = {
  create: 'Create',
  update: 'Update',
  unchanged: 'Unchanged',
  error: 'Error',
} as const;

const ACTION_BADGES = {
  create: 'badge-success',
  update: 'badge-info',
  unchanged: 'badge-ghost',
  error: 'badge-error',
} as const;

/** How the issue-23/24 columns are written (docs/features.md has the same table). */
function ColumnHelp() {
  return (
    <details className="max-w-3xl">
      <summary className="cursor-pointer font-semibold">
        Category, battery, price breaks and more images
      </summary>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium">Category</dt>
        <dd>The category&apos;s slug, for example drills-drivers; empty for none.</dd>
        <dt className="font-medium">Battery Platform</dt>
        <dd>For example 18V; empty for none.</dd>
        <dt className="font-medium">Battery Included</dt>
        <dd>yes or no (true or false also work).</dd>
        <dt className="font-medium">Price Breaks</dt>
        <dd>
          From quantity and unit price in dollars, a semicolon between breaks: 10:89.00;50:79.00.
          Empty for none.
        </dd>
        <dt className="font-medium">More Images</dt>
        <dd>
          The pictures after Image, in order, separated by ; or |. Each must be an image uploaded to
          this shop.
        </dd>
      </dl>
      <p className="mt-2">
        A file without one of these columns leaves that field as it is; an empty cell clears it.
      </p>
    </details>
  );
}

/** Rows shown in the preview; the counts above it cover the whole file. */
const PREVIEW_ROWS = 500;

function Counts({ report }: { report: ProductImportReport }) {
  const { counts } = report;
  return (
    <p>
      {counts.create} to create, {counts.update} to update, {counts.unchanged} unchanged,{' '}
      {counts.error} with errors.
    </p>
  );
}

function PreviewTable({ report }: { report: ProductImportReport }) {
  // Errors first, so a long file's problems are not buried.
  const rows = [...report.rows]
    .sort((a, b) => Number(b.action === 'error') - Number(a.action === 'error') || a.row - b.row)
    .slice(0, PREVIEW_ROWS);
  return (
    <DataTable columns={['Row', 'Action', 'Product', 'Reason']}>
      {rows.map((row) => (
        <tr key={row.row}>
          <td>{row.row}</td>
          <td>
            <span className={`badge ${ACTION_BADGES[row.action]}`}>
              {ACTION_LABELS[row.action]}
            </span>
          </td>
          <td>{row.name || row.productId || '—'}</td>
          <td>{row.reason ?? ''}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** Import products: choose the CSV (the export's format), preview each row, apply all or none. */
export function ImportProductsPage() {
  const fileId = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [applied, setApplied] = useState<ProductImportReport | null>(null);
  const preview = usePreviewImport();
  const apply = useApplyImport();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setApplied(null);
    apply.reset();
    if (!file) {
      setCsv(null);
      preview.reset();
      return;
    }
    const text = await file.text();
    setCsv(text);
    preview.mutate(text);
  };

  const confirmApply = () => {
    if (csv === null) return;
    apply.mutate(csv, {
      onSuccess: (report) => {
        setApplied(report);
        setConfirming(false);
        preview.reset();
      },
      onError: () => {
        setConfirming(false);
        // Show the rows as they stand now (a product may have changed since the preview).
        preview.mutate(csv);
      },
    });
  };

  const report = preview.data;
  const changes = report ? report.counts.create + report.counts.update : 0;
  const applyError = apply.error;

  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Import products</h1>
      <p>
        Upload a CSV in the format of Manage Products → Export CSV. Leave Product ID and Version
        empty for a new product. Rows whose product changed since the export are refused: export
        again and redo the change.
      </p>
      <ColumnHelp />
      <div className="form-control flex flex-col gap-1">
        <label htmlFor={fileId} className="label font-semibold">
          CSV file
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          className="file-input file-input-bordered w-full max-w-md"
          onChange={(event) => void choose(event)}
        />
      </div>

      {preview.isPending && (
        <p role="status" className="flex items-center gap-2">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          Checking the file…
        </p>
      )}
      {preview.isError && (
        <p role="alert" className="alert alert-error">
          {getErrorMessage(preview.error)}
        </p>
      )}
      {applyError && (
        <div role="alert" className="alert alert-error flex flex-col items-start">
          <p>{getErrorMessage(applyError)}</p>
        </div>
      )}
      {applied && (
        <p role="status" className="alert alert-success">
          {importAppliedMessage(applied.counts)}
        </p>
      )}

      {report && (
        <>
          <h2 className="text-xl font-bold">Preview</h2>
          <Counts report={report} />
          {report.counts.error > 0 && (
            <p>
              Fix the rows marked as errors and choose the file again: nothing is imported while any
              row has an error.
            </p>
          )}
          <button
            type="button"
            className="btn btn-primary self-start"
            disabled={report.counts.error > 0 || changes === 0 || apply.isPending}
            onClick={() => setConfirming(true)}
          >
            Apply import
          </button>
          <PreviewTable report={report} />
        </>
      )}

      {confirming && report && (
        <ConfirmDialog
          title="Apply this import?"
          body={`${report.counts.create} products will be created and ${report.counts.update} updated, all at once.`}
          confirmLabel="Apply"
          busy={apply.isPending}
          onConfirm={confirmApply}
          onCancel={() => setConfirming(false)}
        />
      )}
      {isApiError(applyError) && applyError.fields && (
        <ul className="list-disc pl-6">
          {Object.entries(applyError.fields).map(([row, reason]) => (
            <li key={row}>
              {row}: {reason}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
