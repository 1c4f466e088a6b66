import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { IdSchema } from '../../../shared/ids.ts';
import { dollarsToCents } from '../../../shared/money.ts';
import { priceBreakProblems, toStoredBreaks } from '../../../shared/price-breaks.ts';
import {
  IMAGE_NOT_OURS_MESSAGE,
  PRODUCT_CHANGED_MESSAGE,
  type Product,
  type ProductBodySchema,
} from '../../../shared/product.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { product, productOffer, variant } from '../../db/schema.ts';
import { Conflict, Invalid, NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import { isStoredImageUrl } from '../images/index.ts';
import { enqueueProductEvents } from '../webhooks/index.ts';
import {
  stockSetVariantInsert,
  stockSetVariantUpdate,
  type VariantColumns,
} from '../stock/index.ts';
import { skuTakenMessage } from '../../../shared/variant.ts';
import { productColumns, toProduct } from './product-columns.ts';
import { salesIn } from './sale-prices.ts';

export { productColumns, toProduct };
import { assertCategoryExists } from '../categories/index.ts';

export type ProductInput = z.output<typeof ProductBodySchema>;
type Actor = Pick<AuthUser, 'id' | 'email'>;

export const PRODUCT_NOT_FOUND_MESSAGE = 'Product not found';

const columns = productColumns;

/** A malformed id is as unknown as a missing one (and must never reach the uuid cast). */
function assertProductId(productId: string): void {
  if (!IdSchema.safeParse(productId).success) throw new NotFound(PRODUCT_NOT_FOUND_MESSAGE);
}

/** What an admin's product form sets: the product's columns, and its default variant's but the stock. */
interface ProductValues {
  product: Omit<typeof product.$inferInsert, 'id' | 'seq'>;
  variant: Omit<VariantColumns, 'productId' | 'sku'>;
}

/**
 * The columns an admin sets but the stock (written by the stock's owner, ADR 043); every image
 * must be one this shop stores, not any URL of that shape. The issue-24 fields left out
 * (undefined) stay as they are on an edit.
 */
async function productValues(db: Queryable, input: ProductInput): Promise<ProductValues> {
  if (!(await isStoredImageUrl(db, input.img)))
    throw new Invalid(IMAGE_NOT_OURS_MESSAGE, { img: IMAGE_NOT_OURS_MESSAGE });
  assertPriceBreaks(input);
  for (const url of input.images ?? [])
    if (!(await isStoredImageUrl(db, url)))
      throw new Invalid(IMAGE_NOT_OURS_MESSAGE, { images: IMAGE_NOT_OURS_MESSAGE });
  if (input.categoryId) await assertCategoryExists(db, input.categoryId);
  return {
    product: {
      name: input.name,
      description: input.description,
      imageUrl: input.img,
      images: input.images,
      categoryId: input.categoryId,
      platform: input.platform,
      batteryIncluded: input.batteryIncluded,
    },
    variant: {
      priceCents: dollarsToCents(input.price),
      minQuantity: input.minQuantity,
      priceBreaks: toStoredBreaks(input.priceBreaks),
    },
  };
}

/** The rules across the price breaks' rows and the product (400, each failing field named). */
function assertPriceBreaks(input: ProductInput): void {
  const problems = priceBreakProblems(input.priceBreaks, input);
  const [first] = problems;
  if (!first) return;
  const fields: Record<string, string> = {};
  for (const problem of problems)
    fields[`priceBreaks.${problem.index}.${problem.field}`] ??= problem.message;
  throw new Invalid(first.message, fields);
}

/** POST /api/products: the new product is the newest (highest seq), so it lists last. */
export async function createProduct(
  db: Db,
  actor: Actor,
  input: ProductInput,
): Promise<{ insertedId: string }> {
  return db.transaction(async (tx) => {
    const values = await productValues(tx, input);
    const [created] = await tx
      .insert(product)
      .values(values.product)
      .returning({ id: product.id, seq: product.seq });
    if (!created) throw new Error('INSERT … RETURNING gave no row');
    // Its default variant with its initial stock in one INSERT, the stock's consequences
    // (stock.low for a variant starting at or under the threshold) in its statement: the
    // stock's owner (ADR 043).
    await stockSetVariantInsert(
      tx,
      {
        ...values.variant,
        productId: created.id,
        sku: await assertSkuFree(tx, input.sku ?? defaultSku(created.seq)),
      },
      input.availableQuantity,
    );
    const [row] = await tx
      .select(columns)
      .from(productOffer)
      .where(eq(productOffer.id, created.id));
    if (!row) throw new Error('the product just inserted is gone');
    await recordAudit(tx, actor, {
      action: 'product.create',
      targetType: 'product',
      targetId: row.id,
      after: row,
    });
    await enqueueProductEvents(tx, [row.id]);
    return { insertedId: row.id };
  });
}

/** The SKU a product gets when the admin gives none: `TH-` and its number, e.g. TH-00042. */
export const defaultSku = (seq: number): string => `TH-${String(seq).padStart(5, '0')}`;

/** The SKU, when no other variant has it (case-insensitively); else 409 naming it. */
async function assertSkuFree(
  tx: Queryable,
  sku: string,
  exceptVariantId?: string,
): Promise<string> {
  const [taken] = await tx
    .select({ id: variant.id })
    .from(variant)
    .where(
      and(
        eq(sql`lower(${variant.sku})`, sku.toLowerCase()),
        exceptVariantId === undefined ? undefined : ne(variant.id, exceptVariantId),
      ),
    );
  if (taken) throw new Conflict(skuTakenMessage(sku), { sku: skuTakenMessage(sku) });
  return sku;
}

/**
 * The versions an `If-Match` header accepts: undefined when absent or `*` (any version), else the
 * quoted versions in it (`"<version>"`, or a product's GET entity tag `"<version>-<hash>"`). An
 * entity tag that is not one of ours can never match, so a header with none of them refuses the
 * edit like a stale version does.
 */
export function versionsFromIfMatch(header: string | undefined): number[] | undefined {
  if (header === undefined || header.trim() === '*') return undefined;
  return header
    .split(',')
    .map((tag) => /^"([1-9]\d{0,9})(?:-[A-Za-z0-9_-]+)?"$/.exec(tag.trim())?.[1])
    .filter((version): version is string => version !== undefined)
    .map(Number);
}

/**
 * PUT /api/products/{id}: the admin's edit. With a version (in the body or `If-Match`), the edit
 * applies only if nobody changed the product since (a sale bumps the version too): one
 * conditional UPDATE, so a stale edit can never undo a sale. Without one, it applies as sent.
 */
export async function updateProduct(
  db: Db,
  actor: Actor,
  productId: string,
  input: ProductInput,
  ifMatch?: number[],
): Promise<Product> {
  assertProductId(productId);
  return db.transaction(async (tx) => {
    // Locks the product's row and its default variant's, so the audit's "before" is exactly
    // what this edit replaces: product, then variant, the order every staff writer of both takes
    // (ADR 047). The product's lock is NO KEY UPDATE, which an order's insert (a KEY SHARE on the
    // product, after it locked its variants) does not wait for: FOR UPDATE here would deadlock
    // with an order holding the variant this edit waits for.
    const [locked] = await tx
      .select({ id: product.id, version: product.version })
      .from(product)
      .where(eq(product.id, productId))
      .for('no key update');
    if (!locked) throw new NotFound(PRODUCT_NOT_FOUND_MESSAGE);
    const [defaultVariant] = await tx
      .select({ id: variant.id, version: variant.version, stock: variant.availableQuantity })
      .from(variant)
      .where(eq(variant.productId, productId))
      .orderBy(asc(variant.position), asc(variant.id))
      .limit(1)
      .for('no key update');
    const [before] = await tx
      .select(columns)
      .from(productOffer)
      .where(eq(productOffer.id, productId));
    if (!before || !defaultVariant) throw new NotFound(PRODUCT_NOT_FOUND_MESSAGE);
    // The version the admin saw is the product's and its default variant's together (a sale
    // changes the variant's): a stale one is refused before anything is written.
    const seen = locked.version + defaultVariant.version - 1; // product_offer.version (0028)
    if (
      (input.version !== undefined && input.version !== seen) ||
      (ifMatch !== undefined && !ifMatch.includes(seen))
    )
      throw new Conflict(PRODUCT_CHANGED_MESSAGE);
    const values = await productValues(tx, input);
    await tx
      .update(product)
      .set({ ...values.product, updatedAt: new Date() })
      .where(eq(product.id, productId));
    // One UPDATE of the default variant with its stock (its version one step), the consequences
    // of the stock it sets in its statement, from the stock's one owner (ADR 043): back in stock
    // (and for sale: not withdrawn by a recall), the subscribers' mails; stock.low when it took
    // the stock to the threshold.
    await stockSetVariantUpdate(
      tx,
      eq(variant.id, defaultVariant.id),
      {
        ...values.variant,
        ...(input.sku === undefined
          ? {}
          : { sku: await assertSkuFree(tx, input.sku, defaultVariant.id) }),
        updatedAt: new Date(),
      },
      { to: input.availableQuantity, before: defaultVariant.stock },
    );
    const [after] = await tx
      .select(columns)
      .from(productOffer)
      .where(eq(productOffer.id, productId));
    if (!after) throw new Error('the product just updated is gone');
    await recordAudit(tx, actor, {
      action: 'product.update',
      targetType: 'product',
      targetId: productId,
      before,
      after,
    });
    // Webhooks: product.updated.
    await enqueueProductEvents(tx, [productId]);
    return toProduct(after, await salesIn(tx));
  });
}

/**
 * DELETE /api/products/{id}. Orders keep their snapshot of name and price (their product_id
 * becomes NULL), and a deleted product can no longer be ordered. Basket lines of it stay, stamped
 * with its name (a trigger, drizzle/0026): the basket shows them as no longer available and the
 * checkout refuses them by name (issue 39).
 */
export async function deleteProduct(
  db: Db,
  actor: Actor,
  productId: string,
): Promise<{ deletedCount: number }> {
  assertProductId(productId);
  return db.transaction(async (tx) => {
    // The product (NO KEY UPDATE: staff writers queue here), then its variants in id order FOR
    // UPDATE: orders of them hold those first (ADR 047), so the delete waits for them instead of
    // deadlocking with their insert's KEY SHARE on the product; orders after it find them gone.
    await tx
      .select({ id: product.id })
      .from(product)
      .where(eq(product.id, productId))
      .for('no key update');
    await tx
      .select({ id: variant.id })
      .from(variant)
      .where(eq(variant.productId, productId))
      .orderBy(asc(variant.id))
      .for('update');
    const [before] = await tx
      .select(columns)
      .from(productOffer)
      .where(eq(productOffer.id, productId));
    if (!before) throw new NotFound(PRODUCT_NOT_FOUND_MESSAGE);
    // Its variants go with it (ON DELETE CASCADE); their orders keep their SKU and label.
    await tx.delete(product).where(eq(product.id, productId));
    await recordAudit(tx, actor, {
      action: 'product.delete',
      targetType: 'product',
      targetId: productId,
      before,
    });
    return { deletedCount: 1 };
  });
}
