import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { keptPlan } from './kept-plan.ts';

// Issue 38: a hot statement keeps its plan as a function of its text, made on a process's first
// call on a database and again when the database lost it.

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

const spec = (sql: string) =>
  keptPlan({
    name: 'kept_plan_test',
    sql,
    params: ['integer', 'text'],
    columns: [
      ['n', 'integer'],
      ['word', 'text'],
    ],
    volatility: 'STABLE',
  });

const functionsNamed = async (name: string) =>
  (
    await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_proc WHERE proname = $1', [
      name,
    ])
  ).rows[0]?.n;

describe('a kept plan', () => {
  it("answers the statement's rows, from a function made once per pool", async () => {
    const plan = spec(
      'SELECT $1 + g AS n, $2 || g AS word FROM generate_series(1, 2) AS g ORDER BY g',
    );
    const query = vi.spyOn(pool, 'query');
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push((await plan.query(pool, [10, 'w'])).rows);
    // Besides the 3 calls: one look for the function and its CREATE, on the first call only.
    const made = query.mock.calls
      .map(([text]) => String(text))
      .filter((text) => text !== plan.callSql);
    query.mockRestore();

    expect(answers).toEqual(
      Array(3).fill([
        { n: 11, word: 'w1' },
        { n: 12, word: 'w2' },
      ]),
    );
    expect(made).toHaveLength(2);
    expect(made[1]).toMatch(/^CREATE FUNCTION /);
    expect(plan.callSql).toBe(`SELECT * FROM ${plan.functionName}($1::integer, $2::text)`);
    expect(await functionsNamed(plan.functionName)).toBe(1);
  });

  it('is a new function for a new text (two versions of the code side by side)', async () => {
    const older = spec('SELECT $1 AS n, $2 AS word');
    const newer = spec('SELECT $1 + 1 AS n, $2 AS word');
    expect(newer.functionName).not.toBe(older.functionName);
    expect((await older.query(pool, [1, 'a'])).rows).toEqual([{ n: 1, word: 'a' }]);
    expect((await newer.query(pool, [1, 'a'])).rows).toEqual([{ n: 2, word: 'a' }]);
  });

  it('is made again when the database lost it (restored from before it)', async () => {
    const plan = spec('SELECT $1 * 2 AS n, upper($2) AS word');
    expect((await plan.query(pool, [2, 'x'])).rows).toEqual([{ n: 4, word: 'X' }]);
    await pool.query(`DROP FUNCTION ${plan.functionName}`);

    expect((await plan.query(pool, [3, 'y'])).rows).toEqual([{ n: 6, word: 'Y' }]);
    expect(await functionsNamed(plan.functionName)).toBe(1);
  });

  it('is made by one of several processes starting at once, and used by all', async () => {
    const plan = spec('SELECT $1 - 1 AS n, lower($2) AS word');
    const pools = Array.from(
      { length: 4 },
      () => new pg.Pool({ connectionString: testDatabase.url, max: 1 }),
    );
    try {
      const answers = await Promise.all(pools.map((own) => plan.query(own, [5, 'Z'])));
      expect(answers.map((answer) => answer.rows)).toEqual(Array(4).fill([{ n: 4, word: 'z' }]));
      expect(await functionsNamed(plan.functionName)).toBe(1);
    } finally {
      await Promise.all(pools.map((own) => own.end()));
    }
  });

  it('keeps a generic plan: the function is made with plan_cache_mode force_generic_plan', async () => {
    const plan = spec('SELECT $1 AS n, $2 AS word');
    await plan.query(pool, [1, 'a']);
    const { rows } = await pool.query<{ config: string[] }>(
      'SELECT proconfig AS config FROM pg_proc WHERE proname = $1',
      [plan.functionName],
    );
    expect(rows[0]?.config).toEqual(['plan_cache_mode=force_generic_plan']);
  });
});
