import { toast } from 'react-toastify/unstyled';
import { PRODUCT_ADD_FAILED_MESSAGE, PRODUCT_ADDED_MESSAGE } from '../../../../shared/product.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useAddProduct } from '../api/add-product.ts';
import { useImageUpload } from '../hooks/use-image-upload.ts';
import { AddProductFormSchema, EMPTY_PRODUCT_FORM, toProductBody } from '../lib/product-form.ts';
import { showProductFieldErrors } from '../lib/show-errors.ts';
import { ProductFields } from './product-fields.tsx';
import { formSubmitHandler, useSpecForm } from '../../../lib/use-spec-form.ts';

/** Add a new Product: upload the image, then create the product with the image's URL. */
export function AddProductPage() {
  const form = useSpecForm(AddProductFormSchema, EMPTY_PRODUCT_FORM);
  const { setError } = form;
  const addProduct = useAddProduct();
  const imageUpload = useImageUpload();

  const onSubmit = form.handleSubmit(async (values) => {
    if (!values.image) return; // the schema requires it
    const img = await imageUpload.uploadOrShowError(values.image, setError);
    if (img === undefined) return;
    try {
      const { insertedId } = await addProduct.mutateAsync(toProductBody(values, img));
      if (!insertedId) throw new Error(PRODUCT_ADD_FAILED_MESSAGE);
    } catch (error) {
      // Spec section 8: this toast for any failure; what the server named goes under its field too.
      showProductFieldErrors(error, setError);
      toast.error(PRODUCT_ADD_FAILED_MESSAGE);
      return;
    }
    toast.success(PRODUCT_ADDED_MESSAGE);
    form.reset(EMPTY_PRODUCT_FORM);
  });

  return (
    <section className="flex max-w-2xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Add a new Product</h1>
      <form
        noValidate
        onSubmit={formSubmitHandler(onSubmit)}
        aria-label="Add a new Product"
        className="flex flex-col gap-5"
      >
        <ProductFields form={form} uploadProgress={imageUpload.progress} />
        <SubmitButton pending={form.formState.isSubmitting} className="self-start">
          Add Product
        </SubmitButton>
      </form>
    </section>
  );
}
