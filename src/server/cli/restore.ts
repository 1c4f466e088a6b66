import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { restoreBackup } from '../backup/restore.ts';
import { loadConfig } from '../config.ts';

// npm run restore -- --to "<ISO time>" | --latest [--data-dir <new folder>]: point-in-time restore
// of the embedded database from BACKUP_DIR into a NEW DATA_DIR (docs/deploy.md).

const USAGE =
  'Usage: npm run restore -- (--to "2026-11-26T10:15:00Z" | --latest) [--data-dir <new empty folder>]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      to: { type: 'string' },
      latest: { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
    },
  });
  const target = values.latest ? 'latest' : values.to ? new Date(values.to) : undefined;
  if (!target || (values.latest && values.to) || (target !== 'latest' && isNaN(target.getTime()))) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (!config.backupDir) {
    console.error('BACKUP_DIR is empty: set it to the folder holding the backups.');
    return 2;
  }
  const dataDir = values['data-dir'] ? resolve(values['data-dir']) : config.dataDir;
  await restoreBackup({
    backupDir: config.backupDir,
    dataDir,
    target,
    log: (message) => console.log(message),
  });
  console.log(`Start the shop on it: DATA_DIR=${dataDir} npm start`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
