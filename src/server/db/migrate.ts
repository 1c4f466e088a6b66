import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { migrationsFolder } from '../paths.ts';
import * as schema from './schema.ts';
import { seedDemoData } from './seed/seed.ts';

// Any constant unique to this app: several instances starting at once migrate and seed one at a time.
const MIGRATION_LOCK_KEY = 7_270_001;

/** Applies the committed migrations, then seeds an empty database with the demo catalogue. */
export async function prepareDatabase(
  pool: pg.Pool,
  log: (message: string) => void,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder });
    await seedDemoData(db, log);
  } finally {
    await client
      .query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
      .catch(() => undefined);
    client.release();
  }
}
