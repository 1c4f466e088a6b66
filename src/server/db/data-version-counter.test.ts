import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { createDataVersionCheck, type DataVersions } from './data-version-check.ts';

// The database keeps the data versions (migration 0022_data_version, ADR 031): each committed
// transaction that writes product, review or category adds exactly one to that table's count,
// whoever writes it, and the shared check reads the counts with its real query.

let testDatabase: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  pool = new pg.Pool({ connectionString: testDatabase.url, max: 4 });
});
afterAll(async () => {
  await pool.end();
  await testDatabase.drop();
});

/** A fresh read of the versions (a bound of 0: every call starts its own check). */
async function versions(): Promise<DataVersions> {
  return createDataVersionCheck(pool, { freshnessMs: 0 }).current();
}

const counts = async () => {
  const { products, reviews, categories } = await versions();
  return { products: Number(products), reviews: Number(reviews), categories: Number(categories) };
};

describe('the data version counters', () => {
  it('count one per committed transaction that writes a table, however many rows it writes', async () => {
    const before = await counts();
    // Every variant row twice and every product row once, in one transaction: one write of the
    // catalogue (variants count as the catalogue's, issue 34).
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('UPDATE variant SET available_quantity = available_quantity + 1');
      await client.query('UPDATE variant SET available_quantity = available_quantity - 1');
      await client.query(`UPDATE product SET name = name`);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect(await counts()).toEqual({ ...before, products: before.products + 1 });

    // A sale writes only variants: the catalogue changed all the same.
    await pool.query('UPDATE variant SET available_quantity = available_quantity');
    expect(await counts()).toEqual({ ...before, products: before.products + 2 });

    await pool.query(`UPDATE review SET body = body`);
    await pool.query(`UPDATE category SET description = description`);
    expect(await counts()).toEqual({
      products: before.products + 2,
      reviews: before.reviews + 1,
      categories: before.categories + 1,
    });
  });

  it('counts a product and a review written in one transaction once each', async () => {
    const before = await counts();
    await pool.query(
      `WITH p AS (UPDATE product SET name = name RETURNING id)
       UPDATE review SET body = body WHERE EXISTS (SELECT 1 FROM p)`,
    );
    expect(await counts()).toEqual({
      ...before,
      products: before.products + 1,
      reviews: before.reviews + 1,
    });
  });

  it('counts nothing for a rolled-back write or a statement that changes no row', async () => {
    const before = await counts();
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`DELETE FROM review`);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    await pool.query(`UPDATE product SET name = 'x' WHERE false`);
    expect(await counts()).toEqual(before);
  });

  it('sees a write committed on another connection at the next check', async () => {
    const seen = await versions();
    const other = new pg.Client({ connectionString: testDatabase.url });
    await other.connect();
    try {
      await other.query(`DELETE FROM review WHERE id = (SELECT id FROM review LIMIT 1)`);
    } finally {
      await other.end();
    }
    const next = await versions();
    expect(next.reviews).not.toBe(seen.reviews);
    expect(next.products).toBe(seen.products);
  });
});
