import type { Product, ProductDetail } from '../../../../shared/product.ts';
import type { Variant } from '../../../../shared/variant.ts';

/** For the tests of Edit Product: a variant of `product` as GET /api/products/{id} shows it. */
export function makeVariant(
  product: Product,
  n: number,
  overrides: Partial<Variant> = {},
): Variant {
  return {
    _id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    productId: product._id,
    sku: product.sku,
    optionValues: {},
    label: '',
    price: product.price,
    priceBreaks: product.priceBreaks,
    minQuantity: product.minQuantity,
    availableQuantity: product.availableQuantity,
    weightGrams: 0,
    lengthMm: null,
    widthMm: null,
    heightMm: null,
    images: [],
    taxClass: 'standard',
    withdrawn: false,
    parts: [],
    version: 1,
    salePrice: null,
    salePromotion: null,
    ...overrides,
  };
}

/** The product with its only variant (the spec's fields), as GET /api/products/{id} answers it. */
export const withOnlyVariant = (product: Product): ProductDetail => ({
  ...product,
  variants: [makeVariant(product, 1)],
});
