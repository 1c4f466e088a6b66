import { centsToDollars } from '../../../shared/money.ts';
import { fromStoredBreaks } from '../../../shared/price-breaks.ts';
import type { Product } from '../../../shared/product.ts';
import { productOffer } from '../../db/schema.ts';
import { saleFieldsOf, type Sales } from './sale-prices.ts';

/** A product as the spec shows it: its columns and its default variant's (product_offer, ADR 047). */
export const productColumns = {
  id: productOffer.id,
  name: productOffer.name,
  description: productOffer.description,
  priceCents: productOffer.priceCents,
  minQuantity: productOffer.minQuantity,
  availableQuantity: productOffer.availableQuantity,
  imageUrl: productOffer.imageUrl,
  priceBreaks: productOffer.priceBreaks,
  version: productOffer.version,
  images: productOffer.images,
  categoryId: productOffer.categoryId,
  platform: productOffer.platform,
  batteryIncluded: productOffer.batteryIncluded,
  withdrawn: productOffer.withdrawn,
  sku: productOffer.sku,
  minPriceCents: productOffer.minPriceCents,
  maxPriceCents: productOffer.maxPriceCents,
  variants: productOffer.variants,
  options: productOffer.options,
};

type ProductRow = {
  [K in keyof typeof productColumns]: (typeof productColumns)[K]['_']['notNull'] extends true
    ? (typeof productColumns)[K]['_']['data']
    : (typeof productColumns)[K]['_']['data'] | null;
};

/** The product as the API shows it, with its default variant's sale price under `sales`. */
export function toProduct(row: ProductRow, sales: Sales): Product {
  return {
    _id: row.id,
    name: row.name,
    price: centsToDollars(row.priceCents),
    description: row.description,
    img: row.imageUrl,
    minQuantity: row.minQuantity,
    availableQuantity: row.availableQuantity,
    priceBreaks: fromStoredBreaks(row.priceBreaks),
    version: row.version,
    images: row.images,
    categoryId: row.categoryId,
    platform: row.platform,
    batteryIncluded: row.batteryIncluded,
    withdrawn: row.withdrawn,
    sku: row.sku,
    priceFrom: centsToDollars(row.minPriceCents),
    priceTo: centsToDollars(row.maxPriceCents),
    variantCount: row.variants,
    options: row.options,
    ...saleFieldsOf(sales, {
      productId: row.id,
      categoryId: row.categoryId,
      platform: row.platform,
      sku: row.sku,
      unitPriceCents: row.priceCents,
    }),
  };
}
