import { useEffect, useRef } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { FormField } from '../../../components/form-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ACCEPTED_IMAGE_TYPES } from '../../../../shared/product.ts';
import { VolumePricingFields } from './volume-pricing-fields.tsx';
import { CatalogueFields } from './catalogue-fields.tsx';
import type { ProductFormOutput, ProductFormValues } from '../lib/product-form.ts';

interface ProductFieldsProps {
  form: UseFormReturn<ProductFormValues, unknown, ProductFormOutput>;
  /** 0 to 100 while the image uploads, null otherwise. */
  uploadProgress: number | null;
  /** Edit only: the image the product has now, kept unless a new file is chosen. */
  currentImage?: { src: string; alt: string };
}

function UploadProgress({ percent }: { percent: number }) {
  return (
    <div className="flex items-center gap-3">
      <progress
        className="progress progress-primary w-full"
        value={percent}
        max={100}
        aria-label="Uploading image"
      />
      <span className="w-12 text-right text-sm tabular-nums" aria-hidden="true">
        {percent}%
      </span>
    </div>
  );
}

/** The product's fields, shared by Add a new Product and Edit Product. */
export function ProductFields({ form, uploadProgress, currentImage }: ProductFieldsProps) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const fileInput = useRef<HTMLInputElement | null>(null);
  const image = useWatch({ control, name: 'image' });

  // A file input cannot be controlled: when the form forgets the file (a reset), so does the input.
  useEffect(() => {
    if (image === null && fileInput.current) fileInput.current.value = '';
  }, [image]);

  return (
    <>
      <TextField
        label="Product Name"
        error={errors.name?.message}
        {...register('name')}
        type="text"
      />
      <TextField
        label="Price"
        error={errors.price?.message}
        {...register('price')}
        type="number"
        step="any"
        inputMode="decimal"
      />
      <FormField label="Description" error={errors.description?.message}>
        {(control) => (
          <textarea
            {...control}
            {...register('description')}
            rows={4}
            className={`textarea w-full ${errors.description ? 'textarea-error' : ''}`}
          />
        )}
      </FormField>
      {currentImage && (
        <figure className="flex items-center gap-4">
          <img
            src={currentImage.src}
            alt={currentImage.alt}
            width={96}
            height={72}
            className="h-18 w-24 rounded-box border border-base-300 bg-base-200 object-contain"
          />
          <figcaption className="text-sm text-stone-600">
            The current image stays unless you choose a new one.
          </figcaption>
        </figure>
      )}
      <FormField label="Image" error={errors.image?.message}>
        {(fieldControl) => (
          <Controller
            control={control}
            name="image"
            render={({ field: { name, onBlur, onChange, ref } }) => (
              <input
                {...fieldControl}
                ref={(element) => {
                  ref(element);
                  fileInput.current = element;
                }}
                name={name}
                type="file"
                accept={ACCEPTED_IMAGE_TYPES.join(',')}
                onBlur={onBlur}
                onChange={(event) => onChange(event.target.files?.[0] ?? null)}
                className={`file-input w-full ${errors.image ? 'file-input-error' : ''}`}
              />
            )}
          />
        )}
      </FormField>
      {uploadProgress !== null && <UploadProgress percent={uploadProgress} />}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Minimum Order Quantity"
          error={errors.minQuantity?.message}
          {...register('minQuantity')}
          type="number"
          step={1}
          inputMode="numeric"
        />
        <TextField
          label="Available Quantity"
          error={errors.availableQuantity?.message}
          {...register('availableQuantity')}
          type="number"
          step={1}
          inputMode="numeric"
        />
      </div>
      <VolumePricingFields form={form} />
      <CatalogueFields form={form} />
    </>
  );
}
