import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import {
  CategoryBodySchema,
  categorySavedMessage,
  type Category,
} from '../../../../shared/category.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { useCategoryMutations } from '../api/save-category.ts';

type Errors = Partial<Record<'name' | 'slug' | 'description', string>>;

/** Add a category, or rename one (with `category`). */
export function CategoryForm({ category, onDone }: { category?: Category; onDone?: () => void }) {
  const { save } = useCategoryMutations();
  const [values, setValues] = useState({
    name: category?.name ?? '',
    slug: category?.slug ?? '',
    description: category?.description ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const label = category ? `Edit ${category.name}` : 'Add a category';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = CategoryBodySchema.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ id: category?._id, body: parsed.data });
      toast.success(categorySavedMessage(saved.name));
      if (!category) setValues({ name: '', slug: '', description: '' });
      onDone?.();
    } catch (error) {
      if (isApiError(error) && error.fields) setErrors(error.fields as Errors);
      toast.error(getErrorMessage(error));
    }
  };

  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4 rounded-box border border-base-300 p-4"
    >
      <h2 className="text-xl font-semibold">{label}</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" value={values.name} onChange={set('name')} error={errors.name} />
        <TextField
          label="Slug"
          hint="Its address: /category/<slug>. Empty: made from the name."
          value={values.slug}
          onChange={set('slug')}
          error={errors.slug}
        />
      </div>
      <FormField label="Short description" error={errors.description}>
        {(control) => (
          <textarea
            {...control}
            rows={2}
            value={values.description}
            onChange={set('description')}
            className="textarea w-full"
          />
        )}
      </FormField>
      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={save.isPending}>
          {category ? 'Save Category' : 'Add Category'}
        </SubmitButton>
        {onDone && category && (
          <button type="button" className="btn btn-ghost" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
