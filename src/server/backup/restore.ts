import { execFileSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  chownSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
} from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedCluster } from '../db/embedded-cluster.ts';
import { postgresOsUser, reachableClusterDir, type OsUser } from '../db/postgres-os-user.ts';
import {
  BACKUP_CLUSTER_FOLDER,
  PASSWORD_FILE,
  restoreCommand,
  walFolder,
} from './backup-folders.ts';
import { listBackups, type StoredBackup } from './prune.ts';

export interface RestoreOptions {
  backupDir: string;
  /** The NEW DATA_DIR: must not exist or be empty. */
  dataDir: string;
  /** Restore to this moment, or as far as the archived log goes. */
  target: Date | 'latest';
  log: (message: string) => void;
  /** How long the log replay may take. */
  timeoutMs?: number;
}

const RECOVERY_SETTINGS = ['restore_command', 'recovery_target_time', 'recovery_target_action'];

/** The newest base backup finished at or before `target` (the newest of all for 'latest'). */
export function chooseBackup(backups: StoredBackup[], target: Date | 'latest'): StoredBackup {
  const usable =
    target === 'latest'
      ? backups
      : backups.filter((backup) => new Date(backup.info.finishedAt) <= target);
  const chosen = usable[usable.length - 1];
  if (!chosen)
    throw new Error(
      target === 'latest'
        ? 'No base backup found: take one with npm run backup'
        : `No base backup finished by ${target.toISOString()}: the oldest kept finished at ${backups[0]?.info.finishedAt ?? '(none)'}`,
    );
  return chosen;
}

/**
 * The promotion's timeline history file goes into the archive (the replay ran without archiving):
 * a later restore to a moment on the new timeline needs it.
 */
function keepTimelineHistory(clusterDir: string, backupDir: string, owner: OsUser | undefined) {
  const wal = join(clusterDir, 'pg_wal');
  for (const name of readdirSync(wal).filter((file) => file.endsWith('.history'))) {
    const archived = join(walFolder(backupDir), name);
    if (existsSync(archived)) continue;
    copyFileSync(join(wal, name), archived);
    // Read by the archive's and the next restore's `cp`, as PostgreSQL's OS user.
    if (owner) chownSync(archived, owner.uid, owner.gid);
  }
}

const quoteSetting = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * Point-in-time restore (docs/decisions/029, docs/deploy.md) into a NEW DATA_DIR, never over
 * one: the chosen base backup copied in, recovery.signal with restore_command from BACKUP_DIR/wal
 * and recovery_target_time, the server started on it until the replay has reached the target and
 * promoted, the recovery settings removed, and the server stopped. The shop then starts on that
 * DATA_DIR as on any other (and archives its new timeline beside the old one).
 */
export async function restoreBackup(options: RestoreOptions): Promise<StoredBackup> {
  const { backupDir, dataDir, target, log } = options;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new Error(
      `${dataDir} is not empty: a restore goes into a new DATA_DIR, never over a shop's data`,
    );
  const backup = chooseBackup(listBackups(backupDir), target);
  log(`Restoring base backup ${backup.folder} into ${dataDir}`);

  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const owner = postgresOsUser(userInfo().uid === 0);
  if (owner) chmodSync(dataDir, 0o711);
  const clusterDir = reachableClusterDir(owner, dataDir, log);
  cpSync(join(backup.folder, BACKUP_CLUSTER_FOLDER), clusterDir, { recursive: true });
  chmodSync(clusterDir, 0o700);
  const password = join(backup.folder, PASSWORD_FILE);
  if (existsSync(password)) copyFileSync(password, join(dataDir, PASSWORD_FILE));
  const settings = [
    `restore_command = ${quoteSetting(restoreCommand(backupDir))}`,
    ...(target === 'latest'
      ? []
      : [
          // PostgreSQL's own timestamp syntax: it refuses ISO 8601's T and Z here.
          `recovery_target_time = ${quoteSetting(target.toISOString().replace('T', ' ').replace('Z', '+00'))}`,
          `recovery_target_action = 'promote'`,
        ]),
  ];
  appendFileSync(join(clusterDir, 'postgresql.auto.conf'), `\n${settings.join('\n')}\n`);
  appendFileSync(join(clusterDir, 'recovery.signal'), '');
  if (owner) execFileSync('chown', ['-R', `${owner.uid}:${owner.gid}`, clusterDir]);

  const cluster = await startEmbeddedCluster({ dataDir, log }).catch((error: unknown) => {
    throw new Error(
      `The log replay failed (is the target within the archived log? see ${join(dataDir, 'postgres.log')}): ${(error as Error).message}`,
      { cause: error },
    );
  });
  try {
    const client = new pg.Client({ connectionString: cluster.urlFor('postgres') });
    await client.connect();
    try {
      const deadline = Date.now() + (options.timeoutMs ?? 30 * 60_000);
      for (;;) {
        const { rows } = await client.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r');
        if (!rows[0]?.r) break;
        if (Date.now() > deadline) throw new Error('The log replay did not finish in time');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      for (const name of RECOVERY_SETTINGS) await client.query(`ALTER SYSTEM RESET ${name}`);
      await client.query('CHECKPOINT');
    } finally {
      await client.end();
    }
  } finally {
    await cluster.stop();
  }
  keepTimelineHistory(clusterDir, backupDir, owner);
  log(
    `Restored ${target === 'latest' ? 'to the end of the archived log' : `to ${target.toISOString()}`} in ${dataDir}`,
  );
  return backup;
}
