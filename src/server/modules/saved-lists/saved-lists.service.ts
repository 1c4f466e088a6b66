import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { GONE_PRODUCT_NAME, PRODUCT_GONE_MESSAGE } from '../../../shared/basket.ts';
import { PRODUCT_WITHDRAWN_MESSAGE } from '../../../shared/for-sale.ts';
import { IdSchema } from '../../../shared/ids.ts';
import {
  LIST_NAME_TAKEN_MESSAGE,
  LIST_NOT_FOUND_MESSAGE,
  LIST_SKU_TWICE_MESSAGE,
  LISTS_FOR_COMPANIES_MESSAGE,
  LISTS_MAX,
  LISTS_TOO_MANY_MESSAGE,
  listUnknownSkuMessage,
  type ListBodySchema,
  type ListToBasket,
  type SavedList,
  type SavedListList,
} from '../../../shared/saved-lists.ts';
import type { z } from 'zod';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import {
  organization,
  product,
  savedList,
  savedListItem,
  user,
  variant,
  variantOffer,
} from '../../db/schema.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../../errors.ts';
import { getBasket, mergeIntoBasket } from '../basket/index.ts';
import { membershipOf } from '../companies/index.ts';

/*
 * A company's saved lists (issue 37): named lines by SKU that any member of the company reads,
 * edits, deletes and puts into their own basket. A list of another company, or of none, is not
 * found. Writes of one company queue on its organization row (NO KEY UPDATE: foreign-key checks of
 * rows that reference it are not held up), so the cap and the unique name hold under parallel edits.
 */

type ListBody = z.output<typeof ListBodySchema>;

type Company = { id: string; name: string };

/** The caller's company; `null` when they belong to none. */
async function companyOf(db: Queryable, userId: string): Promise<Company | null> {
  const membership = await membershipOf(db, userId);
  return membership && { id: membership.organizationId, name: membership.companyName };
}

async function lockCompany(tx: Tx, organizationId: string): Promise<void> {
  await tx
    .select({ id: organization.id })
    .from(organization)
    .where(eq(organization.id, organizationId))
    .for('no key update');
}

/** A violated unique index, also when wrapped by drizzle. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (code === '23505') return true;
    e = cause;
  }
  return false;
}

/** The lists (all, or the one given) of a company, each with its lines as they can be sold today. */
async function readLists(
  db: Queryable,
  organizationId: string,
  listId?: string,
): Promise<SavedList[]> {
  const lists = await db
    .select({
      id: savedList.id,
      name: savedList.name,
      createdBy: user.name,
      updatedAt: savedList.updatedAt,
    })
    .from(savedList)
    .leftJoin(user, eq(user.id, savedList.createdBy))
    .where(
      and(
        eq(savedList.organizationId, organizationId),
        listId === undefined ? undefined : eq(savedList.id, listId),
      ),
    )
    .orderBy(asc(sql`lower(${savedList.name})`), asc(savedList.id));
  if (lists.length === 0) return [];
  const lines = await db
    .select({
      listId: savedListItem.listId,
      variantId: savedListItem.variantId,
      quantity: savedListItem.quantity,
      goneName: savedListItem.goneName,
      goneSku: savedListItem.goneSku,
      sku: variantOffer.sku,
      productId: variantOffer.productId,
      label: variantOffer.label,
      withdrawn: variantOffer.withdrawn,
      productName: product.name,
    })
    .from(savedListItem)
    .leftJoin(variantOffer, eq(variantOffer.id, savedListItem.variantId))
    .leftJoin(product, eq(product.id, variantOffer.productId))
    .where(
      inArray(
        savedListItem.listId,
        lists.map((list) => list.id),
      ),
    )
    .orderBy(asc(savedListItem.position));
  return lists.map((list) => ({
    id: list.id,
    name: list.name,
    createdBy: list.createdBy ?? null,
    updatedAt: list.updatedAt.toISOString(),
    lines: lines
      .filter((line) => line.listId === list.id)
      .map((line) =>
        line.sku === null || line.productId === null || line.productName === null
          ? {
              sku: line.goneSku ?? '',
              variantId: '',
              productId: '',
              productName: line.goneName ?? GONE_PRODUCT_NAME,
              label: '',
              quantity: line.quantity,
              problem: PRODUCT_GONE_MESSAGE,
            }
          : {
              sku: line.sku,
              variantId: line.variantId,
              productId: line.productId,
              productName: line.productName,
              label: line.label ?? '',
              quantity: line.quantity,
              problem: line.withdrawn ? PRODUCT_WITHDRAWN_MESSAGE : null,
            },
      ),
  }));
}

/** The company's list, or 404 (another company's, none's, or an id no list has). */
async function listOf(db: Queryable, company: Company | null, listId: string): Promise<SavedList> {
  if (!company || !IdSchema.safeParse(listId).success) throw new NotFound(LIST_NOT_FOUND_MESSAGE);
  const [list] = await readLists(db, company.id, listId.toLowerCase());
  if (!list) throw new NotFound(LIST_NOT_FOUND_MESSAGE);
  return list;
}

/** A line to store: its variant and quantity. */
type StoredLine = { variantId: string; quantity: number };

/**
 * The variant of each line by its SKU (any case), KEY SHARE until the list is written so none is
 * deleted in between; an unknown SKU or one twice is a 400 naming its line (`lines.<i>.sku`).
 */
async function variantsOfLines(tx: Tx, lines: ListBody['lines']): Promise<StoredLine[]> {
  const skus = [...new Set(lines.map((line) => line.sku.toLowerCase()))];
  const rows =
    skus.length === 0
      ? []
      : await tx
          .select({ id: variant.id, sku: variant.sku })
          .from(variant)
          .where(inArray(sql`lower(${variant.sku})`, skus))
          .orderBy(asc(variant.id))
          .for('key share');
  const bySku = new Map(rows.map((row) => [row.sku.toLowerCase(), row.id]));
  const fields: Record<string, string> = {};
  const stored: StoredLine[] = [];
  for (const [index, line] of lines.entries()) {
    const variantId = bySku.get(line.sku.toLowerCase());
    if (variantId === undefined) fields[`lines.${index}.sku`] = listUnknownSkuMessage(line.sku);
    else if (stored.some((earlier) => earlier.variantId === variantId))
      fields[`lines.${index}.sku`] = LIST_SKU_TWICE_MESSAGE;
    else stored.push({ variantId, quantity: line.quantity });
  }
  const [first] = Object.values(fields);
  if (first !== undefined) throw new Invalid(first, fields);
  return stored;
}

async function writeLines(tx: Tx, listId: string, lines: StoredLine[]) {
  await tx.delete(savedListItem).where(eq(savedListItem.listId, listId));
  if (lines.length === 0) return;
  await tx
    .insert(savedListItem)
    .values(lines.map((line, position) => ({ listId, ...line, position })));
}

/** A duplicate name is a 409 on `name`. */
async function namedOnce<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new Conflict(LIST_NAME_TAKEN_MESSAGE, { name: LIST_NAME_TAKEN_MESSAGE });
    throw error;
  }
}

/** GET /api/lists: the caller's company's lists by name (none for an account of no company). */
export async function listLists(db: Db, userId: string): Promise<SavedListList> {
  const company = await companyOf(db, userId);
  if (!company) return { lists: [], company: null };
  return { lists: await readLists(db, company.id), company };
}

/** GET /api/lists/{id}. */
export const getList = async (db: Db, userId: string, listId: string) =>
  listOf(db, await companyOf(db, userId), listId);

/** POST /api/lists: a new list of the caller's company (at most LISTS_MAX). */
export async function createList(db: Db, userId: string, body: ListBody): Promise<SavedList> {
  const company = await companyOf(db, userId);
  if (!company) throw new Forbidden(LISTS_FOR_COMPANIES_MESSAGE);
  const id = await namedOnce(() =>
    db.transaction(async (tx) => {
      await lockCompany(tx, company.id);
      const [held] = await tx
        .select({ lists: count() })
        .from(savedList)
        .where(eq(savedList.organizationId, company.id));
      if ((held?.lists ?? 0) >= LISTS_MAX) throw new Conflict(LISTS_TOO_MANY_MESSAGE);
      const lines = await variantsOfLines(tx, body.lines);
      const [made] = await tx
        .insert(savedList)
        .values({ organizationId: company.id, name: body.name, createdBy: userId })
        .returning({ id: savedList.id });
      if (!made) throw new Error('INSERT of a saved list returned no row');
      await writeLines(tx, made.id, lines);
      return made.id;
    }),
  );
  return listOf(db, company, id);
}

/** PUT /api/lists/{id}: its name and lines replaced. */
export async function updateList(
  db: Db,
  userId: string,
  listId: string,
  body: ListBody,
): Promise<SavedList> {
  const company = await companyOf(db, userId);
  const { id } = await listOf(db, company, listId);
  if (!company) throw new NotFound(LIST_NOT_FOUND_MESSAGE);
  await namedOnce(() =>
    db.transaction(async (tx) => {
      await lockCompany(tx, company.id);
      const lines = await variantsOfLines(tx, body.lines);
      const [updated] = await tx
        .update(savedList)
        .set({ name: body.name, updatedAt: new Date() })
        .where(and(eq(savedList.id, id), eq(savedList.organizationId, company.id)))
        .returning({ id: savedList.id });
      // Deleted by another member (or the caller left the company) since it was read.
      if (!updated) throw new NotFound(LIST_NOT_FOUND_MESSAGE);
      await writeLines(tx, id, lines);
    }),
  );
  return listOf(db, company, id);
}

/** DELETE /api/lists/{id}. */
export async function deleteList(db: Db, userId: string, listId: string): Promise<void> {
  const company = await companyOf(db, userId);
  if (!company || !IdSchema.safeParse(listId).success) throw new NotFound(LIST_NOT_FOUND_MESSAGE);
  const deleted = await db
    .delete(savedList)
    .where(and(eq(savedList.id, listId.toLowerCase()), eq(savedList.organizationId, company.id)))
    .returning({ id: savedList.id });
  if (deleted.length === 0) throw new NotFound(LIST_NOT_FOUND_MESSAGE);
}

/**
 * POST /api/lists/{id}/basket: every line's quantity added to the caller's basket through the
 * basket's own merge (its lock, cap and rules: raised to a minimum, lowered to stock, each said in
 * `notices`); lines of deleted or withdrawn variants are skipped and named in `skipped`.
 */
export async function putListInBasket(
  db: Db,
  userId: string,
  listId: string,
): Promise<ListToBasket> {
  const list = await listOf(db, await companyOf(db, userId), listId);
  const skipped = list.lines.flatMap((line) =>
    line.problem === null
      ? []
      : [
          {
            sku: line.sku,
            name: line.label === '' ? line.productName : `${line.productName} (${line.label})`,
            reason: line.problem,
          },
        ],
  );
  const adding = list.lines
    .filter((line) => line.problem === null)
    .map((line) => ({ productId: line.productId, sku: line.sku, quantity: line.quantity }));
  const basket =
    adding.length === 0 ? await getBasket(db, userId) : await mergeIntoBasket(db, userId, adding);
  return { ...basket, skipped };
}
