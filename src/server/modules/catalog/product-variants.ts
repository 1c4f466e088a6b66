import { asc, eq, inArray, sql } from 'drizzle-orm';
import { centsToDollars } from '../../../shared/money.ts';
import { fromStoredBreaks } from '../../../shared/price-breaks.ts';
import { VARIANT_NOT_FOUND_MESSAGE, type Variant } from '../../../shared/variant.ts';
import type { Queryable } from '../../db/client.ts';
import { product, variant, variantOffer, variantPart } from '../../db/schema.ts';
import { NotFound } from '../../errors.ts';
import { saleFieldsOf, type Sales } from './sale-prices.ts';

/*
 * Reading variants as the API shows them (issue 34, ADR 047): each with its option values, price,
 * breaks, minimum, stock (a kit's is what its parts allow: the view variant_offer), weight,
 * dimensions, own pictures and, for a kit, its parts. A product's variants come default first.
 */

const variantColumns = {
  id: variantOffer.id,
  productId: variantOffer.productId,
  sku: variantOffer.sku,
  optionValues: variantOffer.optionValues,
  label: variantOffer.label,
  priceCents: variantOffer.priceCents,
  priceBreaks: variantOffer.priceBreaks,
  minQuantity: variantOffer.minQuantity,
  availableQuantity: variantOffer.availableQuantity,
  weightGrams: variantOffer.weightGrams,
  lengthMm: variantOffer.lengthMm,
  widthMm: variantOffer.widthMm,
  heightMm: variantOffer.heightMm,
  images: variantOffer.images,
  withdrawn: variantOffer.withdrawn,
  version: variantOffer.version,
  taxClass: variantOffer.taxClass,
  // What a promotion's target reads of its product (issue 36: its sale price).
  categoryId: product.categoryId,
  platform: product.platform,
};

type PartRow = {
  kitId: string;
  sku: string;
  quantity: number;
  productId: string | null;
  name: string | null;
};

/** The parts of the kits among `kitIds`, each with its product and a name for people. */
async function partsOf(
  db: Queryable,
  kitIds: readonly string[] | null,
): Promise<Map<string, PartRow[]>> {
  const rows = await db
    .select({
      kitId: variantPart.kitId,
      sku: sql<string>`coalesce(${variant.sku}, ${variantPart.partSku})`,
      quantity: variantPart.quantity,
      productId: variant.productId,
      name: sql<string | null>`${product.name}
        || CASE WHEN ${variant.label} = '' THEN '' ELSE ' (' || ${variant.label} || ')' END`,
    })
    .from(variantPart)
    .leftJoin(variant, eq(variant.id, variantPart.partId))
    .leftJoin(product, eq(product.id, variant.productId))
    .where(kitIds === null ? undefined : inArray(variantPart.kitId, [...kitIds]))
    .orderBy(asc(variantPart.kitId), asc(variantPart.partSku));
  const byKit = new Map<string, PartRow[]>();
  for (const row of rows) byKit.set(row.kitId, [...(byKit.get(row.kitId) ?? []), row]);
  return byKit;
}

type VariantRow = {
  [K in keyof typeof variantColumns]: (typeof variantColumns)[K]['_']['notNull'] extends true
    ? (typeof variantColumns)[K]['_']['data']
    : (typeof variantColumns)[K]['_']['data'] | null;
};

function toVariant(row: VariantRow, parts: readonly PartRow[], sales: Sales): Variant {
  return {
    _id: row.id,
    productId: row.productId,
    sku: row.sku,
    optionValues: row.optionValues,
    label: row.label,
    price: centsToDollars(row.priceCents),
    priceBreaks: fromStoredBreaks(row.priceBreaks),
    minQuantity: row.minQuantity,
    availableQuantity: row.availableQuantity,
    weightGrams: row.weightGrams,
    lengthMm: row.lengthMm,
    widthMm: row.widthMm,
    heightMm: row.heightMm,
    images: row.images,
    withdrawn: row.withdrawn,
    parts: parts.map((part) => ({
      sku: part.sku,
      quantity: part.quantity,
      productId: part.productId,
      name: part.name,
    })),
    version: row.version,
    taxClass: row.taxClass,
    ...saleFieldsOf(sales, {
      productId: row.productId,
      categoryId: row.categoryId,
      platform: row.platform,
      sku: row.sku,
      unitPriceCents: row.priceCents,
    }),
  };
}

/**
 * The variants of the products `productIds` (null: every product's), by product, each product's
 * default first, with their sale prices under `sales`.
 */
export async function variantsByProduct(
  db: Queryable,
  productIds: readonly string[] | null,
  sales: Sales,
): Promise<Map<string, Variant[]>> {
  const rows = await db
    .select(variantColumns)
    .from(variantOffer)
    .innerJoin(product, eq(product.id, variantOffer.productId))
    .where(productIds === null ? undefined : inArray(variantOffer.productId, [...productIds]))
    .orderBy(asc(variantOffer.productId), asc(variantOffer.position), asc(variantOffer.id));
  const parts = await partsOf(db, productIds === null ? null : rows.map((row) => row.id));
  const byProduct = new Map<string, Variant[]>();
  for (const row of rows) {
    const shown = toVariant(row, parts.get(row.id) ?? [], sales);
    byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), shown]);
  }
  return byProduct;
}

/** GET /api/variants/{sku}: one variant by its SKU (any case), or 404. */
export async function variantBySku(db: Queryable, sku: string, sales: Sales): Promise<Variant> {
  const [row] = await db
    .select(variantColumns)
    .from(variantOffer)
    .innerJoin(product, eq(product.id, variantOffer.productId))
    .where(eq(sql`lower(${variantOffer.sku})`, sku.toLowerCase()));
  if (!row) throw new NotFound(VARIANT_NOT_FOUND_MESSAGE);
  const parts = await partsOf(db, [row.id]);
  return toVariant(row, parts.get(row.id) ?? [], sales);
}
