import { z } from 'zod';
import { priceBreakProblems } from '../../../../shared/price-breaks.ts';
import {
  ACCEPTED_IMAGE_TYPES,
  IMAGE_MAX_BYTES,
  IMAGE_REQUIRED_MESSAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  PRODUCT_IMAGES_MAX,
  ProductBodySchema,
  type Product,
  type ProductBody,
} from '../../../../shared/product.ts';

// The rules POST /api/images answers with (413 and 415), checked here before anything is sent.
const imageFile = z
  .file({ error: IMAGE_REQUIRED_MESSAGE })
  .mime(ACCEPTED_IMAGE_TYPES, IMAGE_TYPE_MESSAGE)
  .max(IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE);

/** The request's own rules for the typed fields; the image is a file here and a URL in the body. */
const productFields = ProductBodySchema.pick({
  name: true,
  price: true,
  description: true,
  minQuantity: true,
  availableQuantity: true,
  priceBreaks: true,
});

/** The rules across the volume price breaks' rows, under the row's field, as the server says them. */
function checkPriceBreaks(values: z.output<typeof productFields>, context: z.RefinementCtx): void {
  for (const problem of priceBreakProblems(values.priceBreaks, values))
    context.addIssue({
      code: 'custom',
      message: problem.message,
      path: ['priceBreaks', problem.index, problem.field],
    });
}

/** Issue 24: category, battery platform and the gallery (catalogue-fields.tsx). */
const catalogueFields = {
  categoryId: z.string(),
  platform: ProductBodySchema.shape.platform.unwrap().unwrap(),
  batteryIncluded: z.boolean(),
  images: z.array(z.string()).max(PRODUCT_IMAGES_MAX - 1),
};

/** Add a new Product: an image is required. */
export const AddProductFormSchema = productFields
  .extend({
    image: imageFile.nullable().refine((file) => file !== null, IMAGE_REQUIRED_MESSAGE),
    ...catalogueFields,
  })
  .superRefine(checkPriceBreaks);

/** Edit Product: a new image is optional; without one the current image stays. */
export const EditProductFormSchema = productFields
  .extend({ image: imageFile.nullable(), ...catalogueFields })
  .superRefine(checkPriceBreaks);

export type ProductFormValues = z.input<typeof EditProductFormSchema>;
export type ProductFormOutput = z.output<typeof EditProductFormSchema>;

/** Fields whose server message (a 400's `fields`) has an input of the same name. */
export const TYPED_FIELD_NAMES = [
  'name',
  'price',
  'description',
  'minQuantity',
  'availableQuantity',
] as const;

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  price: '',
  description: '',
  image: null,
  minQuantity: '',
  availableQuantity: '',
  priceBreaks: [],
  categoryId: '',
  platform: '',
  batteryIncluded: false,
  images: [],
};

/** Number inputs hold text: the saved numbers are shown as they are. */
export function toFormValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    price: String(product.price),
    description: product.description,
    image: null,
    minQuantity: String(product.minQuantity),
    availableQuantity: String(product.availableQuantity),
    priceBreaks: product.priceBreaks.map((row) => ({
      minQuantity: String(row.minQuantity),
      price: String(row.price),
    })),
    categoryId: product.categoryId ?? '',
    platform: product.platform ?? '',
    batteryIncluded: product.batteryIncluded,
    images: product.images,
  };
}

/** The request body: the typed fields as validated, and the uploaded image's URL. */
export function toProductBody(
  { image: _file, ...fields }: ProductFormOutput,
  img: string,
): ProductBody {
  return { ...fields, categoryId: fields.categoryId === '' ? null : fields.categoryId, img };
}
