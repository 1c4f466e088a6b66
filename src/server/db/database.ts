import type { AppConfig } from '../config.ts';
import { connectDatabase, type Database } from './client.ts';
import { ensureDatabase, startEmbeddedCluster } from './embedded-cluster.ts';
import { prepareDatabase } from './migrate.ts';

const EMBEDDED_DATABASE = 'toolhouse';

export interface OpenDatabase extends Database {
  close(): Promise<void>;
}

/** DATABASE_URL when set, else the private cluster in DATA_DIR; migrated and seeded either way. */
export async function openDatabase(
  config: AppConfig,
  log: { info: (message: string) => void; error: (error: unknown, message: string) => void },
): Promise<OpenDatabase> {
  const cluster = config.databaseUrl
    ? undefined
    : await startEmbeddedCluster({ dataDir: config.dataDir, log: (m) => log.info(m) });
  try {
    if (cluster) await ensureDatabase(cluster, EMBEDDED_DATABASE);
    const url = config.databaseUrl ?? cluster!.urlFor(EMBEDDED_DATABASE);
    const database = connectDatabase(url, { onError: (error) => log.error(error, 'idle database connection failed') });
    try {
      await prepareDatabase(database.pool, (m) => log.info(m));
    } catch (error) {
      await database.pool.end();
      throw error;
    }
    return {
      ...database,
      async close() {
        await database.pool.end();
        await cluster?.stop();
      },
    };
  } catch (error) {
    await cluster?.stop();
    throw error;
  }
}
