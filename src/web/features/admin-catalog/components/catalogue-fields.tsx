import { useRef, useState } from 'react';
import { useController, type UseFormReturn } from 'react-hook-form';
import { ACCEPTED_IMAGE_TYPES, PRODUCT_IMAGES_MAX } from '../../../../shared/product.ts';
import { FormField } from '../../../components/form-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useCategories } from '../../../api/categories.ts';
import { useLateOptions } from '../../../lib/use-late-options.ts';
import { uploadProductImage } from '../api/upload-product-image.ts';
import type { ProductFormOutput, ProductFormValues } from '../lib/product-form.ts';

type ProductForm = UseFormReturn<ProductFormValues, unknown, ProductFormOutput>;

/** Category, battery platform, battery included (issue 24). */
function CategoryAndPlatform({ form }: { form: ProductForm }) {
  const categories = useCategories();
  // Filled before the list arrives: the stored category stays shown and saved (issue 39).
  const unlisted = useLateOptions(form, 'categoryId', categories.data, (category) => category._id);
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField
        label="Category"
        error={errors.categoryId?.message}
        {...(categories.isError && { hint: "We couldn't load the categories." })}
      >
        {(control) => (
          <select {...control} {...register('categoryId')} className="select w-full">
            <option value="">No category</option>
            {categories.data?.map((category) => (
              <option key={category._id} value={category._id}>
                {category.name}
              </option>
            ))}
            {unlisted !== null && (
              <option value={unlisted}>
                {categories.isPending ? 'Loading categories…' : 'The current category'}
              </option>
            )}
          </select>
        )}
      </FormField>
      <TextField
        label="Battery platform"
        hint="For example 18V or 12V; empty when it has none."
        error={errors.platform?.message}
        {...register('platform')}
        type="text"
        list="battery-platforms"
      />
      <datalist id="battery-platforms">
        <option value="12V" />
        <option value="18V" />
        <option value="20V" />
        <option value="36V" />
      </datalist>
      <label className="flex items-center gap-3 sm:col-span-2">
        <input type="checkbox" className="checkbox" {...register('batteryIncluded')} />
        <span>Battery included</span>
      </label>
    </div>
  );
}

/** More pictures after the main image: upload (same rules as the image), reorder, remove. */
function Gallery({ form }: { form: ProductForm }) {
  const { field } = useController({ control: form.control, name: 'images' });
  const images = field.value ?? [];
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const fileInput = useRef<HTMLInputElement | null>(null);
  const room = PRODUCT_IMAGES_MAX - 1 - images.length;

  const move = (from: number, to: number) => {
    const next = [...images];
    const [moved] = next.splice(from, 1);
    if (moved === undefined) return;
    next.splice(to, 0, moved);
    field.onChange(next);
  };

  const add = async (files: FileList | null) => {
    const chosen = [...(files ?? [])].slice(0, room);
    if (chosen.length === 0) return;
    setUploading(true);
    setError(undefined);
    try {
      const urls: string[] = [];
      for (const file of chosen) urls.push(await uploadProductImage(file));
      field.onChange([...images, ...urls]);
    } catch (failure) {
      setError(getErrorMessage(failure));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="font-medium">More pictures</legend>
      <p className="text-sm text-stone-600">
        Up to {PRODUCT_IMAGES_MAX} pictures in all: the image above comes first, then these in this
        order.
      </p>
      {images.length > 0 && (
        <ol className="flex flex-col gap-2" aria-label="Gallery pictures">
          {images.map((src, index) => (
            <li key={src} className="flex flex-wrap items-center gap-3">
              <img
                src={src}
                alt={`Picture ${index + 2}`}
                width={64}
                height={48}
                className="h-12 w-16 rounded border border-base-300 bg-base-200 object-contain"
              />
              <span className="text-sm">Picture {index + 2}</span>
              <button
                type="button"
                className="btn btn-sm"
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                Move picture {index + 2} earlier
              </button>
              <button
                type="button"
                className="btn btn-sm"
                disabled={index === images.length - 1}
                onClick={() => move(index, index + 1)}
              >
                Move picture {index + 2} later
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline btn-error"
                onClick={() => field.onChange(images.filter((_, i) => i !== index))}
              >
                Remove picture {index + 2}
              </button>
            </li>
          ))}
        </ol>
      )}
      <FormField
        label="Add pictures"
        error={error}
        hint={room > 0 ? `${room} more can be added.` : 'The gallery is full.'}
      >
        {(control) => (
          <input
            {...control}
            ref={fileInput}
            type="file"
            multiple
            disabled={room <= 0 || uploading}
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            onChange={(event) => void add(event.target.files)}
            className="file-input w-full"
          />
        )}
      </FormField>
      {uploading && (
        <p role="status" className="flex items-center gap-2 text-sm">
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
          Uploading pictures…
        </p>
      )}
    </fieldset>
  );
}

/** The issue-24 fields of the product forms, in one place (one line in product-fields.tsx). */
export function CatalogueFields({ form }: { form: ProductForm }) {
  return (
    <>
      <CategoryAndPlatform form={form} />
      <Gallery form={form} />
    </>
  );
}
