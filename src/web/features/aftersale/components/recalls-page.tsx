import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import {
  RECALL_CREATED_MESSAGE,
  RECALL_LIFTED_MESSAGE,
  RecallBodySchema,
  type Recall,
  type RecallBody,
} from '../../../../shared/aftersale.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError, getErrorMessage } from '../../../lib/api-error.ts';
import {
  useCreateRecall,
  useLiftRecall,
  useRecallProducts,
  useRecalls,
} from '../api/staff-aftersale.ts';

const EMPTY = {
  productId: '',
  sku: '',
  paidFrom: '',
  paidTo: '',
  serialFrom: '',
  serialTo: '',
  title: '',
  hazard: '',
  remedy: '',
};

function NewRecall() {
  const products = useRecallProducts();
  const create = useCreateRecall();
  const [fields, setFields] = useState(EMPTY);
  const [withdraw, setWithdraw] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<RecallBody | null>(null);
  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setFields((was) => ({ ...was, [name]: event.target.value }));

  const submit = (body: RecallBody) =>
    create.mutate(body, {
      onSuccess: (made) => {
        toast.success(`${RECALL_CREATED_MESSAGE}: ${made.notified} customers notified`);
        setFields(EMPTY);
        setWithdraw(false);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors({ ...error.fields });
        toast.error(error.message);
      },
      onSettled: () => setConfirming(null),
    });

  return (
    <form
      aria-label="New recall"
      className="card card-border flex max-w-xl flex-col gap-3 p-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const body = { ...fields, withdraw };
        const parsed = RecallBodySchema.safeParse(body);
        if (!parsed.success) {
          const found: Record<string, string> = {};
          for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
          return setErrors(found);
        }
        setErrors({});
        setConfirming(body);
      }}
    >
      <h2 className="text-lg font-bold">New recall</h2>
      <FormField label="Product" error={errors.productId}>
        {(control) => (
          <select
            {...control}
            className="select w-full"
            value={fields.productId}
            onChange={set('productId')}
          >
            <option value="">
              {products.isPending ? 'Loading products…' : 'Choose a product'}
            </option>
            {products.data?.map((p) => (
              <option key={p._id} value={p._id}>
                {p.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <TextField
        label="SKU (optional: only this variant)"
        value={fields.sku}
        onChange={set('sku')}
        error={errors.sku}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Paid from"
          type="date"
          value={fields.paidFrom}
          onChange={set('paidFrom')}
          error={errors.paidFrom}
        />
        <TextField
          label="Paid until"
          type="date"
          value={fields.paidTo}
          onChange={set('paidTo')}
          error={errors.paidTo}
        />
        <TextField
          label="Serial from (optional)"
          value={fields.serialFrom}
          onChange={set('serialFrom')}
          error={errors.serialFrom}
        />
        <TextField
          label="Serial to (optional)"
          value={fields.serialTo}
          onChange={set('serialTo')}
          error={errors.serialTo}
        />
      </div>
      <TextField label="Title" value={fields.title} onChange={set('title')} error={errors.title} />
      <FormField label="Hazard" error={errors.hazard}>
        {(control) => (
          <textarea
            {...control}
            className="textarea w-full"
            value={fields.hazard}
            onChange={set('hazard')}
          />
        )}
      </FormField>
      <FormField label="What to do" error={errors.remedy}>
        {(control) => (
          <textarea
            {...control}
            className="textarea w-full"
            value={fields.remedy}
            onChange={set('remedy')}
          />
        )}
      </FormField>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={withdraw}
          onChange={(event) => setWithdraw(event.target.checked)}
        />
        Withdraw the product from sale
      </label>
      <button type="submit" className="btn btn-error self-start" disabled={create.isPending}>
        {create.isPending && (
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        )}
        Create recall
      </button>
      {confirming && (
        <ConfirmDialog
          title={`Create the recall "${confirming.title}"?`}
          body="Every customer with a matching paid order is mailed once, at once. This cannot be undone."
          confirmLabel="Create and notify"
          busy={create.isPending}
          onConfirm={() => submit(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </form>
  );
}

/**
 * A withdrawing recall's state (issue 39): "Withdrawn" with **Put back on sale** until an admin
 * lifts it (confirmed first: its back-in-stock subscribers are mailed at once), then "Back on
 * sale".
 */
function Withdrawal({ recall }: { recall: Recall }) {
  const lift = useLiftRecall();
  const [confirming, setConfirming] = useState(false);
  if (!recall.withdrawn) return null;
  if (recall.liftedAt) return <span className="badge badge-success ml-2">Back on sale</span>;
  const confirm = async () => {
    try {
      await lift.mutateAsync(recall._id);
      toast.success(RECALL_LIFTED_MESSAGE);
    } catch (error) {
      toast.error(getErrorMessage(error));
    } finally {
      setConfirming(false);
    }
  };
  return (
    <>
      <span className="badge badge-error ml-2">Withdrawn</span>
      <button
        type="button"
        className="btn btn-outline btn-xs ml-2"
        aria-label={`Put ${recall.product} back on sale`}
        onClick={() => setConfirming(true)}
      >
        Put back on sale
      </button>
      {confirming && (
        <ConfirmDialog
          title={`Put ${recall.product} back on sale?`}
          body="The recall's withdrawal ends: customers can order it again, and those who asked to be told when it is back are mailed at once."
          confirmLabel="Put back on sale"
          busy={lift.isPending}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}

/** Recalls (admins): create one; see how many customers were notified and have read it. */
export function RecallsPage() {
  const recalls = useRecalls();
  return (
    <section className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">Recalls</h1>
      <NewRecall />
      <QueryState query={recalls} loading="Loading recalls" failed="We couldn't load the recalls.">
        {(list) =>
          list.length === 0 ? (
            <p>There are no recalls.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">Recall</th>
                    <th scope="col">Product</th>
                    <th scope="col">Paid between</th>
                    <th scope="col">Notified</th>
                    <th scope="col">Acknowledged</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((recall) => (
                    <tr key={recall._id}>
                      <th scope="row">
                        {recall.title}
                        <Withdrawal recall={recall} />
                      </th>
                      <td>
                        {recall.product}
                        {recall.sku && <p className="text-sm">SKU {recall.sku}</p>}
                        {recall.serialFrom || recall.serialTo ? (
                          <p className="text-sm">
                            Serials {recall.serialFrom ?? '…'} to {recall.serialTo ?? '…'}
                          </p>
                        ) : null}
                      </td>
                      <td>
                        {recall.paidFrom} to {recall.paidTo}
                      </td>
                      <td>{recall.notified}</td>
                      <td>{recall.acknowledged}</td>
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
