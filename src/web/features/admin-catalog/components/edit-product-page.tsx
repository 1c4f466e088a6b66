import { useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import {
  productUpdatedMessage,
  type Product,
  type ProductDetail,
} from '../../../../shared/product.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { getErrorMessage, isApiError } from '../../../lib/api-client.ts';
import { useProductDetail } from '../api/product-variants.ts';
import { useUpdateProduct } from '../api/update-product.ts';
import { useImageUpload } from '../hooks/use-image-upload.ts';
import { EditProductFormSchema, toFormValues, toProductBody } from '../lib/product-form.ts';
import { showProductFieldErrors } from '../lib/show-errors.ts';
import { ProductFields } from './product-fields.tsx';
import { VariantsEditor } from './variants-editor.tsx';
import { pageRoutes } from '../../../../shared/page-routes.ts';
import { formSubmitHandler, useSpecForm } from '../../../lib/use-spec-form.ts';

interface EditProductFormProps {
  product: Product;
  /** Fetches the product again; undefined when that failed. */
  reload: () => Promise<Product | undefined>;
  /** `adopt`: the product as the Variants section saved or reloaded it. */
  ref?: Ref<ProductFormHandle>;
}

interface ProductFormHandle {
  adopt: (product: Product) => void;
}

function EditProductForm({ product, reload, ref }: EditProductFormProps) {
  // The values the form was filled from: their version goes with the save, and only a deliberate
  // reload (after a conflict) replaces them, never a background refetch under the admin's typing.
  const [base, setBase] = useState(product);
  const form = useSpecForm(EditProductFormSchema, toFormValues(product));
  const {
    handleSubmit,
    reset,
    setError,
    formState: { isSubmitting },
  } = form;
  const updateProduct = useUpdateProduct();
  const imageUpload = useImageUpload();
  const navigate = useNavigate();

  // Saving the variants changes the product's version (and maybe its default variant): this form
  // goes on from it, refilled unless the admin has already typed here.
  const { isDirty } = form.formState;
  useImperativeHandle(
    ref,
    () => ({
      adopt: (latest) => {
        setBase(latest);
        if (!isDirty) reset(toFormValues(latest));
      },
    }),
    [isDirty, reset],
  );

  const onSubmit = handleSubmit(async (values) => {
    const img = values.image
      ? await imageUpload.uploadOrShowError(values.image, setError)
      : base.img;
    if (img === undefined) return;
    let saved: Product;
    try {
      saved = await updateProduct.mutateAsync({
        productId: base._id,
        body: { ...toProductBody(values, img), version: base.version },
      });
    } catch (error) {
      if (showProductFieldErrors(error, setError)) return;
      toast.error(getErrorMessage(error));
      // Changed (409) or deleted (404) since it was opened: show what is there now.
      if (isApiError(error) && (error.status === 409 || error.status === 404)) {
        const current = await reload();
        if (current) {
          setBase(current);
          reset(toFormValues(current));
        }
      }
      return;
    }
    toast.success(productUpdatedMessage(saved.name));
    await navigate(pageRoutes.manageProducts.href());
  });

  return (
    <form
      noValidate
      onSubmit={formSubmitHandler(onSubmit)}
      aria-label="Edit Product"
      className="flex flex-col gap-5"
    >
      <ProductFields
        form={form}
        uploadProgress={imageUpload.progress}
        currentImage={{ src: base.img, alt: `Current image of ${base.name}` }}
      />
      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={isSubmitting}>Save Changes</SubmitButton>
        <Link to={pageRoutes.manageProducts.href()} className="btn btn-ghost">
          Cancel
        </Link>
      </div>
    </form>
  );
}

function ProductGone() {
  return (
    <div className="flex flex-col items-start gap-3 rounded-box border border-base-300 bg-base-200 px-6 py-8">
      <p className="text-lg font-semibold">
        This product does not exist. It may have been deleted.
      </p>
      <Link to={pageRoutes.manageProducts.href()} className="btn btn-neutral">
        Back to Manage Products
      </Link>
    </div>
  );
}

/**
 * Edit Product (beyond the spec): the product's fields, prefilled, saved with its version; then
 * its options and variants (issue 34).
 */
export function EditProductPage({ productId }: { productId: string }) {
  const product = useProductDetail(productId);
  const productForm = useRef<ProductFormHandle>(null);

  const reload = async () => {
    const result = await product.refetch();
    return result.isSuccess ? result.data : undefined;
  };

  return (
    <section className="flex max-w-2xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Edit Product</h1>
      <QueryState
        query={product}
        loading="Loading the product"
        failed="We couldn't load the product."
        keepDataOnError
        renderError={(error) => isApiError(error) && error.status === 404 && <ProductGone />}
      >
        {(data) => (
          <>
            <EditProductForm key={data._id} product={data} reload={reload} ref={productForm} />
            <VariantsEditor
              key={`variants-${data._id}`}
              product={data}
              onCurrent={(current: ProductDetail) => productForm.current?.adopt(current)}
              reload={reload}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
