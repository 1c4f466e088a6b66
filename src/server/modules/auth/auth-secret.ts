import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appMeta } from '../../db/schema.ts';

const SECRET_KEY = 'auth_secret';

/**
 * AUTH_SECRET when set; otherwise one generated on first start and kept in the database, so
 * every instance on the same database signs and checks tokens alike (docs/decisions/004).
 */
export async function resolveAuthSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appMeta)
    .values({ key: SECRET_KEY, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, SECRET_KEY));
  if (!row) throw new Error('The auth secret could not be stored');
  return row.value;
}
