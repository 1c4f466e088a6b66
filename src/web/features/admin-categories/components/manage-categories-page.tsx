import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { categoryDeletedMessage, type Category } from '../../../../shared/category.ts';
import { deleteQuestion, DELETE_FOREVER_WARNING } from '../../../../shared/product.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useCategories } from '../../../api/categories.ts';
import { useCategoryMutations } from '../api/save-category.ts';
import { CategoryForm } from './category-form.tsx';

function CategoryRow({ category }: { category: Category }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { remove } = useCategoryMutations();

  const onDelete = async () => {
    try {
      await remove.mutateAsync(category._id);
      toast.success(categoryDeletedMessage(category.name));
    } catch (error) {
      toast.error(getErrorMessage(error));
    } finally {
      setConfirming(false);
    }
  };

  if (editing)
    return (
      <li>
        <CategoryForm category={category} onDone={() => setEditing(false)} />
      </li>
    );
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-box border border-base-300 p-4">
      <div>
        <p className="font-semibold">{category.name}</p>
        <p className="text-sm text-stone-600">
          /category/{category.slug} · {category.productCount}{' '}
          {category.productCount === 1 ? 'product' : 'products'}
        </p>
        {category.description && <p className="text-sm">{category.description}</p>}
      </div>
      <div className="flex gap-2">
        <button type="button" className="btn btn-sm" onClick={() => setEditing(true)}>
          Edit {category.name}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline btn-error"
          disabled={category.productCount > 0}
          title={category.productCount > 0 ? 'Only an empty category can be deleted' : undefined}
          onClick={() => setConfirming(true)}
        >
          Delete {category.name}
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={deleteQuestion(category.name)}
          body={DELETE_FOREVER_WARNING}
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={() => void onDelete()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </li>
  );
}

/** Categories (issue 24, staff): add, rename, delete when empty. */
export function ManageCategoriesPage() {
  const categories = useCategories();
  return (
    <section className="flex max-w-3xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Categories</h1>
      <CategoryForm />
      <QueryState
        query={categories}
        loading="Loading categories"
        failed="We couldn't load the categories."
      >
        {(list) =>
          list.length === 0 ? (
            <p>No categories yet.</p>
          ) : (
            <ul className="flex flex-col gap-3" aria-label="Categories">
              {list.map((category) => (
                <CategoryRow key={category._id} category={category} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
