import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useFieldArray, useForm, type Path } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import type { z } from 'zod';
import {
  LIST_LINES_MAX,
  LIST_SAVED_MESSAGE,
  ListBodySchema,
  type SavedList,
} from '../../../../shared/saved-lists.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { SPEC_VALIDATION_MODE } from '../../../lib/form-errors.ts';
import { formSubmitHandler } from '../../../lib/use-spec-form.ts';
import { useSavedListMutations } from '../api/saved-lists.ts';

type ListInput = z.input<typeof ListBodySchema>;
type ListOutput = z.output<typeof ListBodySchema>;

/** The form's values of a list: its name and lines (a gone line keeps the SKU it had). */
const valuesOf = (list: SavedList | null): ListInput => ({
  name: list?.name ?? '',
  lines: list
    ? list.lines.map(({ sku, quantity }) => ({ sku, quantity }))
    : [{ sku: '', quantity: 1 }],
});

/**
 * A saved list's form (issue 37): "List name" and rows of "SKU" and "Quantity", added and removed.
 * Checked by the shared schema the API checks with; what only the server knows (an unknown SKU, a
 * name the company has) comes back under its field (`lines.2.sku`, `name`).
 */
export function ListForm({
  list,
  onDone,
}: {
  /** The list edited, or null for a new one. */
  list: SavedList | null;
  onDone: () => void;
}) {
  const headingId = useId();
  const { save } = useSavedListMutations();
  const form = useForm<ListInput, unknown, ListOutput>({
    resolver: zodResolver(ListBodySchema),
    ...SPEC_VALIDATION_MODE,
    defaultValues: valuesOf(list),
  });
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });

  const onSubmit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id: list?.id, body });
    } catch (error) {
      const fieldErrors = isApiError(error) ? Object.entries(error.fields ?? {}) : [];
      for (const [index, [name, message]] of fieldErrors.entries())
        form.setError(
          name as Path<ListInput>,
          { type: 'server', message },
          { shouldFocus: index === 0 },
        );
      if (fieldErrors.length === 0) toast.error(getErrorMessage(error));
      return;
    }
    toast.success(LIST_SAVED_MESSAGE);
    onDone();
  });

  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onSubmit={formSubmitHandler(onSubmit)}
      className="flex flex-col gap-4 rounded-box border border-base-300 p-4"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        {list ? `Edit ${list.name}` : 'New list'}
      </h2>
      <TextField label="List name" error={errors.name?.message} autoFocus {...register('name')} />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-semibold">Lines</legend>
        {typeof errors.lines?.message === 'string' && (
          <p role="alert" className="text-sm text-error">
            {errors.lines.message}
          </p>
        )}
        {fields.map((field, index) => (
          <div
            key={field.id}
            role="group"
            aria-label={`Line ${index + 1}`}
            className="grid items-start gap-3 sm:grid-cols-[2fr_1fr_auto]"
          >
            <TextField
              label="SKU"
              autoCapitalize="characters"
              autoComplete="off"
              error={errors.lines?.[index]?.sku?.message}
              {...register(`lines.${index}.sku`)}
            />
            <TextField
              label="Quantity"
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              error={errors.lines?.[index]?.quantity?.message}
              {...register(`lines.${index}.quantity`, { valueAsNumber: true })}
            />
            <button
              type="button"
              className="btn btn-ghost btn-sm sm:mt-7"
              aria-label={`Remove line ${index + 1}`}
              onClick={() => remove(index)}
            >
              Remove
            </button>
          </div>
        ))}
        {fields.length < LIST_LINES_MAX && (
          <button
            type="button"
            className="btn btn-outline btn-sm self-start"
            onClick={() => append({ sku: '', quantity: 1 })}
          >
            Add line
          </button>
        )}
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={save.isPending}>Save list</SubmitButton>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
