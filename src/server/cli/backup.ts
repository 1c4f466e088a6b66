import { takeBaseBackup } from '../backup/base-backup.ts';
import { loadConfig } from '../config.ts';
import { runningClusterUrl } from '../db/embedded-cluster.ts';

// npm run backup: a base backup of the running shop's embedded database into BACKUP_DIR, then
// old ones pruned to BACKUP_KEEP (docs/deploy.md). With DATABASE_URL, back up that server with its
// own tools instead (pgBackRest, barman or the provider's point-in-time recovery).

async function main(): Promise<number> {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL is set: back up that server with pgBackRest, barman or your provider (docs/deploy.md).',
    );
    return 2;
  }
  if (!config.backupDir) {
    console.error('BACKUP_DIR is empty: archiving is off, so there is nothing to back up into.');
    return 2;
  }
  const url = runningClusterUrl(config.dataDir, 'postgres');
  if (!url) {
    console.error(`No shop is running on ${config.dataDir}: start it (npm start), then back up.`);
    return 1;
  }
  await takeBaseBackup({
    url,
    dataDir: config.dataDir,
    backupDir: config.backupDir,
    keep: config.backupKeep,
    log: (message) => console.log(message),
  });
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
