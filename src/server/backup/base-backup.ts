import {
  copyFileSync,
  existsSync,
  mkdirSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import {
  BACKUP_CLUSTER_FOLDER,
  BACKUP_INFO_FILE,
  baseFolder,
  PASSWORD_FILE,
} from './backup-folders.ts';
import { copyClusterFolder } from './copy-cluster.ts';
import { pruneBackups } from './prune.ts';

/** What backup.json says of a base backup. */
export interface BackupInfo {
  /** When pg_backup_start returned (ISO). */
  startedAt: string;
  /** When pg_backup_stop returned (ISO): a restore needs a target at or after it. */
  finishedAt: string;
  /** The first WAL segment the backup needs (its backup_label's START WAL LOCATION file). */
  startWalFile: string;
  bytes: number;
}

export interface BaseBackupOptions {
  /** A superuser connection to the running cluster. */
  url: string;
  /** DATA_DIR: its `pg` folder (or where that links) and its pg-password. */
  dataDir: string;
  backupDir: string;
  keep: number;
  log: (message: string) => void;
}

/** A folder name that sorts by time: 20261126T001500Z. */
const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/**
 * A base backup of the running embedded cluster with PostgreSQL's low-level API, which needs
 * nothing but a connection (docs/decisions/029): pg_backup_start, a copy of the cluster's folder,
 * pg_backup_stop (which waits until the log it needs is archived), its backup_label and
 * tablespace_map written into the copy. Written under a scratch name and renamed when complete;
 * then old backups beyond `keep` and the log only they needed are pruned.
 */
export async function takeBaseBackup(
  options: BaseBackupOptions,
): Promise<{ folder: string; info: BackupInfo }> {
  const { url, dataDir, backupDir, log } = options;
  const clusterDir = realpathSync(join(dataDir, 'pg'));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = new Date();
  const scratch = join(baseFolder(backupDir), `.${stamp(started)}.part`);
  try {
    const { rows: settings } = await client.query<{ setting: string }>(
      `SELECT setting FROM pg_settings WHERE name = 'archive_mode'`,
    );
    if (settings[0]?.setting !== 'on')
      throw new Error(
        'The shop is not archiving its write-ahead log: start it with BACKUP_DIR set (the default ./backups) before taking a backup',
      );
    mkdirSync(baseFolder(backupDir), { recursive: true, mode: 0o700 });
    rmSync(scratch, { recursive: true, force: true });
    await client.query(`SELECT pg_backup_start($1, true)`, [`toolhouse ${started.toISOString()}`]);
    let bytes: number;
    try {
      bytes = copyClusterFolder(clusterDir, join(scratch, BACKUP_CLUSTER_FOLDER));
    } catch (error) {
      await client.query('SELECT pg_backup_stop(false)').catch(() => undefined);
      throw error;
    }
    const { rows } = await client.query<{ labelfile: string; spcmapfile: string | null }>(
      'SELECT labelfile, spcmapfile FROM pg_backup_stop(true)',
    );
    const finished = new Date();
    const label = rows[0]?.labelfile ?? '';
    const cluster = join(scratch, BACKUP_CLUSTER_FOLDER);
    writeFileSync(join(cluster, 'backup_label'), label, { mode: 0o600 });
    if (rows[0]?.spcmapfile) writeFileSync(join(cluster, 'tablespace_map'), rows[0].spcmapfile);
    const password = join(dataDir, PASSWORD_FILE);
    if (existsSync(password)) copyFileSync(password, join(scratch, PASSWORD_FILE));
    const startWalFile = /START WAL LOCATION: .* \(file ([0-9A-F]{24})\)/.exec(label)?.[1];
    if (!startWalFile) throw new Error(`Unexpected backup_label: ${label}`);
    const info: BackupInfo = {
      startedAt: started.toISOString(),
      finishedAt: finished.toISOString(),
      startWalFile,
      bytes,
    };
    writeFileSync(join(scratch, BACKUP_INFO_FILE), `${JSON.stringify(info, null, 2)}\n`);
    const folder = join(baseFolder(backupDir), stamp(started));
    renameSync(scratch, folder);
    log(`Base backup ${folder} (${Math.round(bytes / 1e6)} MB) done`);
    pruneBackups(backupDir, options.keep, log);
    return { folder, info };
  } catch (error) {
    rmSync(scratch, { recursive: true, force: true });
    throw error;
  } finally {
    await client.end();
  }
}
