import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths.ts';
import * as schema from './schema.ts';
import { seedDemoData, type SeedOptions } from './seed/seed.ts';

// Any constant unique to this app: several instances starting at once migrate and seed one at a time.
const MIGRATION_LOCK_KEY = 7_270_001;

/**
 * Applies the committed migrations, then seeds an empty database with the demo catalogue.
 *
 * The lock is a transaction-level advisory lock held by a connection of its own, in a transaction
 * open for the whole run: that works straight on PostgreSQL and through PgBouncer in transaction
 * pooling mode alike (a session-level lock would be taken on one server connection and released
 * on another there, and stay held). It needs no second connection from `pool`, so a pool of one
 * does not wait on itself.
 */
export async function prepareDatabase(
  pool: pg.Pool,
  log: (message: string) => void,
  seedOptions: SeedOptions = {},
): Promise<void> {
  const lock = new pg.Client(pool.options);
  lock.on('error', () => undefined); // a lost lock connection surfaces as the failed COMMIT below
  await lock.connect();
  try {
    await lock.query('BEGIN');
    await lock.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    const client = await pool.connect();
    try {
      const db = drizzle({ client, schema });
      await migrate(db, { migrationsFolder });
      await seedDemoData(db, log, seedOptions);
    } finally {
      client.release();
    }
    await lock.query('COMMIT');
  } finally {
    await lock.end().catch(() => undefined);
  }
}
