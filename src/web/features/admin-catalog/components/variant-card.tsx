import { useEffect, useRef, useState } from 'react';
import { get, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { ACCEPTED_IMAGE_TYPES, IMAGE_UPLOAD_FIELD } from '../../../../shared/product.ts';
import {
  KIT_PARTS_MAX,
  TAX_CLASS_LABELS,
  VARIANT_TAX_CLASSES,
} from '../../../../shared/variant.ts';
import { PRICE_BREAKS_LABEL, PRICE_BREAKS_MAX } from '../../../../shared/price-breaks.ts';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { uploadProductImage } from '../api/upload-product-image.ts';
import type { VariantsFormOutput, VariantsFormValues } from '../lib/variants-form.ts';
import { FormField } from '../../../components/form-field.tsx';

type VariantsForm = UseFormReturn<VariantsFormValues, unknown, VariantsFormOutput>;

interface VariantCardProps {
  form: VariantsForm;
  index: number;
  count: number;
  /** The options' names as typed, in order. */
  optionNames: readonly string[];
  /** The values each option offers (split from what is typed), in order. */
  optionValues: readonly (readonly string[])[];
  /** The pictures a variant may pick from: the product's and those uploaded. */
  pictures: readonly string[];
  onPictureUploaded: (url: string) => void;
  onMove: (from: number, to: number) => void;
  onDelete: (index: number) => void;
}

const inputClass = (error: unknown) => `input w-full ${error ? 'input-error' : ''}`;

interface PairColumn {
  field: string;
  label: string;
  /** Text (a SKU) or a number (whole, or with decimals). */
  kind: 'sku' | 'whole' | 'decimal';
}

interface PairRowsProps {
  form: VariantsForm;
  index: number;
  context: string;
  /** The variant's list: a kit's parts or its price breaks. */
  list: 'parts' | 'priceBreaks';
  legend: string;
  note?: string;
  columns: readonly [PairColumn, PairColumn];
  /** Names a row to screen readers: "part", "break". */
  rowWord: string;
  addLabel: string;
  max: number;
}

const inputKind = (kind: PairColumn['kind']) =>
  kind === 'sku'
    ? ({ type: 'text', autoCapitalize: 'characters', spellCheck: false } as const)
    : ({
        type: 'number',
        step: kind === 'whole' ? 1 : 'any',
        inputMode: kind === 'whole' ? 'numeric' : 'decimal',
      } as const);

/** A variant's list of two-field rows (a kit's parts, its volume pricing), added and removed. */
function PairRows({
  form,
  index,
  context,
  list,
  legend,
  note,
  columns,
  rowWord,
  addLabel,
  max,
}: PairRowsProps) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const name = `variants.${index}.${list}` as const;
  // Both lists hold rows of two text fields; the form knows each one's own shape.
  const rows = useFieldArray({ control, name: name as `variants.${number}.parts` });
  const message = (path: string) =>
    (get(errors, `${name}${path}`) as { message?: string } | undefined)?.message;
  const listMessage = message('') ?? message('.root');
  const emptyRow = Object.fromEntries(columns.map(({ field }) => [field, ''])) as {
    sku: string;
    quantity: string;
  };

  return (
    <fieldset className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
      <legend className="px-1 text-sm font-medium">
        {legend}
        <span className="sr-only">{context}</span>
      </legend>
      {note && <p className="text-xs text-stone-600">{note}</p>}
      {rows.fields.map((row, position) => {
        const rowContext = `, ${rowWord} ${position + 1}${context}`;
        return (
          <div key={row.id} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
            {columns.map(({ field, label, kind }) => {
              const error = message(`.${position}.${field}`);
              return (
                <FormField key={field} label={label} labelContext={rowContext} error={error}>
                  {(fieldControl) => (
                    <input
                      {...fieldControl}
                      {...register(`${name}.${position}.${field}` as `variants.${number}.sku`)}
                      {...inputKind(kind)}
                      className={inputClass(error)}
                    />
                  )}
                </FormField>
              );
            })}
            <button
              type="button"
              className="btn btn-ghost btn-sm mb-1"
              aria-label={`Remove ${rowWord} ${position + 1}${context}`}
              onClick={() => rows.remove(position)}
            >
              Remove
            </button>
          </div>
        );
      })}
      {listMessage && <p className="text-sm font-medium text-error">{listMessage}</p>}
      <div>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={rows.fields.length >= max}
          aria-label={`${addLabel}${context}`}
          onClick={() => rows.append(emptyRow)}
        >
          {addLabel}
        </button>
      </div>
    </fieldset>
  );
}

function VariantPictures({
  form,
  index,
  context,
  pictures,
  onPictureUploaded,
}: {
  form: VariantsForm;
  index: number;
  context: string;
  pictures: readonly string[];
  onPictureUploaded: (url: string) => void;
}) {
  const {
    control,
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = form;
  const chosen = useWatch({ control, name: `variants.${index}.images` });
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const error = get(errors, `variants.${index}.images`) as { message?: string } | undefined;
  const name = `variants.${index}.images` as const;

  const toggle = (url: string, on: boolean) =>
    setValue(name, on ? [...chosen, url] : chosen.filter((image) => image !== url), {
      shouldDirty: true,
    });

  const upload = async (file: File) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    clearErrors(name);
    setProgress(0);
    try {
      const url = await uploadProductImage(file, {
        onProgress: setProgress,
        signal: controller.signal,
      });
      onPictureUploaded(url);
      setValue(name, [...form.getValues(name), url], { shouldDirty: true });
    } catch (failure) {
      if (failure instanceof DOMException && failure.name === 'AbortError') return;
      const message = isApiError(failure)
        ? (failure.fields?.[IMAGE_UPLOAD_FIELD] ?? failure.message)
        : getErrorMessage(failure);
      setError(name, { type: 'server', message });
    } finally {
      if (abort.current === controller) {
        abort.current = null;
        setProgress(null);
      }
    }
  };

  return (
    <fieldset className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
      <legend className="px-1 text-sm font-medium">
        Pictures<span className="sr-only">{context}</span>
      </legend>
      <p className="text-xs text-stone-600">None chosen: the product&apos;s pictures are shown.</p>
      <div className="flex flex-wrap gap-3">
        {pictures.map((url, position) => (
          <label key={url} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={chosen.includes(url)}
              onChange={(event) => toggle(url, event.target.checked)}
            />
            <img
              src={url}
              alt=""
              width={48}
              height={36}
              className="h-9 w-12 rounded border border-base-300 bg-base-200 object-contain"
            />
            Picture {position + 1}
            <span className="sr-only">{context}</span>
          </label>
        ))}
      </div>
      <FormField label="Upload a picture" labelContext={context} error={error?.message}>
        {(fieldControl) => (
          <input
            {...fieldControl}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            className={`file-input file-input-sm w-full ${error ? 'file-input-error' : ''}`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void upload(file);
            }}
          />
        )}
      </FormField>
      {progress !== null && (
        <progress
          className="progress progress-primary w-full"
          value={progress}
          max={100}
          aria-label={`Uploading picture${context}`}
        />
      )}
    </fieldset>
  );
}

/** One variant of the Variants section: its SKU, option values, price, stock, pictures and parts. */
export function VariantCard({
  form,
  index,
  count,
  optionNames,
  optionValues,
  pictures,
  onPictureUploaded,
  onMove,
  onDelete,
}: VariantCardProps) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const context = `, variant ${index + 1}`;
  const sku = useWatch({ control, name: `variants.${index}.sku` });
  const parts = useWatch({ control, name: `variants.${index}.parts` });
  const stockNow = useWatch({ control, name: `variants.${index}.stockNow` });
  const isKit = parts.length > 0;
  const message = (field: string) =>
    (get(errors, `variants.${index}.${field}`) as { message?: string } | undefined)?.message;

  const numberField = (
    label: string,
    field: 'price' | 'minQuantity' | 'availableQuantity' | 'weightGrams',
    decimals = false,
  ) => (
    <FormField label={label} labelContext={context} error={message(field)}>
      {(fieldControl) => (
        <input
          {...fieldControl}
          {...register(`variants.${index}.${field}`)}
          type="number"
          min={0}
          step={decimals ? 'any' : 1}
          inputMode={decimals ? 'decimal' : 'numeric'}
          className={inputClass(message(field))}
        />
      )}
    </FormField>
  );

  return (
    <fieldset className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4">
      <legend className="px-1 font-semibold">
        Variant {index + 1}
        {index === 0 && ' (default)'}
        {sku && <span className="font-normal text-stone-600"> · {sku}</span>}
      </legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        <div className="col-span-2 sm:col-span-1">
          <FormField label="SKU" labelContext={context} error={message('sku')}>
            {(fieldControl) => (
              <input
                {...fieldControl}
                {...register(`variants.${index}.sku`)}
                type="text"
                autoCapitalize="characters"
                spellCheck={false}
                className={inputClass(message('sku'))}
              />
            )}
          </FormField>
        </div>
        {optionNames.map((optionName, position) => {
          const error = message(`values.${position}`);
          return (
            <FormField
              key={`${position}-${optionName}`}
              label={optionName || `Option ${position + 1}`}
              labelContext={context}
              error={error}
            >
              {(fieldControl) => (
                <select
                  {...fieldControl}
                  {...register(`variants.${index}.values.${position}`)}
                  className={`select w-full ${error ? 'select-error' : ''}`}
                >
                  <option value="">Choose…</option>
                  {(optionValues[position] ?? []).map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          );
        })}
        {numberField('Price', 'price', true)}
        {numberField('Minimum', 'minQuantity')}
        {isKit ? (
          <div className="flex flex-col gap-1">
            <span className="text-sm font-medium">Stock</span>
            <p className="py-2 text-sm">
              from parts
              {stockNow !== null && ` (${stockNow} now)`}
            </p>
          </div>
        ) : (
          numberField('Stock', 'availableQuantity')
        )}
        {numberField('Weight (g)', 'weightGrams')}
        <FormField label="Tax class" labelContext={context} error={message('taxClass')}>
          {(fieldControl) => (
            <select
              {...fieldControl}
              {...register(`variants.${index}.taxClass`)}
              className={`select w-full ${message('taxClass') ? 'select-error' : ''}`}
            >
              {VARIANT_TAX_CLASSES.map((taxClass) => (
                <option key={taxClass} value={taxClass}>
                  {TAX_CLASS_LABELS[taxClass]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <PairRows
          form={form}
          index={index}
          context={context}
          list="priceBreaks"
          legend={PRICE_BREAKS_LABEL}
          columns={[
            { field: 'minQuantity', label: 'From quantity', kind: 'whole' },
            { field: 'price', label: 'Unit price', kind: 'decimal' },
          ]}
          rowWord="break"
          addLabel="Add price break"
          max={PRICE_BREAKS_MAX}
        />
        <VariantPictures
          form={form}
          index={index}
          context={context}
          pictures={pictures}
          onPictureUploaded={onPictureUploaded}
        />
        <PairRows
          form={form}
          index={index}
          context={context}
          list="parts"
          legend="Parts"
          note="A kit is made of other variants; its stock is what its parts allow."
          columns={[
            { field: 'sku', label: 'Part SKU', kind: 'sku' },
            { field: 'quantity', label: 'Quantity', kind: 'whole' },
          ]}
          rowWord="part"
          addLabel="Add part"
          max={KIT_PARTS_MAX}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={index === 0}
          aria-label={`Move up${context}`}
          onClick={() => onMove(index, index - 1)}
        >
          Move up
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={index === count - 1}
          aria-label={`Move down${context}`}
          onClick={() => onMove(index, index + 1)}
        >
          Move down
        </button>
        {index > 0 && (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={`Make default${context}`}
            onClick={() => onMove(index, 0)}
          >
            Make default
          </button>
        )}
        <button
          type="button"
          className="btn btn-ghost btn-sm text-error"
          disabled={count === 1}
          aria-label={`Delete${context}`}
          onClick={() => onDelete(index)}
        >
          Delete
        </button>
      </div>
    </fieldset>
  );
}
