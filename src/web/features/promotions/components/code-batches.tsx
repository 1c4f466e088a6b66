import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import { CodeBatchBodySchema } from '../../../../shared/promotions.ts';
import type { AdminPromotion } from '../../../../shared/promotions-admin.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { useCodeBatches, useCodesDownload, useCreateCodeBatch } from '../api/promotions.ts';

// A promotion's single-use codes (issue 36): generate a batch, see how many were used, download
// each batch as CSV for the printer.

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The code batches of a promotion with codes: a form to generate one, and the batches. */
export function CodeBatches({ promotion }: { promotion: AdminPromotion }) {
  const batches = useCodeBatches(promotion.id);
  const create = useCreateCodeBatch(promotion.id);
  const download = useCodesDownload();
  const [values, setValues] = useState({ count: '', prefix: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ended = promotion.status === 'ended';
  // Opened from the list's Codes button: the focus (and the view) goes to the Count field.
  const countRef = useRef<HTMLInputElement>(null);
  useEffect(() => countRef.current?.focus(), []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = CodeBatchBodySchema.safeParse({
      count: values.count.trim() === '' ? Number.NaN : Number(values.count),
      prefix: values.prefix,
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const batch = await create.mutateAsync(parsed.data);
      toast.success(`${batch.count} codes generated`);
      setValues({ count: '', prefix: '' });
    } catch (error) {
      if (isApiError(error) && error.fields) setErrors({ ...error.fields });
      toast.error(getErrorMessage(error));
    }
  };

  return (
    <section
      aria-labelledby={`codes-${promotion.id}`}
      className="flex flex-col gap-4 rounded-box border border-base-300 p-4"
    >
      <h2 id={`codes-${promotion.id}`} className="text-xl font-semibold">
        Single-use codes of {promotion.name}
      </h2>
      {!ended && (
        <form
          noValidate
          aria-label={`Generate codes for ${promotion.name}`}
          onSubmit={(event) => void onSubmit(event)}
          className="grid items-start gap-4 sm:grid-cols-[1fr_1fr_auto]"
        >
          <TextField
            ref={countRef}
            label="Count"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={values.count}
            onChange={(event) => setValues((v) => ({ ...v, count: event.target.value }))}
            error={errors.count}
          />
          <TextField
            label="Prefix"
            hint="Optional, e.g. EXPO-"
            autoCapitalize="characters"
            value={values.prefix}
            onChange={(event) => setValues((v) => ({ ...v, prefix: event.target.value }))}
            error={errors.prefix}
          />
          <SubmitButton pending={create.isPending} className="sm:mt-7">
            Generate codes
          </SubmitButton>
        </form>
      )}
      <QueryState
        query={batches}
        loading="Loading code batches"
        failed="We couldn't load the codes."
      >
        {(list) =>
          list.length === 0 ? (
            <p>No codes generated yet.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="table table-sm">
                <caption className="sr-only">Code batches of {promotion.name}</caption>
                <thead>
                  <tr>
                    <th scope="col">Generated</th>
                    <th scope="col">Prefix</th>
                    <th scope="col">Codes</th>
                    <th scope="col">Used</th>
                    <th scope="col">Download</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((batch) => (
                    <tr key={batch.id}>
                      <th scope="row">{dateTime(batch.createdAt)}</th>
                      <td>{batch.prefix || '—'}</td>
                      <td>{batch.count}</td>
                      <td>{batch.used}</td>
                      <td>
                        <button
                          type="button"
                          className="btn btn-xs"
                          disabled={download.isPending}
                          aria-label={`Download CSV of the ${batch.count} codes generated ${dateTime(batch.createdAt)}`}
                          onClick={() =>
                            download.mutate({ promotionId: promotion.id, batchId: batch.id })
                          }
                        >
                          Download CSV
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
    </section>
  );
}
