import pg from 'pg';
import { connectDatabase, endPools, type Database } from './client.ts';
import { isConnectionFailure } from './guarded-pool.ts';
import { ensureDatabase, startEmbeddedCluster, type EmbeddedCluster } from './embedded-cluster.ts';
import { prepareDatabase } from './migrate.ts';

export const EMBEDDED_DATABASE = 'toolhouse';

/** DATABASE_URL, DATA_DIR and BACKUP_DIR (config.ts parses them; ADR 046). */
export interface DatabaseConfig {
  databaseUrl: string | undefined;
  dataDir: string;
  backupDir: string | null;
  /** OUTBOX_DB_CONNECTIONS: the outbox worker's own pool (0: it shares the app's). */
  outboxConnections: number;
}

export interface OpenDatabase extends Database {
  close(): Promise<void>;
}

interface DatabaseLog {
  info: (message: string) => void;
  error: (error: unknown, message: string) => void;
}

/** DATABASE_URL when set, else the private cluster in DATA_DIR (started here). */
async function locateDatabase(
  config: DatabaseConfig,
  log: DatabaseLog,
): Promise<{ url: string; cluster?: EmbeddedCluster }> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  const cluster = await startEmbeddedCluster({
    dataDir: config.dataDir,
    log: (m) => log.info(m),
    backupDir: config.backupDir,
  });
  try {
    await ensureDatabase(cluster, EMBEDDED_DATABASE);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return { url: cluster.urlFor(EMBEDDED_DATABASE), cluster };
}

/** Opens the shop's database, migrated and seeded; close() also stops an embedded cluster. */
export async function openDatabase(
  config: DatabaseConfig,
  log: DatabaseLog,
): Promise<OpenDatabase> {
  const { url, cluster } = await locateDatabase(config, log);
  let closing = false;
  const database = connectDatabase(url, {
    // While closing, connections still winding down may be cut by the cluster's own shutdown. A
    // lost connection is the breaker's to report (once per outage, not once per connection).
    onError: (error) =>
      closing || isConnectionFailure(error) || log.error(error, 'idle database connection failed'),
    log,
    outboxConnections: config.outboxConnections,
  });
  const close = async () => {
    closing = true;
    await endPools(database);
    await cluster?.stop();
  };
  // Migrations and seeding on a pool of their own, without the request bounds: a migration may
  // take long, and waiting for another instance's migration (the lock) does.
  const migrationPool = new pg.Pool({ connectionString: url, max: 1 });
  migrationPool.on('error', () => undefined); // a failure surfaces through prepareDatabase
  try {
    await prepareDatabase(migrationPool, (m) => log.info(m));
  } catch (error) {
    await migrationPool.end();
    await close();
    throw error;
  }
  await migrationPool.end();
  return { ...database, close };
}
