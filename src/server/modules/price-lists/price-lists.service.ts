import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { IdSchema } from '../../../shared/ids.ts';
import { centsToDollars, dollarsToCents } from '../../../shared/money.ts';
import {
  CATEGORY_TWICE_MESSAGE,
  PERCENT_DECIMALS_MESSAGE,
  PRICE_LIST_NAME_TAKEN_MESSAGE,
  PRICE_LIST_NOT_FOUND_MESSAGE,
  PRICE_TOO_SMALL_MESSAGE,
  type PriceList,
  type PriceListBodySchema,
  skuTwiceMessage,
  unknownCategoryMessage,
  unknownSkuMessage,
} from '../../../shared/price-lists.ts';
import type { Db, Queryable } from '../../db/client.ts';
import {
  category,
  priceList,
  priceListDiscount,
  priceListPrice,
  product,
  variant,
} from '../../db/schema.ts';
import { Conflict, Invalid, NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';

// Contract price lists as staff keep them (issue 37, docs/decisions/059): fixed prices per variant
// (given by SKU, stored by variant id, in cents) and percents off per category (basis points). The
// pricing step and the order statement read the same rows for a member of a company the list is
// assigned to; a quote made before an edit is answered "Prices changed" by the statement.

export type Actor = Pick<AuthUser, 'id' | 'email'>;
export type PriceListInput = z.output<typeof PriceListBodySchema>;

const UNIQUE_VIOLATION = '23505';
const BP_PER_PERCENT = 100;

/** Whether the error (or one it wraps: drizzle wraps the driver's) is the list name's index. */
function isNameTaken(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, constraint, cause } = e as {
      code?: unknown;
      constraint?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string')
      return code === UNIQUE_VIOLATION && constraint === 'price_list_name_idx';
    e = cause;
  }
  return false;
}

/** An id that is no UUID is as unknown as a missing one (404), and never reaches the database. */
function assertPriceListId(id: string): void {
  if (!IdSchema.safeParse(id).success) throw new NotFound(PRICE_LIST_NOT_FOUND_MESSAGE);
}

/** A list's entries as stored: variant ids and cents, category ids and basis points. */
interface StoredEntries {
  prices: { variantId: string; sku: string; priceCents: number }[];
  discounts: { categoryId: string; percentBp: number }[];
}

const refuse = (field: string, message: string): never => {
  throw new Invalid(message, { [field]: message });
};

/**
 * The body's entries in their stored form. Refuses (400, naming the row's field) an unknown SKU
 * or category, one listed twice, a price below a cent and a percent of more than two decimals.
 */
async function storedEntries(db: Queryable, body: PriceListInput): Promise<StoredEntries> {
  const keys = [...new Set(body.prices.map((entry) => entry.sku.toLowerCase()))];
  const variants =
    keys.length === 0
      ? []
      : await db
          .select({ id: variant.id, sku: variant.sku })
          .from(variant)
          .where(inArray(sql`lower(${variant.sku})`, keys));
  const bySku = new Map(variants.map((row) => [row.sku.toLowerCase(), row]));
  const seenSkus = new Set<string>();
  const prices = body.prices.map((entry, index) => {
    const key = entry.sku.toLowerCase();
    const found = bySku.get(key);
    if (!found) return refuse(`prices.${index}.sku`, unknownSkuMessage(entry.sku));
    if (seenSkus.has(key)) return refuse(`prices.${index}.sku`, skuTwiceMessage(entry.sku));
    seenSkus.add(key);
    const priceCents = dollarsToCents(entry.price);
    if (priceCents < 1) return refuse(`prices.${index}.price`, PRICE_TOO_SMALL_MESSAGE);
    return { variantId: found.id, sku: found.sku, priceCents };
  });

  const ids = [...new Set(body.discounts.map((entry) => entry.categoryId))];
  const categories =
    ids.length === 0
      ? []
      : await db.select({ id: category.id }).from(category).where(inArray(category.id, ids));
  const known = new Set(categories.map((row) => row.id));
  const seenCategories = new Set<string>();
  const discounts = body.discounts.map((entry, index) => {
    const field = `discounts.${index}`;
    if (!known.has(entry.categoryId))
      return refuse(`${field}.categoryId`, unknownCategoryMessage(entry.categoryId));
    if (seenCategories.has(entry.categoryId))
      return refuse(`${field}.categoryId`, CATEGORY_TWICE_MESSAGE);
    seenCategories.add(entry.categoryId);
    const exact = entry.percent * BP_PER_PERCENT;
    const percentBp = Math.round(exact);
    if (Math.abs(exact - percentBp) > 1e-6 || percentBp < 1 || percentBp > 9_999)
      return refuse(`${field}.percent`, PERCENT_DECIMALS_MESSAGE);
    return { categoryId: entry.categoryId, percentBp };
  });
  return { prices, discounts };
}

async function writeEntries(tx: Queryable, listId: string, entries: StoredEntries) {
  await tx.delete(priceListPrice).where(eq(priceListPrice.priceListId, listId));
  await tx.delete(priceListDiscount).where(eq(priceListDiscount.priceListId, listId));
  if (entries.prices.length > 0)
    await tx.insert(priceListPrice).values(
      entries.prices.map((entry) => ({
        priceListId: listId,
        variantId: entry.variantId,
        priceCents: entry.priceCents,
      })),
    );
  if (entries.discounts.length > 0)
    await tx
      .insert(priceListDiscount)
      .values(entries.discounts.map((entry) => ({ priceListId: listId, ...entry })));
}

/** Every list (or one) as the API shows it: prices by SKU, discounts by category, companies. */
async function answersOf(db: Queryable, ids: readonly string[] | null): Promise<PriceList[]> {
  const lists = await db
    .select()
    .from(priceList)
    .where(ids === null ? undefined : inArray(priceList.id, [...ids]))
    .orderBy(asc(sql`lower(${priceList.name})`), asc(priceList.id));
  if (lists.length === 0) return [];
  const listIds = lists.map((row) => row.id);
  const [prices, discounts, companies] = await Promise.all([
    db
      .select({
        listId: priceListPrice.priceListId,
        variantId: priceListPrice.variantId,
        sku: variant.sku,
        productName: product.name,
        priceCents: priceListPrice.priceCents,
      })
      .from(priceListPrice)
      .innerJoin(variant, eq(variant.id, priceListPrice.variantId))
      .innerJoin(product, eq(product.id, variant.productId))
      .where(inArray(priceListPrice.priceListId, listIds))
      .orderBy(asc(sql`lower(${variant.sku})`)),
    db
      .select({
        listId: priceListDiscount.priceListId,
        categoryId: priceListDiscount.categoryId,
        categoryName: category.name,
        percentBp: priceListDiscount.percentBp,
      })
      .from(priceListDiscount)
      .innerJoin(category, eq(category.id, priceListDiscount.categoryId))
      .where(inArray(priceListDiscount.priceListId, listIds))
      .orderBy(asc(sql`lower(${category.name})`)),
    db.execute<{ list_id: string; id: string; name: string }>(sql`
      SELECT ca.price_list_id AS list_id, o.id, o.name
      FROM company_account ca JOIN organization o ON o.id = ca.organization_id
      WHERE ca.price_list_id IN (${sql.join(
        listIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      ORDER BY lower(o.name), o.id`),
  ]);
  return lists.map((row) => ({
    id: row.id,
    name: row.name,
    prices: prices
      .filter((entry) => entry.listId === row.id)
      .map((entry) => ({
        sku: entry.sku,
        variantId: entry.variantId,
        productName: entry.productName,
        price: centsToDollars(entry.priceCents),
      })),
    discounts: discounts
      .filter((entry) => entry.listId === row.id)
      .map((entry) => ({
        categoryId: entry.categoryId,
        categoryName: entry.categoryName,
        percent: entry.percentBp / BP_PER_PERCENT,
      })),
    companies: companies.rows
      .filter((company) => company.list_id === row.id)
      .map((company) => ({ id: company.id, name: company.name })),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

async function answerOf(db: Queryable, id: string): Promise<PriceList> {
  const [found] = await answersOf(db, [id]);
  if (!found) throw new NotFound(PRICE_LIST_NOT_FOUND_MESSAGE);
  return found;
}

/** What the audit log keeps of a list: its name and stored entries. */
async function auditedOf(db: Queryable, id: string) {
  const [row] = await db.select().from(priceList).where(eq(priceList.id, id));
  if (!row) return null;
  const prices = await db
    .select({
      variantId: priceListPrice.variantId,
      sku: variant.sku,
      priceCents: priceListPrice.priceCents,
    })
    .from(priceListPrice)
    .innerJoin(variant, eq(variant.id, priceListPrice.variantId))
    .where(eq(priceListPrice.priceListId, id))
    .orderBy(asc(variant.sku));
  const discounts = await db
    .select({ categoryId: priceListDiscount.categoryId, percentBp: priceListDiscount.percentBp })
    .from(priceListDiscount)
    .where(eq(priceListDiscount.priceListId, id))
    .orderBy(asc(priceListDiscount.categoryId));
  return { name: row.name, prices, discounts };
}

/** Runs `work`; a name taken by another list (whatever its case) is a 409 naming `name`. */
async function withUniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isNameTaken(error))
      throw new Conflict(PRICE_LIST_NAME_TAKEN_MESSAGE, { name: PRICE_LIST_NAME_TAKEN_MESSAGE });
    throw error;
  }
}

/** GET /api/price-lists. */
export const listPriceLists = (db: Db): Promise<PriceList[]> => answersOf(db, null);

/** GET /api/price-lists/{id}. */
export async function getPriceList(db: Db, id: string): Promise<PriceList> {
  assertPriceListId(id);
  return answerOf(db, id);
}

/** POST /api/price-lists. */
export function createPriceList(db: Db, actor: Actor, body: PriceListInput): Promise<PriceList> {
  return withUniqueName(() =>
    db.transaction(async (tx) => {
      const entries = await storedEntries(tx, body);
      const [row] = await tx
        .insert(priceList)
        .values({ name: body.name })
        .returning({ id: priceList.id });
      if (!row) throw new Error('INSERT … RETURNING gave no row');
      await writeEntries(tx, row.id, entries);
      await recordAudit(tx, actor, {
        action: 'price-list.create',
        targetType: 'price_list',
        targetId: row.id,
        after: { name: body.name, ...entries },
      });
      return answerOf(tx, row.id);
    }),
  );
}

/** PUT /api/price-lists/{id}: the whole list (name and entries) replaced. */
export function updatePriceList(
  db: Db,
  actor: Actor,
  id: string,
  body: PriceListInput,
): Promise<PriceList> {
  assertPriceListId(id);
  return withUniqueName(() =>
    db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: priceList.id })
        .from(priceList)
        .where(eq(priceList.id, id))
        .for('update');
      if (!locked) throw new NotFound(PRICE_LIST_NOT_FOUND_MESSAGE);
      const before = await auditedOf(tx, id);
      const entries = await storedEntries(tx, body);
      await tx
        .update(priceList)
        .set({ name: body.name, updatedAt: sql`now()` })
        .where(eq(priceList.id, id));
      await writeEntries(tx, id, entries);
      await recordAudit(tx, actor, {
        action: 'price-list.update',
        targetType: 'price_list',
        targetId: id,
        before,
        after: { name: body.name, ...entries },
      });
      return answerOf(tx, id);
    }),
  );
}

/**
 * DELETE /api/price-lists/{id}. The companies it was assigned to fall back to no list (the
 * foreign key's ON DELETE SET NULL); the audit record names them.
 */
export async function deletePriceList(db: Db, actor: Actor, id: string): Promise<void> {
  assertPriceListId(id);
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: priceList.id })
      .from(priceList)
      .where(eq(priceList.id, id))
      .for('update');
    if (!locked) throw new NotFound(PRICE_LIST_NOT_FOUND_MESSAGE);
    const before = await auditedOf(tx, id);
    const [answer] = await answersOf(tx, [id]);
    await tx.delete(priceList).where(eq(priceList.id, id));
    await recordAudit(tx, actor, {
      action: 'price-list.delete',
      targetType: 'price_list',
      targetId: id,
      before: { ...before, companies: answer?.companies ?? [] },
    });
  });
}
