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
  ARCHIVE_CONFLICT,
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
 * Failed attempts in a row after which PostgreSQL's archiver pauses a minute before it tries the
 * segment again (its NUM_ARCHIVE_RETRIES): a base backup waiting for that segment gives up then.
 */
const ARCHIVE_RETRIES = 3;
/** The longest a base backup waits for its log to be archived without a failure. */
const ARCHIVE_WAIT_MS = 15 * 60_000;
/** A note in the log when the wait is this long. */
const ARCHIVE_WAIT_NOTE_MS = 10_000;

const archiveFailures = async (client: pg.Client) => {
  const { rows } = await client.query<{ failed: number }>(
    'SELECT failed_count::float8 AS failed FROM pg_stat_archiver',
  );
  return rows[0]?.failed ?? 0;
};

/**
 * Waits until `segment`, the last one the base backup needs, is archived (PostgreSQL marked it
 * done), as pg_backup_stop(true) would, but fails when the archiver keeps failing instead of
 * waiting forever: the backup is of no use without its log.
 */
async function waitUntilArchived(
  client: pg.Client,
  segment: string,
  failedBefore: number,
  dataDir: string,
  log: (message: string) => void,
): Promise<void> {
  const started = Date.now();
  let noted = false;
  for (;;) {
    const { rows } = await client.query<{ done: boolean; failed: number; lastFailed: string }>(
      `SELECT (pg_stat_file('pg_wal/archive_status/' || $1 || '.done', true)).size IS NOT NULL AS done,
         failed_count::float8 AS failed, last_failed_wal AS "lastFailed" FROM pg_stat_archiver`,
      [segment],
    );
    const row = rows[0];
    if (row?.done) return;
    const failures = (row?.failed ?? 0) - failedBefore;
    if (row && failures >= ARCHIVE_RETRIES)
      throw new Error(
        `WAL archiving is failing (${failures} failed attempts, the last on ${row.lastFailed}): this base backup needs ${segment} archived and was discarded. PostgreSQL's log (${join(dataDir, 'postgres.log')}) says why; a line starting "${ARCHIVE_CONFLICT}" names an archived segment with other content (docs/deploy.md, Backups). toolhouse_wal_archive_failing is 1 until it is fixed.`,
      );
    const waited = Date.now() - started;
    if (waited > ARCHIVE_WAIT_MS)
      throw new Error(
        `${segment} was not archived within ${ARCHIVE_WAIT_MS / 60_000} minutes: this base backup was discarded (see ${join(dataDir, 'postgres.log')})`,
      );
    if (!noted && waited > ARCHIVE_WAIT_NOTE_MS) {
      noted = true;
      log(`Waiting for the write-ahead log up to ${segment} to be archived`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A base backup of the running embedded cluster with PostgreSQL's low-level API, which needs
 * nothing but a connection (docs/decisions/029): pg_backup_start, a copy of the cluster's folder,
 * pg_backup_stop, a wait until the log it needs is archived (failing when the archiver does), its
 * backup_label and tablespace_map written into the copy. Written under a scratch name and renamed
 * when complete; then old backups beyond `keep` and the log only they needed are pruned.
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
    const failedBefore = await archiveFailures(client);
    // Not PostgreSQL's own wait for the log (it waits forever on a segment it cannot archive).
    const { rows } = await client.query<{
      labelfile: string;
      spcmapfile: string | null;
      stopWalFile: string;
    }>(
      'SELECT labelfile, spcmapfile, pg_walfile_name(lsn) AS "stopWalFile" FROM pg_backup_stop(false)',
    );
    await waitUntilArchived(client, rows[0]?.stopWalFile ?? '', failedBefore, dataDir, log);
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
