import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import type { PriceList } from '../../../../shared/price-lists.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { usePriceListMutations, usePriceLists } from '../api/trade-admin.ts';
import { PriceListForm } from './price-list-form.tsx';

// Contract price lists (issue 37, staff with admin.other): every list with its companies; create,
// edit and delete (asked first: its companies fall back to the public prices).

function deleteWarning(list: PriceList): string {
  if (list.companies.length === 0) return 'No company uses it.';
  const names = list.companies.map((company) => company.name).join(', ');
  const count = list.companies.length;
  return `It is assigned to ${count} ${count === 1 ? 'company' : 'companies'} (${names}): they will pay the public prices.`;
}

export function PriceListsPage() {
  const lists = usePriceLists();
  const { remove } = usePriceListMutations();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<PriceList | null>(null);

  const onDelete = async (list: PriceList) => {
    try {
      await remove.mutateAsync(list.id);
      toast.success(`Price list ${list.name} is deleted`);
      if (editing === list.id) setEditing(null);
    } catch (error) {
      toast.error(getErrorMessage(error));
    } finally {
      setDeleting(null);
    }
  };

  const edited = (lists.data ?? []).find((list) => list.id === editing);
  return (
    <section className="flex max-w-6xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Price lists</h1>
      <p>
        A company on a price list pays its fixed price of a variant when it is lower than the price
        (or the volume price), else its category&apos;s percent off; promotions apply after. Assign
        a list to a company on the Companies screen.
      </p>
      <QueryState
        query={lists}
        loading="Loading price lists"
        failed="We couldn't load the price lists."
      >
        {(rows) =>
          rows.length === 0 ? (
            <p>No price lists yet.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="table table-sm">
                <caption className="sr-only">Price lists</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Fixed prices</th>
                    <th scope="col">Category discounts</th>
                    <th scope="col">Companies</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((list) => (
                    <tr key={list.id}>
                      <th scope="row">{list.name}</th>
                      <td>{list.prices.length}</td>
                      <td>
                        {list.discounts
                          .map((discount) => `${discount.categoryName} ${discount.percent}%`)
                          .join(', ') || '—'}
                      </td>
                      <td>{list.companies.map((company) => company.name).join(', ') || '—'}</td>
                      <td>
                        <div className="flex flex-wrap gap-2">
                          <button
                            type="button"
                            className="btn btn-xs"
                            aria-label={`Edit ${list.name}`}
                            onClick={() => setEditing(list.id)}
                          >
                            Edit
                          </button>
                          <button
                            type="button"
                            className="btn btn-xs btn-outline btn-error"
                            aria-label={`Delete ${list.name}`}
                            disabled={remove.isPending}
                            onClick={() => setDeleting(list)}
                          >
                            Delete
                          </button>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
      {edited ? (
        <PriceListForm key={edited.id} priceList={edited} onDone={() => setEditing(null)} />
      ) : (
        <PriceListForm />
      )}
      {deleting && (
        <ConfirmDialog
          title={`Are you sure you want to delete ${deleting.name}?`}
          body={deleteWarning(deleting)}
          confirmLabel="Delete price list"
          busy={remove.isPending}
          onConfirm={() => void onDelete(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
