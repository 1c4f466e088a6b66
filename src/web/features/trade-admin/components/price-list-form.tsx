import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef } from 'react';
import { useFieldArray, useForm, type Path } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import type { z } from 'zod';
import { type PriceList, PriceListBodySchema } from '../../../../shared/price-lists.ts';
import { useCategories } from '../../../api/categories.ts';
import { FormField } from '../../../components/form-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { SPEC_VALIDATION_MODE } from '../../../lib/form-errors.ts';
import { formSubmitHandler } from '../../../lib/use-spec-form.ts';
import { usePriceListMutations } from '../api/trade-admin.ts';

// A contract price list's form (issue 37): its name, fixed prices by SKU and percents off by
// category, rows added and removed; checked by the API's own schema, the server's messages (an
// unknown SKU, a name taken) under their fields.

interface Values {
  name: string;
  prices: { sku: string; price: number }[];
  discounts: { categoryId: string; percent: number }[];
}
/** The API's schema, its lists required (the form always has them, maybe empty). */
const FormSchema = PriceListBodySchema.extend({
  prices: PriceListBodySchema.shape.prices.unwrap(),
  discounts: PriceListBodySchema.shape.discounts.unwrap(),
});
type Output = z.output<typeof FormSchema>;

const BLANK: Values = { name: '', prices: [], discounts: [] };

const valuesOf = (list: PriceList): Values => ({
  name: list.name,
  prices: list.prices.map(({ sku, price }) => ({ sku, price })),
  discounts: list.discounts.map(({ categoryId, percent }) => ({ categoryId, percent })),
});

export function PriceListForm({
  priceList,
  onDone,
}: {
  priceList?: PriceList;
  onDone?: () => void;
}) {
  const { save } = usePriceListMutations();
  const categories = useCategories();
  const headingId = useId();
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(FormSchema),
    ...SPEC_VALIDATION_MODE,
    defaultValues: priceList ? valuesOf(priceList) : BLANK,
  });
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = form;
  const prices = useFieldArray({ control, name: 'prices' });
  const discounts = useFieldArray({ control, name: 'discounts' });
  // Editing opens the form below the list: the focus (and the view) goes to its name.
  const nameRef = useRef<HTMLInputElement | null>(null);
  const editingId = priceList?.id;
  useEffect(() => {
    if (editingId !== undefined) nameRef.current?.focus();
  }, [editingId]);
  const nameField = register('name');

  const onSubmit = async (body: Output) => {
    try {
      const saved = await save.mutateAsync({ id: priceList?.id, body });
      toast.success(`Price list ${saved.name} is saved`);
      if (!priceList) reset(BLANK);
      onDone?.();
    } catch (error) {
      if (isApiError(error) && error.fields)
        for (const [name, message] of Object.entries(error.fields))
          setError(name as Path<Values>, { type: 'server', message }, { shouldFocus: true });
      toast.error(getErrorMessage(error));
    }
  };

  const title = priceList ? `Edit ${priceList.name}` : 'New price list';
  return (
    <form
      aria-labelledby={headingId}
      noValidate
      onSubmit={formSubmitHandler(handleSubmit(onSubmit))}
      className="flex flex-col gap-4 rounded-box border border-base-300 p-4"
    >
      <h2 id={headingId} className="text-2xl font-bold">
        {title}
      </h2>
      <TextField
        label="Name"
        error={errors.name?.message}
        {...nameField}
        ref={(element) => {
          nameField.ref(element);
          nameRef.current = element;
        }}
      />

      <fieldset className="flex flex-col gap-3">
        <legend className="text-lg font-semibold">Fixed prices</legend>
        <p className="text-sm">
          A variant&apos;s unit price for the companies on this list, when it is below the price (or
          the volume price) everyone else pays.
        </p>
        {prices.fields.map((field, index) => (
          <div key={field.id} className="grid items-end gap-3 sm:grid-cols-[2fr_1fr_auto]">
            <FormField
              label="SKU"
              labelContext={`, price row ${index + 1}`}
              error={errors.prices?.[index]?.sku?.message}
            >
              {(control) => (
                <input
                  {...control}
                  {...register(`prices.${index}.sku`)}
                  autoCapitalize="characters"
                  className="input w-full"
                />
              )}
            </FormField>
            <FormField
              label="Price"
              labelContext={`, price row ${index + 1}`}
              error={errors.prices?.[index]?.price?.message}
            >
              {(control) => (
                <input
                  {...control}
                  {...register(`prices.${index}.price`, { valueAsNumber: true })}
                  type="number"
                  step="0.01"
                  min="0.01"
                  inputMode="decimal"
                  className="input w-full"
                />
              )}
            </FormField>
            <button
              type="button"
              className="btn btn-ghost btn-sm mb-1"
              onClick={() => prices.remove(index)}
            >
              Remove price row {index + 1}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="btn btn-outline btn-sm self-start"
          onClick={() => prices.append({ sku: '', price: Number.NaN })}
        >
          Add price
        </button>
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="text-lg font-semibold">Category discounts</legend>
        <p className="text-sm">
          A percent off the price (or the volume price) of every product of a category without a
          fixed price here, rounded to the cent.
        </p>
        {discounts.fields.map((field, index) => (
          <div key={field.id} className="grid items-end gap-3 sm:grid-cols-[2fr_1fr_auto]">
            <FormField
              label="Category"
              labelContext={`, discount row ${index + 1}`}
              error={errors.discounts?.[index]?.categoryId?.message}
            >
              {(control) => (
                <select
                  {...control}
                  {...register(`discounts.${index}.categoryId`)}
                  className="select w-full"
                >
                  <option value="">Choose a category</option>
                  {(categories.data ?? []).map((category) => (
                    <option key={category._id} value={category._id}>
                      {category.name}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField
              label="Percent"
              labelContext={`, discount row ${index + 1}`}
              error={errors.discounts?.[index]?.percent?.message}
            >
              {(control) => (
                <input
                  {...control}
                  {...register(`discounts.${index}.percent`, { valueAsNumber: true })}
                  type="number"
                  step="0.01"
                  min="0.01"
                  max="99.99"
                  inputMode="decimal"
                  className="input w-full"
                />
              )}
            </FormField>
            <button
              type="button"
              className="btn btn-ghost btn-sm mb-1"
              onClick={() => discounts.remove(index)}
            >
              Remove discount row {index + 1}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="btn btn-outline btn-sm self-start"
          onClick={() => discounts.append({ categoryId: '', percent: Number.NaN })}
        >
          Add discount
        </button>
      </fieldset>

      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={save.isPending}>
          {priceList ? 'Save price list' : 'Create price list'}
        </SubmitButton>
        {priceList && (
          <button type="button" className="btn" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
