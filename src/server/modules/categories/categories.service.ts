import { asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CATEGORY_NOT_EMPTY_MESSAGE,
  CATEGORY_NOT_FOUND_MESSAGE,
  CATEGORY_TAKEN_MESSAGE,
  SLUG_MESSAGE,
  slugOf,
  type Category,
  type CategoryBodySchema,
} from '../../../shared/category.ts';
import { IdSchema } from '../../../shared/ids.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { category, product } from '../../db/schema.ts';
import { Conflict, Invalid, NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';

/** Categories (issue 24): admin-managed; a product belongs to at most one. */

export type CategoryInput = z.output<typeof CategoryBodySchema>;
type Actor = Pick<AuthUser, 'id' | 'email'>;

const columns = {
  id: category.id,
  slug: category.slug,
  name: category.name,
  description: category.description,
};

/** A violated unique index (name or slug) or foreign key, also when wrapped by drizzle. */
function codeOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') return code;
    e = cause;
  }
  return undefined;
}

/** GET /api/categories: every category by name, with how many products it holds. */
export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await db
    .select({ ...columns, productCount: count(product.id) })
    .from(category)
    .leftJoin(product, eq(product.categoryId, category.id))
    .groupBy(category.id)
    .orderBy(asc(sql`lower(${category.name})`));
  return rows.map(({ id, ...row }) => ({ _id: id, ...row }));
}

function assertCategoryId(categoryId: string): void {
  if (!IdSchema.safeParse(categoryId).success) throw new NotFound(CATEGORY_NOT_FOUND_MESSAGE);
}

/** A product's category must exist (a 400 on the field, not a foreign-key 500). */
export async function assertCategoryExists(db: Queryable, categoryId: string): Promise<void> {
  const [row] = await db
    .select({ id: category.id })
    .from(category)
    .where(eq(category.id, categoryId))
    .for('key share');
  if (!row)
    throw new Invalid('Choose a category from the list', {
      categoryId: 'Choose a category from the list',
    });
}

function valuesOf(input: CategoryInput) {
  const slug = input.slug === '' ? slugOf(input.name) : input.slug;
  if (slug === '') throw new Invalid(SLUG_MESSAGE, { slug: SLUG_MESSAGE });
  return { name: input.name, slug, description: input.description };
}

async function uniquely<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (codeOf(error) === '23505') throw new Conflict(CATEGORY_TAKEN_MESSAGE);
    throw error;
  }
}

export async function createCategory(
  db: Db,
  actor: Actor,
  input: CategoryInput,
): Promise<Category> {
  return uniquely(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(category).values(valuesOf(input)).returning(columns);
      if (!row) throw new Error('INSERT … RETURNING gave no row');
      await recordAudit(tx, actor, {
        action: 'category.create',
        targetType: 'category',
        targetId: row.id,
        after: row,
      });
      const { id, ...rest } = row;
      return { _id: id, ...rest, productCount: 0 };
    }),
  );
}

export async function updateCategory(
  db: Db,
  actor: Actor,
  categoryId: string,
  input: CategoryInput,
): Promise<Category> {
  assertCategoryId(categoryId);
  return uniquely(() =>
    db.transaction(async (tx) => {
      const [before] = await tx
        .select(columns)
        .from(category)
        .where(eq(category.id, categoryId))
        .for('update');
      if (!before) throw new NotFound(CATEGORY_NOT_FOUND_MESSAGE);
      const [after] = await tx
        .update(category)
        .set(valuesOf(input))
        .where(eq(category.id, categoryId))
        .returning(columns);
      if (!after) throw new NotFound(CATEGORY_NOT_FOUND_MESSAGE);
      await recordAudit(tx, actor, {
        action: 'category.update',
        targetType: 'category',
        targetId: categoryId,
        before,
        after,
      });
      const [counted] = await tx
        .select({ n: count() })
        .from(product)
        .where(eq(product.categoryId, categoryId));
      const { id, ...rest } = after;
      return { _id: id, ...rest, productCount: counted?.n ?? 0 };
    }),
  );
}

/**
 * DELETE /api/categories/{id}: only when empty. The NOT EXISTS is the guard; a product moved in
 * concurrently is caught by the foreign key (ON DELETE RESTRICT): a 409 either way.
 */
export async function deleteCategory(
  db: Db,
  actor: Actor,
  categoryId: string,
): Promise<{ deletedCount: number }> {
  assertCategoryId(categoryId);
  try {
    return await db.transaction(async (tx) => {
      const [exists] = await tx.select(columns).from(category).where(eq(category.id, categoryId));
      if (!exists) throw new NotFound(CATEGORY_NOT_FOUND_MESSAGE);
      const [before] = await tx
        .delete(category)
        .where(
          sql`${category.id} = ${categoryId} AND NOT EXISTS (SELECT 1 FROM ${product} WHERE ${product.categoryId} = ${categoryId})`,
        )
        .returning(columns);
      if (!before) throw new Conflict(CATEGORY_NOT_EMPTY_MESSAGE);
      await recordAudit(tx, actor, {
        action: 'category.delete',
        targetType: 'category',
        targetId: categoryId,
        before,
      });
      return { deletedCount: 1 };
    });
  } catch (error) {
    if (codeOf(error) === '23503') throw new Conflict(CATEGORY_NOT_EMPTY_MESSAGE);
    throw error;
  }
}
