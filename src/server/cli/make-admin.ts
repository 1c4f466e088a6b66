import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { loadConfig, type AppConfig } from '../config.ts';
import { connectDatabase, type Db } from '../db/client.ts';
import { EMBEDDED_DATABASE, openDatabase } from '../db/database.ts';
import { runningClusterUrl } from '../db/embedded-cluster.ts';
import { user } from '../db/schema.ts';
import { CLI_ACTOR, makeAdmin, normalizeEmail } from '../modules/users/index.ts';

// npm run make-admin -- <email>: gives an existing account the admin role. Works with the shop
// running (through the database it runs) or stopped (starting the embedded database meanwhile).

async function openShopDatabase(config: AppConfig): Promise<{ db: Db; close(): Promise<void> }> {
  const runningUrl = config.databaseUrl
    ? undefined
    : runningClusterUrl(config.dataDir, EMBEDDED_DATABASE);
  if (runningUrl) {
    const { db, pool } = connectDatabase(runningUrl, { max: 1 });
    return { db, close: () => pool.end() };
  }
  return openDatabase(config, { info: () => undefined, error: () => undefined });
}

async function main(): Promise<number> {
  const email = z.email().safeParse(process.argv[2]?.trim());
  if (!email.success) {
    console.error('Usage: npm run make-admin -- <email>');
    return 2;
  }
  const target = normalizeEmail(email.data);
  const database = await openShopDatabase(loadConfig());
  try {
    if ((await makeAdmin(database.db, target, CLI_ACTOR)).modifiedCount > 0) {
      console.log(`${target} is now an admin.`);
      return 0;
    }
    const [existing] = await database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(sql`lower(${user.email})`, target));
    if (existing) {
      console.log(`${target} is already an admin.`);
      return 0;
    }
    console.error(`No account with the e-mail ${target}. Register it in the shop first.`);
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
