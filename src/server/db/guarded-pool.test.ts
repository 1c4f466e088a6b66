import { createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseUnavailable, findDatabaseUnavailable } from '../errors.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { waitFor } from '../testing/spawn-app.ts';
import { GuardedPool } from './guarded-pool.ts';
import * as schema from './schema.ts';

// The pool's bounds on a real PostgreSQL (the shared test cluster, never frozen here): a statement
// past the client timer is abandoned and its connection destroyed, inside a transaction too, and a
// single slow statement does not open the breaker (its probe finds the database answering).
// Against a silent server (accepts, never answers), the breaker opens and refuses at once.

let testDatabase: TestDatabase;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
});
afterAll(async () => {
  await testDatabase.drop();
});

/** The backends of this test's database still running a statement or a transaction. */
async function busyBackends(pool: GuardedPool): Promise<number> {
  const { rows } = await pool.query<{ busy: number }>(
    `SELECT count(*)::int AS busy FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle'`,
  );
  return rows[0]!.busy;
}

describe('a statement past the client timer', () => {
  it('is abandoned, and its connection destroyed, inside a transaction too', async () => {
    const pool = new GuardedPool({
      connectionString: testDatabase.url,
      max: 2,
      queryTimeoutMs: 300,
    });
    const db = drizzle({ client: pool, schema });
    try {
      const started = Date.now();
      const failure = await db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await tx.execute(sql`select pg_sleep(2)`);
        })
        .catch((error: unknown) => error);
      expect(findDatabaseUnavailable(failure)).toBeInstanceOf(DatabaseUnavailable);
      // The ROLLBACK on the abandoned client fails at once instead of waiting its turn.
      expect(Date.now() - started).toBeLessThan(1_500);
      // Taken out of the pool, not returned to it.
      expect(pool.totalCount).toBe(0);

      // A single slow statement is not an outage: the probe finds the database answering.
      const { rows } = await pool.query<{ one: number }>('select 1 as one');
      expect(rows).toEqual([{ one: 1 }]);
      expect(pool.breaker.state).toBe('up');
      // Its backend ends (the socket is gone), nothing is left in a transaction.
      await waitFor(async () => (await busyBackends(pool)) === 0, 10_000, 'the backend to end');
    } finally {
      await pool.end();
    }
  });

  it('keeps the statement error of a failing statement (not a 503)', async () => {
    const pool = new GuardedPool({ connectionString: testDatabase.url, max: 1 });
    try {
      const failure = await pool.query('select * from no_such_table').catch((e: unknown) => e);
      expect(failure).toMatchObject({ code: '42P01' });
      expect(findDatabaseUnavailable(failure)).toBeUndefined();
      expect((await pool.query('select 1')).rowCount).toBe(1);
    } finally {
      await pool.end();
    }
  });
});

describe('a server that accepts connections and never answers', () => {
  let server: Server;
  const sockets = new Set<Socket>();
  let url: string;
  beforeAll(async () => {
    server = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `postgres://u:p@127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/x`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('fails the first call within the acquisition bound, then every call at once', async () => {
    const pool = new GuardedPool({ connectionString: url, max: 2, acquireTimeoutMs: 500 });
    try {
      const started = Date.now();
      await expect(pool.query('select 1')).rejects.toBeInstanceOf(DatabaseUnavailable);
      expect(Date.now() - started).toBeLessThan(2_000);

      await waitFor(() => pool.breaker.state === 'down', 5_000, 'the breaker to open');
      const known = Date.now();
      const refused = await pool.connect().catch((e: unknown) => e);
      expect(refused).toMatchObject({ known: true, statusCode: 503 });
      expect(Date.now() - known).toBeLessThan(100);
    } finally {
      await pool.end();
    }
  });
});
