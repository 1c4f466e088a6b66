import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { IdSchema } from '../../../shared/ids.ts';
import { centsToDollars, dollarsToCents } from '../../../shared/money.ts';
import {
  fromStoredBreaks,
  priceBreakProblems,
  toStoredBreaks,
} from '../../../shared/price-breaks.ts';
import {
  IMAGE_NOT_OURS_MESSAGE,
  PRODUCT_CHANGED_MESSAGE,
  type Product,
  type ProductBodySchema,
} from '../../../shared/product.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { product } from '../../db/schema.ts';
import { Conflict, Invalid, NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import { isStoredImageUrl } from '../images/index.ts';
import { enqueueProductEvents } from '../webhooks/index.ts';
import {
  stockSetProductInsert,
  stockSetProductUpdate,
  type ProductColumns,
} from '../stock/index.ts';
import { assertCategoryExists } from '../categories/index.ts';

export type ProductInput = z.output<typeof ProductBodySchema>;
type Actor = Pick<AuthUser, 'id' | 'email'>;

export const PRODUCT_NOT_FOUND_MESSAGE = 'Product not found';

export const productColumns = {
  id: product.id,
  name: product.name,
  description: product.description,
  priceCents: product.priceCents,
  minQuantity: product.minQuantity,
  availableQuantity: product.availableQuantity,
  imageUrl: product.imageUrl,
  priceBreaks: product.priceBreaks,
  version: product.version,
  images: product.images,
  categoryId: product.categoryId,
  platform: product.platform,
  batteryIncluded: product.batteryIncluded,
  withdrawn: product.withdrawn,
};

const columns = productColumns;

type ProductRow = {
  [K in keyof typeof columns]: (typeof columns)[K]['_']['notNull'] extends true
    ? (typeof columns)[K]['_']['data']
    : (typeof columns)[K]['_']['data'] | null;
};

export function toProduct(row: ProductRow): Product {
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
  };
}

/** A malformed id is as unknown as a missing one (and must never reach the uuid cast). */
function assertProductId(productId: string): void {
  if (!IdSchema.safeParse(productId).success) throw new NotFound(PRODUCT_NOT_FOUND_MESSAGE);
}

/**
 * The columns an admin sets but the stock (written by the stock's owner, ADR 043); every image
 * must be one this shop stores, not any URL of that shape. The issue-24 fields left out
 * (undefined) stay as they are on an edit.
 */
async function productValues(db: Queryable, input: ProductInput): Promise<ProductColumns> {
  if (!(await isStoredImageUrl(db, input.img)))
    throw new Invalid(IMAGE_NOT_OURS_MESSAGE, { img: IMAGE_NOT_OURS_MESSAGE });
  assertPriceBreaks(input);
  for (const url of input.images ?? [])
    if (!(await isStoredImageUrl(db, url)))
      throw new Invalid(IMAGE_NOT_OURS_MESSAGE, { images: IMAGE_NOT_OURS_MESSAGE });
  if (input.categoryId) await assertCategoryExists(db, input.categoryId);
  return {
    name: input.name,
    description: input.description,
    priceCents: dollarsToCents(input.price),
    minQuantity: input.minQuantity,
    imageUrl: input.img,
    priceBreaks: toStoredBreaks(input.priceBreaks),
    images: input.images,
    categoryId: input.categoryId,
    platform: input.platform,
    batteryIncluded: input.batteryIncluded,
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
    // The product and its initial stock in one INSERT, the stock's consequences (stock.low for a
    // product starting at or under the threshold) in its statement: the stock's owner (ADR 043).
    const id = await stockSetProductInsert(
      tx,
      await productValues(tx, input),
      input.availableQuantity,
    );
    const [row] = await tx.select(columns).from(product).where(eq(product.id, id));
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

/**
 * The versions an `If-Match` header accepts: undefined when absent or `*` (any version), else the
 * quoted versions in it. An entity tag that is not one of our versions can never match, so a header
 * with none of them refuses the edit like a stale version does.
 */
export function versionsFromIfMatch(header: string | undefined): number[] | undefined {
  if (header === undefined || header.trim() === '*') return undefined;
  return header
    .split(',')
    .map((tag) => /^"([1-9]\d{0,9})"$/.exec(tag.trim())?.[1])
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
    // Locks the row, so the audit's "before" is exactly what this edit replaces.
    const [before] = await tx
      .select(columns)
      .from(product)
      .where(eq(product.id, productId))
      .for('update');
    if (!before) throw new NotFound(PRODUCT_NOT_FOUND_MESSAGE);
    const values = await productValues(tx, input);
    // One UPDATE of the row with its stock (product.version one step), the consequences of the
    // stock it sets in its statement, from the stock's one owner (ADR 043): back in stock (and
    // for sale: not withdrawn by a recall), the subscribers' mails; stock.low when it took the
    // stock to the threshold.
    const matched = await stockSetProductUpdate(
      tx,
      and(
        eq(product.id, productId),
        input.version === undefined ? undefined : eq(product.version, input.version),
        ifMatch === undefined ? undefined : inArray(product.version, ifMatch),
      ),
      { ...values, updatedAt: new Date() },
      { to: input.availableQuantity, before: before.availableQuantity },
    );
    if (!matched) throw new Conflict(PRODUCT_CHANGED_MESSAGE);
    const [after] = await tx.select(columns).from(product).where(eq(product.id, productId));
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
    return toProduct(after);
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
    const [before] = await tx.delete(product).where(eq(product.id, productId)).returning(columns);
    if (!before) throw new NotFound(PRODUCT_NOT_FOUND_MESSAGE);
    await recordAudit(tx, actor, {
      action: 'product.delete',
      targetType: 'product',
      targetId: productId,
      before,
    });
    return { deletedCount: 1 };
  });
}
