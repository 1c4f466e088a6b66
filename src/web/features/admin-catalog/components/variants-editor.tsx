import { useId, useRef, useState } from 'react';
import { get, useFieldArray, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import type { ProductDetail } from '../../../../shared/product.ts';
import { OPTIONS_MAX } from '../../../../shared/variant.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { formSubmitHandler, useSpecForm } from '../../../lib/use-spec-form.ts';
import { useSaveProductVariants } from '../api/product-variants.ts';
import { planGeneration } from '../lib/variant-combinations.ts';
import {
  VariantsFormSchema,
  newVariantRow,
  placeServerMessages,
  splitOptionValues,
  toVariantsBody,
  toVariantsFormValues,
} from '../lib/variants-form.ts';
import { FormField } from '../../../components/form-field.tsx';
import { VariantCard } from './variant-card.tsx';

export const variantsSavedMessage = (name: string) => `Variants of ${name} saved`;
export const VARIANT_DELETE_NOTE =
  'Orders of this variant keep their record (its SKU and label as sold). It is deleted when you save the variants.';
export const VARIANTS_CONFLICT_HINT =
  'Reload the product to see what is saved now, then make your changes again.';

interface VariantsEditorProps {
  product: ProductDetail;
  /** The product as saved or reloaded here, for the rest of the page (its version changed). */
  onCurrent: (product: ProductDetail) => void;
  /** Fetches the product again; undefined when that failed. */
  reload: () => Promise<ProductDetail | undefined>;
}

interface Problem {
  message: string;
  /** Messages of the server no field shows. */
  details: string[];
  /** 409: stale version or a SKU taken elsewhere; a reload helps. */
  conflict: boolean;
}

/**
 * Edit Product's Variants section (issue 34): the product's options, "Generate variants" for the
 * combinations that have none, each variant's SKU, values, price, minimum, stock, weight, pictures
 * and kit parts, their order (the first is the default), and "Save variants", which replaces the
 * whole set with the version the editor was filled from.
 */
export function VariantsEditor({ product, onCurrent, reload }: VariantsEditorProps) {
  const [base, setBase] = useState(product);
  const [open, setOpen] = useState(product.options.length > 0 || product.variants.length > 1);
  const [uploaded, setUploaded] = useState<string[]>([]);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [notice, setNotice] = useState('');
  const [deleting, setDeleting] = useState<number | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const headingId = useId();
  const form = useSpecForm(VariantsFormSchema, toVariantsFormValues(product));
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    setValue,
    trigger,
    formState: { errors, isSubmitting },
  } = form;
  const options = useFieldArray({ control, name: 'options' });
  const variants = useFieldArray({ control, name: 'variants' });
  const typedOptions = useWatch({ control, name: 'options' });
  const saveVariants = useSaveProductVariants();

  const optionNames = typedOptions.map((option) => option.name.trim());
  const optionValues = typedOptions.map((option) => splitOptionValues(option.values));
  const pictures = [
    ...new Set([
      base.img,
      ...base.images,
      ...base.variants.flatMap((variant) => variant.images),
      ...uploaded,
    ]),
  ];

  const startFrom = (current: ProductDetail) => {
    setBase(current);
    reset(toVariantsFormValues(current));
    setProblem(null);
    onCurrent(current);
  };

  const addOption = () => {
    setOpen(true);
    options.append(
      { name: '', values: '' },
      { focusName: `options.${options.fields.length}.name` },
    );
  };

  const removeOption = (position: number) => {
    options.remove(position);
    getValues('variants').forEach((variant, index) =>
      setValue(
        `variants.${index}.values`,
        variant.values.filter((_, at) => at !== position),
      ),
    );
  };

  const generate = async () => {
    setNotice('');
    const names = typedOptions.map((_, position) => `options.${position}` as const);
    if (names.length === 0 || !(await trigger(names, { shouldFocus: true }))) {
      if (names.length === 0) setNotice('Add an option first.');
      return;
    }
    const current = getValues();
    const chosen = current.options.map((option) => ({
      name: option.name.trim(),
      values: splitOptionValues(option.values),
    }));
    const plan = planGeneration(
      base.sku,
      chosen,
      current.variants.map(({ sku, values }) => ({ sku, values })),
    );
    for (const { index, values } of plan.completed)
      setValue(`variants.${index}.values`, values, { shouldDirty: true });
    // A variant whose values list is shorter than the options (an option added) is padded.
    current.variants.forEach((variant, index) => {
      if (variant.values.length < chosen.length && !plan.completed.some((c) => c.index === index))
        setValue(
          `variants.${index}.values`,
          chosen.map((_, position) => variant.values[position] ?? ''),
        );
    });
    variants.append(plan.added.map(({ sku, values }) => newVariantRow(sku, values)));
    setNotice(
      plan.added.length === 0
        ? 'Every combination already has a variant.'
        : `${plan.added.length} ${plan.added.length === 1 ? 'variant' : 'variants'} added: set their prices and stock, then save.`,
    );
  };

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    setNotice('');
    let saved: ProductDetail;
    try {
      saved = await saveVariants.mutateAsync({
        productId: base._id,
        body: toVariantsBody(values, base.version),
      });
    } catch (error) {
      if (!isApiError(error)) {
        toast.error(getErrorMessage(error));
        return;
      }
      const { placed, unplaced } = placeServerMessages(
        error.fields ?? {},
        values.options.map((option) => option.name),
      );
      placed.forEach(([path, message], order) =>
        // The paths are the form's own (variantsFieldPath).
        setError(path as 'variants', { type: 'server', message }, { shouldFocus: order === 0 }),
      );
      const conflict = error.status === 409;
      if (conflict || placed.length === 0 || unplaced.length > 0)
        setProblem({ message: error.message, details: unplaced, conflict });
      return;
    }
    toast.success(variantsSavedMessage(saved.name));
    startFrom(saved);
  });

  const reloadProduct = async () => {
    const current = await reload();
    if (current) startFrom(current);
  };

  const optionsError = get(errors, 'options') as
    { message?: string; root?: { message?: string } } | undefined;
  const variantsError = get(errors, 'variants') as
    { message?: string; root?: { message?: string } } | undefined;
  const deletingSku = deleting === null ? '' : (getValues(`variants.${deleting}.sku`) ?? '');

  return (
    <section
      ref={sectionRef}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="flex flex-col gap-4 border-t border-base-300 pt-6"
    >
      <h2 id={headingId} className="text-2xl font-bold">
        Variants
      </h2>
      {!open ? (
        <div className="flex flex-col items-start gap-3">
          <p>
            Sold as one variant, SKU <span className="font-mono">{base.sku}</span>: its price,
            minimum and stock are the fields above. Add an option (e.g. Voltage: 12V, 18V) to sell
            it in several versions.
          </p>
          <button type="button" className="btn btn-outline" onClick={addOption}>
            Add an option
          </button>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={formSubmitHandler(onSubmit)}
          aria-label="Variants"
          className="flex flex-col gap-5"
        >
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-lg font-semibold">Options</legend>
            {options.fields.length === 0 && (
              <p className="text-sm text-stone-600">No options: the product has one variant.</p>
            )}
            {options.fields.map((option, position) => {
              const context = ` ${position + 1}`;
              const nameError = get(errors, `options.${position}.name`) as
                { message?: string } | undefined;
              const valuesError = get(errors, `options.${position}.values`) as
                { message?: string } | undefined;
              return (
                <div
                  key={option.id}
                  className="grid items-start gap-3 rounded-box border border-base-300 p-3 sm:grid-cols-[12rem_1fr_auto]"
                >
                  <FormField label="Option name" labelContext={context} error={nameError?.message}>
                    {(fieldControl) => (
                      <input
                        {...fieldControl}
                        {...register(`options.${position}.name`)}
                        type="text"
                        placeholder="Voltage"
                        className={`input w-full ${nameError ? 'input-error' : ''}`}
                      />
                    )}
                  </FormField>
                  <FormField
                    label="Values"
                    labelContext={`, option${context}`}
                    hint="Separated by commas, e.g. 12V, 18V"
                    error={valuesError?.message}
                  >
                    {(fieldControl) => (
                      <input
                        {...fieldControl}
                        {...register(`options.${position}.values`)}
                        type="text"
                        placeholder="12V, 18V"
                        className={`input w-full ${valuesError ? 'input-error' : ''}`}
                      />
                    )}
                  </FormField>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm sm:mt-6"
                    aria-label={`Remove option${context}`}
                    onClick={() => removeOption(position)}
                  >
                    Remove
                  </button>
                </div>
              );
            })}
            {(optionsError?.message ?? optionsError?.root?.message) && (
              <p className="text-sm font-medium text-error">
                {optionsError?.message ?? optionsError?.root?.message}
              </p>
            )}
            <div className="flex flex-wrap items-center gap-3">
              <button
                type="button"
                className="btn btn-outline btn-sm"
                disabled={options.fields.length >= OPTIONS_MAX}
                onClick={addOption}
              >
                Add an option
              </button>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => void generate()}
              >
                Generate variants
              </button>
              {options.fields.length >= OPTIONS_MAX && (
                <span className="text-sm text-stone-600">At most {OPTIONS_MAX} options.</span>
              )}
            </div>
            <p role="status" className="text-sm">
              {notice}
            </p>
          </fieldset>

          <div className="flex flex-col gap-4">
            <p className="text-sm text-stone-600">
              The first variant is the default: the product&apos;s price, stock and picture are its.
            </p>
            {variants.fields.map((variant, index) => (
              <VariantCard
                key={variant.id}
                form={form}
                index={index}
                count={variants.fields.length}
                optionNames={optionNames}
                optionValues={optionValues}
                pictures={pictures}
                onPictureUploaded={(url) => setUploaded((urls) => [...urls, url])}
                onMove={(from, to) => variants.move(from, to)}
                onDelete={setDeleting}
              />
            ))}
            {(variantsError?.message ?? variantsError?.root?.message) && (
              <p className="text-sm font-medium text-error">
                {variantsError?.message ?? variantsError?.root?.message}
              </p>
            )}
          </div>

          {problem && (
            <div role="alert" className="alert alert-error flex flex-col items-start gap-2">
              <p className="font-semibold">{problem.message}</p>
              {problem.details.length > 0 && (
                <ul className="list-disc pl-5">
                  {problem.details.map((detail) => (
                    <li key={detail}>{detail}</li>
                  ))}
                </ul>
              )}
              {problem.conflict && (
                <>
                  <p>{VARIANTS_CONFLICT_HINT}</p>
                  <button type="button" className="btn btn-sm" onClick={() => void reloadProduct()}>
                    Reload the product
                  </button>
                </>
              )}
            </div>
          )}

          <div>
            <SubmitButton pending={isSubmitting}>Save variants</SubmitButton>
          </div>
        </form>
      )}
      {deleting !== null && (
        <ConfirmDialog
          title={`Are you sure you want to delete ${deletingSku}?`}
          body={<p>{VARIANT_DELETE_NOTE}</p>}
          confirmLabel="Delete"
          returnFocusTo={sectionRef}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            variants.remove(deleting);
            setDeleting(null);
          }}
        />
      )}
    </section>
  );
}
