import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { dollarPrice, wholeQuantity } from './product-fields.ts';
import { PriceBreakSchema, PriceBreaksBodySchema } from './price-breaks.ts';
import { multiLineText, singleLineText } from './text.ts';
import { ProductOptionSchema, SkuSchema, VariantSchema } from './variant.ts';

/** A product as the API shows it (spec section 3); price in dollars. */
export const ProductSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  price: z.number(),
  description: z.string(),
  img: z.string(),
  minQuantity: z.number().int(),
  availableQuantity: z.number().int(),
  /** Volume price breaks, ascending quantities (issue 23); empty when none. */
  priceBreaks: z.array(PriceBreakSchema),
  /** Changes with every change to the product (a sale included); edits send back the one they saw. */
  version: z.number().int(),
  /** Issue 24: the gallery after `img`, in order (at most PRODUCT_IMAGES_MAX - 1). */
  images: z.array(z.string()),
  categoryId: IdSchema.nullable(),
  /** The battery platform (e.g. 18V), or null. */
  platform: z.string().nullable(),
  batteryIncluded: z.boolean(),
  /**
   * Issue 39: withdrawn from sale by a safety recall until an admin lifts it. Its stock is still
   * counted, but it cannot be ordered (`isForSale`, src/shared/for-sale.ts).
   */
  withdrawn: z.boolean(),
  /** Issue 34: the default variant's SKU (the spec's fields above are that variant's). */
  sku: z.string(),
  /** The lowest and highest price of its variants ("from $X" when they differ). */
  priceFrom: z.number(),
  priceTo: z.number(),
  /** How many variants it has (1: it behaves as a product always did). */
  variantCount: z.number().int(),
  /** The options its variants choose among (none for a product of one variant). */
  options: z.array(ProductOptionSchema),
  /**
   * Issue 36: the default variant's public sale price under the automatic promotions, in dollars
   * (src/shared/sale-price.ts), and the promotion's name; null when none takes anything off.
   */
  salePrice: z.number().nullable(),
  salePromotion: z.string().nullable(),
});
export type Product = z.infer<typeof ProductSchema>;

export const ProductListSchema = z.array(ProductSchema);

/** GET /api/products/{id}: the product with every variant (issue 34), the default first. */
export const ProductDetailSchema = ProductSchema.extend({ variants: z.array(VariantSchema) });
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

/**
 * The path parameter is any one line of text: a malformed id is a 404, like an unknown one; a
 * control character is a 400 (ADR 021).
 */
export const ProductParamsSchema = z.object({
  productId: singleLineText('Product id', { keepSpaces: true }),
});

// ---- Admin catalogue (add, edit, delete) ----

export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 2000;
export { PRODUCT_PRICE_MAX, PRODUCT_QUANTITY_MAX } from './product-fields.ts';
/** A product's pictures: `img` and up to 7 more (issue 24). */
export const PRODUCT_IMAGES_MAX = 8;
export const PLATFORM_MAX = 16;
/** The platforms the filters offer (an admin may type another, up to PLATFORM_MAX characters). */
export const BATTERY_PLATFORMS: readonly string[] = ['12V', '18V', '20V', '36V', '40V'];
/** Product images are ours: uploaded through POST /api/images, served from /images/<sha256>.webp. */
export const OWN_IMAGE_URL = /^\/images\/[0-9a-f]{64}\.webp$/;
export const IMAGE_REQUIRED_MESSAGE = 'Image is required';
export const IMAGE_NOT_OURS_MESSAGE = 'Image must be uploaded to this shop';
/** 409 on an edit whose `version` is stale: someone (a sale, another admin) changed it first. */
export const PRODUCT_CHANGED_MESSAGE =
  'This product changed since you opened it. Reload to see the current values.';

/** POST /api/products and PUT /api/products/{id} (spec field names; price in dollars). */
export const ProductBodySchema = z.object({
  name: singleLineText('Product Name', { required: 'Product Name is required' }).max(
    PRODUCT_NAME_MAX,
    `Product Name must be at most ${PRODUCT_NAME_MAX} characters`,
  ),
  price: dollarPrice(),
  description: multiLineText('Description')
    .max(
      PRODUCT_DESCRIPTION_MAX,
      `Description must be at most ${PRODUCT_DESCRIPTION_MAX} characters`,
    )
    .default(''),
  img: z
    .string({ error: IMAGE_REQUIRED_MESSAGE })
    .min(1, IMAGE_REQUIRED_MESSAGE)
    .regex(OWN_IMAGE_URL, IMAGE_NOT_OURS_MESSAGE),
  minQuantity: wholeQuantity('Minimum Order Quantity is required', 1),
  availableQuantity: wholeQuantity('Available Quantity is required', 0),
  /**
   * Volume price breaks (src/shared/price-breaks.ts); none when left out. The rules across rows
   * (`priceBreakProblems`) are checked by the service: a refined object could not be `.pick`ed.
   */
  priceBreaks: PriceBreaksBodySchema.default([]),
  /** Issue 24 (left out on an edit: unchanged). */
  images: z
    .array(z.string().regex(OWN_IMAGE_URL, IMAGE_NOT_OURS_MESSAGE), {
      error: 'Images must be a list',
    })
    .max(PRODUCT_IMAGES_MAX - 1, `At most ${PRODUCT_IMAGES_MAX} images`)
    .optional(),
  /** A category id, or null / '' for none. */
  categoryId: z
    .union([IdSchema, z.literal(''), z.null()], { error: 'Choose a category from the list' })
    .transform((id) => (id === '' ? null : id))
    .optional(),
  platform: singleLineText('Battery platform')
    .max(PLATFORM_MAX, `Battery platform must be at most ${PLATFORM_MAX} characters`)
    .transform((text) => (text === '' ? null : text))
    .nullable()
    .optional(),
  batteryIncluded: z.boolean({ error: 'Battery included must be true or false' }).optional(),
  /**
   * Issue 34: the default variant's SKU. A new product without one gets `TH-<number>`; an edit
   * without one keeps it.
   */
  sku: SkuSchema.optional(),
  /** The version the admin saw (edits only): a stale one is refused (409) instead of undoing a sale. */
  version: z.number().int().positive().optional(),
});
export type ProductBody = z.input<typeof ProductBodySchema>;

export const InsertedIdSchema = z.object({ insertedId: z.string() });
export const ProductDeletedSchema = z.object({ deletedCount: z.number().int() });

export const PRODUCT_ADDED_MESSAGE = 'Product Successfully added';
export const PRODUCT_ADD_FAILED_MESSAGE = 'Failed to add product';
export const productUpdatedMessage = (name: string) => `Product ${name} is updated`;
export const productDeletedMessage = (name: string) => `Product ${name} is deleted`;
/** The confirmation before any delete (a product, an order), as the spec words it. */
export const deleteQuestion = (name: string) => `Are you sure you want to delete ${name}?`;
export const DELETE_FOREVER_WARNING = 'Once deleted the data will be deleted forever.';

/** POST /api/images answers like the image host the spec used. */
export const ImageUploadResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string() }),
});
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The multipart field POST /api/images reads the file from (as the spec's image host did). */
export const IMAGE_UPLOAD_FIELD = 'image';
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
export const IMAGE_TOO_LARGE_MESSAGE = `The image is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`;
export const IMAGE_TYPE_MESSAGE = 'Only JPEG, PNG, WebP or GIF images can be uploaded.';
