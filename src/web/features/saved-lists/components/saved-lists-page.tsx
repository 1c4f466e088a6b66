import { useRef, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import {
  LIST_ADDED_TO_BASKET_MESSAGE,
  LIST_DELETED_MESSAGE,
  LISTS_FOR_COMPANIES_MESSAGE,
  LISTS_MAX,
  type ListToBasket,
  type SavedList,
} from '../../../../shared/saved-lists.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useSavedListMutations, useSavedLists } from '../api/saved-lists.ts';
import { ListForm } from './list-form.tsx';

// Saved lists (issue 37): a company's named lists ("Van restock") that any member puts into their
// basket in one click, creates, edits and deletes.

/** The toast after "Add to basket": what was added, and what was left out and why. */
export function addedText(result: ListToBasket): string {
  const said = [
    LIST_ADDED_TO_BASKET_MESSAGE,
    ...result.skipped.map((line) => `${line.name} (${line.sku}) was left out: ${line.reason}`),
    ...result.notices,
  ];
  return said.join('. ');
}

const lineName = (line: SavedList['lines'][number]) =>
  line.label === '' ? line.productName : `${line.productName} (${line.label})`;

function ListCard({
  list,
  onEdit,
  onDelete,
}: {
  list: SavedList;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { toBasket } = useSavedListMutations();
  const adding = toBasket.isPending;
  const addToBasket = () =>
    toBasket.mutate(list.id, {
      onSuccess: (result) =>
        result.skipped.length > 0 || result.notices.length > 0
          ? toast.warning(addedText(result))
          : toast.success(addedText(result)),
      onError: (error) => toast.error(getErrorMessage(error)),
    });
  return (
    <li className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 className="text-xl font-semibold">{list.name}</h2>
        <p className="text-sm text-stone-600">
          {list.lines.length} {list.lines.length === 1 ? 'line' : 'lines'}
          {list.createdBy && ` · by ${list.createdBy}`}
        </p>
      </div>
      {list.lines.length > 0 && (
        <ul aria-label={`Lines of ${list.name}`} className="flex flex-col gap-1 text-sm">
          {list.lines.map((line, index) => (
            <li key={`${line.sku}-${index}`} className="flex flex-wrap gap-x-2">
              <span className="font-medium">{line.quantity} ×</span>
              <span>{lineName(line)}</span>
              <span className="text-stone-600">{line.sku}</span>
              {line.problem && <span className="font-medium text-error">{line.problem}</span>}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-primary btn-sm min-h-11 sm:min-h-0"
          disabled={adding || list.lines.length === 0}
          aria-label={`Add ${list.name} to basket`}
          onClick={addToBasket}
        >
          {adding && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          Add to basket
        </button>
        <button
          type="button"
          className="btn btn-sm min-h-11 sm:min-h-0"
          aria-label={`Edit ${list.name}`}
          onClick={onEdit}
        >
          Edit
        </button>
        <button
          type="button"
          className="btn btn-outline btn-error btn-sm min-h-11 sm:min-h-0"
          aria-label={`Delete ${list.name}`}
          onClick={onDelete}
        >
          Delete
        </button>
      </div>
    </li>
  );
}

/** /dashboard/lists: the caller's company's saved lists. */
export function SavedListsPage() {
  const query = useSavedLists();
  const { remove } = useSavedListMutations();
  /** The list edited, 'new' for a new one, or null: no form open. */
  const [editing, setEditing] = useState<SavedList | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SavedList | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const confirmDelete = (list: SavedList) =>
    remove.mutate(list.id, {
      onSuccess: () => {
        toast.success(LIST_DELETED_MESSAGE);
        if (editing !== 'new' && editing?.id === list.id) setEditing(null);
      },
      onError: (error) => toast.error(getErrorMessage(error)),
      onSettled: () => setDeleting(null),
    });

  return (
    <section className="flex flex-col gap-6">
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold">
        Saved lists
      </h1>
      <QueryState query={query} loading="Loading your lists" failed="We couldn't load your lists.">
        {({ lists, company }) =>
          company === null ? (
            <p>{LISTS_FOR_COMPANIES_MESSAGE}.</p>
          ) : (
            <>
              <p>
                Lists of {company.name}: every member can put them into their basket in one click.
              </p>
              {editing === null ? (
                lists.length < LISTS_MAX && (
                  <button
                    type="button"
                    className="btn btn-primary self-start"
                    onClick={() => setEditing('new')}
                  >
                    New list
                  </button>
                )
              ) : (
                <ListForm
                  key={editing === 'new' ? 'new' : editing.id}
                  list={editing === 'new' ? null : editing}
                  onDone={() => {
                    setEditing(null);
                    heading.current?.focus();
                  }}
                />
              )}
              {lists.length === 0 ? (
                <p>No lists yet. Make one for what you buy again and again.</p>
              ) : (
                <ul className="flex flex-col gap-4">
                  {lists.map((list) => (
                    <ListCard
                      key={list.id}
                      list={list}
                      onEdit={() => setEditing(list)}
                      onDelete={() => setDeleting(list)}
                    />
                  ))}
                </ul>
              )}
            </>
          )
        }
      </QueryState>
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          body="The list is deleted for everyone in your company."
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={() => confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
          returnFocusTo={heading}
        />
      )}
    </section>
  );
}
