import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import { pageRoutes } from '../../../../shared/page-routes.ts';
import {
  parseQuickOrderText,
  QUICK_ORDER_FILE_MAX_BYTES,
  QUICK_ORDER_FILE_TOO_LARGE_MESSAGE,
  type QuickOrderLineProblem,
} from '../../../../shared/quick-order-lines.ts';
import type { QuickOrderResult } from '../../../../shared/variant.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useQuickOrder } from '../api/quick-order.ts';

export const QUICK_ORDER_TITLE = pageRoutes.quickOrder.title;
export const QUICK_ORDER_SENDING_MESSAGE = 'Adding to basket…';

/** What was added: "2 of 3 lines added to your basket." */
export const addedSummary = ({ added, lines }: QuickOrderResult) =>
  `${added} of ${lines.length} ${lines.length === 1 ? 'line' : 'lines'} added to your basket.`;

function LineProblems({ problems }: { problems: readonly QuickOrderLineProblem[] }) {
  return (
    <div role="alert" className="alert alert-error flex flex-col items-start gap-1">
      <p className="font-semibold">Nothing was sent. Fix these lines and try again:</p>
      <ul className="list-disc pl-6">
        {problems.map((problem) => (
          <li key={`${problem.row}-${problem.message}`}>
            {problem.row === 0
              ? problem.message
              : `Line ${problem.row} (${problem.text}): ${problem.message}`}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Results({ result }: { result: QuickOrderResult }) {
  return (
    <section aria-labelledby="quick-order-results" className="flex flex-col gap-3">
      <h2 id="quick-order-results" className="text-xl font-bold">
        Results
      </h2>
      <p role="status" className={result.added > 0 ? 'alert alert-success' : 'alert alert-warning'}>
        {addedSummary(result)}
        {result.added > 0 && (
          <Link to={pageRoutes.basket.href()} className="link font-semibold">
            Go to basket
          </Link>
        )}
      </p>
      {result.notices.length > 0 && (
        <ul className="list-disc pl-6">
          {result.notices.map((notice, i) => (
            <li key={i}>{notice}</li>
          ))}
        </ul>
      )}
      <div className="overflow-x-auto rounded-box border border-base-300">
        <table className="table">
          <caption className="sr-only">Each line&apos;s result</caption>
          <thead>
            <tr>
              <th scope="col">SKU</th>
              <th scope="col">Product</th>
              <th scope="col">Quantity</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {result.lines.map((line, i) => (
              <tr key={i}>
                <th scope="row" className="font-mono">
                  {line.sku}
                </th>
                <td>{line.name ?? '—'}</td>
                <td>{line.quantity}</td>
                <td className={line.problem === null ? 'text-success' : 'text-error'}>
                  {line.problem ?? 'Added'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * Quick order (issue 34): lines of `SKU quantity` typed, pasted from a spreadsheet or read from a
 * CSV file, read here (the shared reader), then sent at once; the server checks each line and
 * adds the good ones to the basket, and each line's result is shown. The lines that were not
 * added stay in the box, to fix and send again.
 */
export function QuickOrderPage() {
  const linesId = useId();
  const helpId = useId();
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<QuickOrderLineProblem[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const quickOrder = useQuickOrder();

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setFileError(null);
    if (!file) return;
    if (file.size > QUICK_ORDER_FILE_MAX_BYTES) {
      setFileError(QUICK_ORDER_FILE_TOO_LARGE_MESSAGE);
      return;
    }
    setText(await file.text());
    setProblems([]);
    quickOrder.reset();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseQuickOrderText(text);
    setProblems(parsed.problems);
    if (parsed.problems.length > 0) return;
    quickOrder.mutate(parsed.lines, {
      onSuccess: (result) => {
        // What was not added stays, to fix and send again.
        setText(
          result.lines
            .filter((line) => line.problem !== null)
            .map((line) => `${line.sku} ${line.quantity}`)
            .join('\n'),
        );
        if (fileInput.current) fileInput.current.value = '';
      },
    });
  };

  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">{QUICK_ORDER_TITLE}</h1>
      <p id={helpId} className="max-w-3xl">
        One line per product: its SKU and the quantity, as <code>DRL-18V-BARE 2</code>,{' '}
        <code>DRL-18V-BARE,2</code> or two columns pasted from a spreadsheet. Or upload a CSV file
        with the columns SKU and Quantity (a header row is optional).
      </p>
      <form
        aria-label={QUICK_ORDER_TITLE}
        className="flex max-w-3xl flex-col gap-4"
        onSubmit={submit}
        noValidate
      >
        <div className="form-control flex flex-col gap-1">
          <label htmlFor={linesId} className="label font-semibold">
            Lines
          </label>
          <textarea
            id={linesId}
            aria-describedby={helpId}
            aria-invalid={problems.length > 0 || undefined}
            className="textarea textarea-bordered min-h-48 w-full font-mono"
            spellCheck={false}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className="form-control flex flex-col gap-1">
          <label htmlFor={fileId} className="label font-semibold">
            Upload CSV
          </label>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            className="file-input file-input-bordered w-full max-w-md"
            onChange={(event) => void chooseFile(event)}
          />
          {fileError && (
            <p role="alert" className="text-sm font-medium text-error">
              {fileError}
            </p>
          )}
        </div>
        <SubmitButton pending={quickOrder.isPending} className="self-start">
          Add to basket
        </SubmitButton>
        {quickOrder.isPending && (
          <p role="status" className="flex items-center gap-2">
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            {QUICK_ORDER_SENDING_MESSAGE}
          </p>
        )}
      </form>

      {problems.length > 0 && <LineProblems problems={problems} />}
      {quickOrder.isError && (
        <p role="alert" className="alert alert-error">
          {getErrorMessage(quickOrder.error)}
        </p>
      )}
      {quickOrder.data && !quickOrder.isPending && <Results result={quickOrder.data} />}
    </section>
  );
}
