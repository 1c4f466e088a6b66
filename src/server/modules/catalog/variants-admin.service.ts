import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { IdSchema } from '../../../shared/ids.ts';
import { dollarsToCents } from '../../../shared/money.ts';
import { toStoredBreaks } from '../../../shared/price-breaks.ts';
import {
  IMAGE_NOT_OURS_MESSAGE,
  PRODUCT_CHANGED_MESSAGE,
  type ProductDetail,
} from '../../../shared/product.ts';
import {
  PART_IS_KIT_MESSAGE,
  partOfKitMessage,
  productVariantsProblems,
  skuTakenMessage,
  unknownSkuMessage,
  variantLabel,
  type ProductOption,
  type ProductVariantsInput,
} from '../../../shared/variant.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { product, productOffer, variant, variantPart } from '../../db/schema.ts';
import { Conflict, Invalid, NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import { isStoredImageUrl } from '../images/index.ts';
import { stockSetVariantInsert, stockSetVariantUpdate } from '../stock/index.ts';
import { enqueueProductEvents } from '../webhooks/index.ts';
import { PRODUCT_NOT_FOUND_MESSAGE } from './catalog.service.ts';
import { productColumns, toProduct } from './product-columns.ts';
import { variantsByProduct } from './product-variants.ts';
import { salesIn, type Sales } from './sale-prices.ts';

/*
 * PUT /api/products/{id}/variants (issue 34, ADR 047): staff replace a product's options and
 * variants in one transaction. Variants are matched by SKU (case-insensitively): a matched one is
 * updated (its orders keep pointing at it), a new one inserted, one left out deleted (its orders
 * keep their SKU and label: purchase.variant_id is ON DELETE SET NULL; a kit of it elsewhere can no
 * longer be sold until staff mend it). Stock is written by its one owner (modules/stock, ADR 043).
 *
 * Locks: the product row (NO KEY UPDATE: an order's foreign-key check of it, KEY SHARE, never waits
 * for it, so an order holding a variant lock cannot deadlock with this edit), then every variant row
 * this edit reads: the product's own and the parts of its kits in other products, IN VARIANT-ID
 * ORDER, the one global order the order statement locks in. So a part cannot go or become a kit
 * while it is being checked, and the rows' stock is read as the edit overwrites it.
 */

type Actor = Pick<AuthUser, 'id' | 'email'>;

/** A variant row as locked: what the edit compares and overwrites. */
type LockedVariant = {
  id: string;
  productId: string;
  sku: string;
  position: number;
  version: number;
  stock: number;
};

const UNIQUE_VIOLATION = '23505';

/** The SQLSTATE of a database error, also when wrapped (drizzle wraps the driver's). */
function sqlStateOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') return code;
    e = cause;
  }
  return undefined;
}

/** 400 in the one error shape: every failing field's path and message, the first as the message. */
function refuse(problems: readonly { path: string; message: string }[]): void {
  const [first] = problems;
  if (!first) return;
  const fields: Record<string, string> = {};
  for (const problem of problems) fields[problem.path] ??= problem.message;
  throw new Invalid(first.message, fields);
}

/**
 * The product as GET /api/products/{id} shows it, from `db`'s snapshot (the transaction's), with
 * its sale prices under `sales`.
 */
export async function productDetail(
  db: Queryable,
  productId: string,
  sales: Sales,
): Promise<ProductDetail> {
  const [row] = await db
    .select(productColumns)
    .from(productOffer)
    .where(eq(productOffer.id, productId));
  if (!row) throw new NotFound(PRODUCT_NOT_FOUND_MESSAGE);
  const variants = await variantsByProduct(db, [productId], sales);
  return { ...toProduct(row, sales), variants: variants.get(productId) ?? [] };
}

/** The option values of a variant as stored: the product's options only, in their order. */
const storedValues = (options: readonly ProductOption[], values: Record<string, string>) =>
  Object.fromEntries(
    options.flatMap((option) => {
      const value = values[option.name];
      return value === undefined ? [] : [[option.name, value] as const];
    }),
  );

/**
 * Replaces the product's options and variants (see above). `ifMatch`: the versions an If-Match
 * header accepts (undefined: any), as for PUT /api/products/{id}.
 */
export async function replaceProductVariants(
  db: Db,
  actor: Actor,
  productId: string,
  input: ProductVariantsInput,
  ifMatch?: number[],
): Promise<ProductDetail> {
  if (!IdSchema.safeParse(productId).success) throw new NotFound(PRODUCT_NOT_FOUND_MESSAGE);
  refuse(productVariantsProblems(input));
  const bodySkus = new Set(input.variants.map((row) => row.sku.toLowerCase()));
  const outsideParts = [
    ...new Set(
      input.variants.flatMap((row) =>
        row.parts.map((part) => part.sku.toLowerCase()).filter((sku) => !bodySkus.has(sku)),
      ),
    ),
  ];

  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: product.id, version: product.version })
      .from(product)
      .where(eq(product.id, productId))
      .for('no key update');
    if (!locked) throw new NotFound(PRODUCT_NOT_FOUND_MESSAGE);
    const rows: LockedVariant[] = (
      await tx.execute<LockedVariant>(sql`SELECT id, product_id AS "productId", sku,
          position::int AS position, version, available_quantity AS stock
        FROM variant
        WHERE product_id = ${productId}
          OR lower(sku) = ANY(${sql.param(outsideParts)}::text[])
        ORDER BY id FOR NO KEY UPDATE`)
    ).rows;
    const mine = rows
      .filter((row) => row.productId === productId)
      .sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : 1));
    const mineBySku = new Map(mine.map((row) => [row.sku.toLowerCase(), row]));
    const elsewhere = new Map(
      rows.filter((row) => row.productId !== productId).map((row) => [row.sku.toLowerCase(), row]),
    );

    // Stale: the product's version as shown (product_offer, 0028: its row's and its default
    // variant's, less one), or a variant's.
    const seen = locked.version + (mine[0]?.version ?? 1) - 1;
    if (
      (input.version !== undefined && input.version !== seen) ||
      (ifMatch !== undefined && !ifMatch.includes(seen))
    )
      throw new Conflict(PRODUCT_CHANGED_MESSAGE);
    const stale: Record<string, string> = {};
    input.variants.forEach((row, i) => {
      const existing = mineBySku.get(row.sku.toLowerCase());
      if (row.version !== undefined && existing?.version !== row.version)
        stale[`variants.${i}.version`] = PRODUCT_CHANGED_MESSAGE;
    });
    if (Object.keys(stale).length > 0) throw new Conflict(PRODUCT_CHANGED_MESSAGE, stale);

    await assertSkusFree(tx, productId, input);
    await assertParts(tx, productId, input, elsewhere, mineBySku);
    await assertImages(tx, input);

    const sales = await salesIn(tx);
    const before = await productDetail(tx, productId, sales);
    await tx
      .update(product)
      .set({ options: input.options, updatedAt: new Date() })
      .where(eq(product.id, productId));
    const gone = mine.filter((row) => !bodySkus.has(row.sku.toLowerCase())).map((row) => row.id);
    if (gone.length > 0) await tx.delete(variant).where(inArray(variant.id, gone));

    const idBySku = new Map<string, string>();
    for (const [position, row] of input.variants.entries()) {
      const values = {
        sku: row.sku,
        optionValues: storedValues(input.options, row.optionValues),
        label: variantLabel(input.options, row.optionValues),
        position,
        priceCents: dollarsToCents(row.price),
        minQuantity: row.minQuantity,
        priceBreaks: toStoredBreaks(row.priceBreaks),
        weightGrams: row.weightGrams,
        lengthMm: row.lengthMm,
        widthMm: row.widthMm,
        heightMm: row.heightMm,
        images: row.images,
        ...(row.taxClass !== undefined && { taxClass: row.taxClass }),
        updatedAt: new Date(),
      };
      // A kit's own stock is unused (its stock is its parts'): kept at 0.
      const stock = row.parts.length > 0 ? 0 : row.availableQuantity;
      const existing = mineBySku.get(row.sku.toLowerCase());
      if (existing) {
        await stockSetVariantUpdate(tx, eq(variant.id, existing.id), values, {
          to: stock,
          before: existing.stock,
        });
        idBySku.set(row.sku.toLowerCase(), existing.id);
      } else {
        const id = await skuWrite(row.sku, `variants.${position}.sku`, () =>
          stockSetVariantInsert(tx, { ...values, productId }, stock),
        );
        idBySku.set(row.sku.toLowerCase(), id);
      }
    }

    // The kits' parts, as sent (a part deleted meanwhile is mended by sending one that exists).
    const ids = [...idBySku.values()];
    await tx.delete(variantPart).where(inArray(variantPart.kitId, ids));
    const written = (sku: string) => {
      const id = idBySku.get(sku.toLowerCase());
      const sent = input.variants.find((one) => one.sku.toLowerCase() === sku.toLowerCase());
      return id && sent ? { id, sku: sent.sku } : undefined;
    };
    const parts = input.variants.flatMap((row) =>
      row.parts.map((part) => {
        const kit = written(row.sku);
        const found = elsewhere.get(part.sku.toLowerCase()) ?? written(part.sku);
        if (!kit || !found) throw new Error(`part ${part.sku} was checked but is not there`);
        return { kitId: kit.id, partId: found.id, partSku: found.sku, quantity: part.quantity };
      }),
    );
    if (parts.length > 0) await tx.insert(variantPart).values(parts);

    const after = await productDetail(tx, productId, sales);
    await recordAudit(tx, actor, {
      action: 'product.variants',
      targetType: 'product',
      targetId: productId,
      before,
      after,
    });
    // Webhooks: product.updated (its version moved: the product row was written).
    await enqueueProductEvents(tx, [productId]);
    return after;
  });
}

/** A write that may meet a SKU another product's variant took meanwhile: 409 naming it. */
async function skuWrite<T>(sku: string, path: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (sqlStateOf(error) === UNIQUE_VIOLATION)
      throw new Conflict(skuTakenMessage(sku), { [path]: skuTakenMessage(sku) });
    throw error;
  }
}

/** 409 for every SKU of the body another product's variant has (case-insensitively). */
async function assertSkusFree(
  tx: Queryable,
  productId: string,
  input: ProductVariantsInput,
): Promise<void> {
  const taken = await tx
    .select({ sku: variant.sku })
    .from(variant)
    .where(
      and(
        sql`lower(${variant.sku}) = ANY(${sql.param(input.variants.map((row) => row.sku.toLowerCase()))}::text[])`,
        ne(variant.productId, productId),
      ),
    );
  if (taken.length === 0) return;
  const takenSkus = new Set(taken.map((row) => row.sku.toLowerCase()));
  const fields: Record<string, string> = {};
  let message = '';
  input.variants.forEach((row, i) => {
    if (!takenSkus.has(row.sku.toLowerCase())) return;
    fields[`variants.${i}.sku`] = skuTakenMessage(row.sku);
    message ||= skuTakenMessage(row.sku);
  });
  throw new Conflict(message, fields);
}

/**
 * 400 for a part that is not there (unknown SKU, or a variant of this product left out), a part in
 * another product that is a kit itself, and a kit of the body that another product's kit holds as
 * a part (a part cannot be a kit). The rules within the body are `productVariantsProblems`'.
 */
async function assertParts(
  tx: Queryable,
  productId: string,
  input: ProductVariantsInput,
  elsewhere: ReadonlyMap<string, LockedVariant>,
  mineBySku: ReadonlyMap<string, LockedVariant>,
): Promise<void> {
  const bodySkus = new Set(input.variants.map((row) => row.sku.toLowerCase()));
  const outsideIds = [...elsewhere.values()].map((row) => row.id);
  const kitsOutside = new Set(
    outsideIds.length === 0
      ? []
      : (
          await tx
            .selectDistinct({ kitId: variantPart.kitId })
            .from(variantPart)
            .where(inArray(variantPart.kitId, outsideIds))
        ).map((row) => row.kitId),
  );
  const problems: { path: string; message: string }[] = [];
  input.variants.forEach((row, i) =>
    row.parts.forEach((part, j) => {
      const sku = part.sku.toLowerCase();
      if (bodySkus.has(sku)) return;
      const found = elsewhere.get(sku);
      if (!found)
        problems.push({
          path: `variants.${i}.parts.${j}.sku`,
          message: unknownSkuMessage(part.sku),
        });
      else if (kitsOutside.has(found.id))
        problems.push({ path: `variants.${i}.parts.${j}.sku`, message: PART_IS_KIT_MESSAGE });
    }),
  );
  const kitIds = input.variants
    .filter((row) => row.parts.length > 0)
    .flatMap((row) => mineBySku.get(row.sku.toLowerCase())?.id ?? []);
  if (kitIds.length > 0) {
    const holders = await tx
      .select({ partId: variantPart.partId, kitSku: variant.sku })
      .from(variantPart)
      .innerJoin(variant, eq(variant.id, variantPart.kitId))
      .where(and(inArray(variantPart.partId, kitIds), ne(variant.productId, productId)));
    for (const holder of holders) {
      const i = input.variants.findIndex(
        (row) => mineBySku.get(row.sku.toLowerCase())?.id === holder.partId,
      );
      problems.push({ path: `variants.${i}.parts`, message: partOfKitMessage(holder.kitSku) });
    }
  }
  refuse(problems);
}

/** 400 for a variant's picture that this shop does not store. */
async function assertImages(tx: Queryable, input: ProductVariantsInput): Promise<void> {
  const problems: { path: string; message: string }[] = [];
  for (const [i, row] of input.variants.entries())
    for (const url of row.images)
      if (!(await isStoredImageUrl(tx, url))) {
        problems.push({ path: `variants.${i}.images`, message: IMAGE_NOT_OURS_MESSAGE });
        break;
      }
  refuse(problems);
}
