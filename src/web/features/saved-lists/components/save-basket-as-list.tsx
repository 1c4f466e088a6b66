import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import type { BasketLine } from '../../../../shared/basket.ts';
import { pageRoutes } from '../../../../shared/page-routes.ts';
import { LIST_SAVED_MESSAGE, ListBodySchema } from '../../../../shared/saved-lists.ts';
import { TextField } from '../../../components/text-field.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth/session.ts';
import { useSavedListMutations, useSavedLists } from '../api/saved-lists.ts';

/**
 * The basket page's "Save as list" (issue 37), for a member of a company: the basket's lines (by
 * SKU; lines of products gone are left out) kept as a new list of the company, named when asked.
 */
export function SaveBasketAsList({ lines }: { lines: readonly BasketLine[] }) {
  const signedIn = useAuth().status === 'signedIn';
  const lists = useSavedLists({ enabled: signedIn });
  const { save } = useSavedListMutations();
  const [asking, setAsking] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const headingId = useId();
  if (!signedIn || !lists.data?.company) return null;

  const submit = async () => {
    setError(undefined);
    const body = {
      name,
      lines: lines
        .filter((line) => line.sku !== '')
        .map((line) => ({ sku: line.sku, quantity: line.quantity })),
    };
    try {
      await save.mutateAsync({ body });
    } catch (failure) {
      const fields = isApiError(failure) ? failure.fields : undefined;
      if (fields?.name) setError(fields.name);
      else toast.error(getErrorMessage(failure));
      return;
    }
    toast.success(LIST_SAVED_MESSAGE);
    setAsking(false);
    setName('');
  };

  if (!asking)
    return (
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn btn-outline" onClick={() => setAsking(true)}>
          Save as list
        </button>
        <Link className="link" to={pageRoutes.savedLists.href()}>
          Your company's saved lists
        </Link>
      </div>
    );
  return (
    <form
      noValidate
      aria-labelledby={headingId}
      className="flex max-w-md flex-col gap-3 rounded-box border border-base-300 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        // The shared schema's rule for the name first; the rest is the server's (a name taken).
        const checked = ListBodySchema.shape.name.safeParse(name);
        if (checked.success) void submit();
        else setError(checked.error.issues[0]?.message);
      }}
    >
      <h2 id={headingId} className="font-semibold">
        Save this basket as a list
      </h2>
      <TextField
        label="List name"
        value={name}
        autoFocus
        maxLength={80}
        error={error}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="flex gap-3">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending && (
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          )}
          Save list
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => setAsking(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
