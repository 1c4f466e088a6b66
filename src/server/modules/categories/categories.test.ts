import { describe, expect, it } from 'vitest';
import {
  CATEGORY_NOT_EMPTY_MESSAGE,
  CATEGORY_TAKEN_MESSAGE,
  CategoryListSchema,
  type Category,
} from '../../../shared/category.ts';
import { seedCategories, seedProducts } from '../../db/seed/catalogue.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import type { SignedIn } from '../../testing/accounts.ts';
import { createProduct } from '../../testing/factories.ts';
import { product } from '../../db/schema.ts';
import { eq } from 'drizzle-orm';

const t = setUpAppWithAccounts();

const list = async (): Promise<Category[]> =>
  CategoryListSchema.parse((await t.app.inject('/api/categories')).json());
const create = (payload: object, who: SignedIn | null = t.admin) =>
  t.app.inject({ method: 'POST', url: '/api/categories', payload, headers: who?.headers });
const rename = (id: string, payload: object, who: SignedIn | null = t.admin) =>
  t.app.inject({ method: 'PUT', url: `/api/categories/${id}`, payload, headers: who?.headers });
const remove = (id: string, who: SignedIn | null = t.admin) =>
  t.app.inject({ method: 'DELETE', url: `/api/categories/${id}`, headers: who?.headers });

describe('GET /api/categories', () => {
  it('lists the seeded categories by name with their product counts', async () => {
    const categories = await list();
    for (const seeded of seedCategories) {
      const found = categories.find((c) => c.slug === seeded.slug);
      expect(found).toMatchObject({ name: seeded.name, description: seeded.description });
      expect(found?.productCount).toBe(
        seedProducts.filter((p) => p.category === seeded.slug).length,
      );
    }
    const names = categories.map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });
});

describe('category writes', () => {
  it('are for admins only: 401 without a session, 403 for a customer', async () => {
    expect((await create({ name: 'Lasers' }, null)).statusCode).toBe(401);
    expect((await create({ name: 'Lasers' }, t.customer)).statusCode).toBe(403);
    const [first] = await list();
    expect((await rename(first!._id, { name: 'X' }, t.customer)).statusCode).toBe(403);
    expect((await remove(first!._id, t.customer)).statusCode).toBe(403);
    expect((await list()).some((c) => c.name === 'Lasers')).toBe(false);
  });

  it('create makes the slug from the name, refuses a duplicate, renames and deletes when empty', async () => {
    const res = await create({ name: 'Lasers & Levels', description: 'Line lasers.' });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json() as Category;
    expect(made).toMatchObject({ slug: 'lasers-levels', productCount: 0 });

    const again = await create({ name: 'lasers & levels' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CATEGORY_TAKEN_MESSAGE);

    const renamed = await rename(made._id, { name: 'Measuring', slug: 'measuring' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Measuring', slug: 'measuring' });

    const item = await createProduct(t.database.db);
    await t.database.db
      .update(product)
      .set({ categoryId: made._id })
      .where(eq(product.id, item.id));
    const busy = await remove(made._id);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(CATEGORY_NOT_EMPTY_MESSAGE);

    await t.database.db.update(product).set({ categoryId: null }).where(eq(product.id, item.id));
    expect((await remove(made._id)).statusCode).toBe(200);
    expect((await list()).some((c) => c._id === made._id)).toBe(false);
  });

  it('answers 400 for a bad slug or a missing name, and 404 for an unknown or malformed id', async () => {
    expect((await create({ name: 'Ok', slug: 'Not A Slug' })).statusCode).toBe(400);
    expect((await create({ name: '' })).statusCode).toBe(400);
    expect((await create({ name: 'bad\u0000name' })).statusCode).toBe(400);
    expect((await rename('00000000-0000-4000-8000-000000000000', { name: 'X' })).statusCode).toBe(
      404,
    );
    expect((await remove('not-a-uuid')).statusCode).toBe(404);
  });
});
