import { createHash } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { canEnter, enterableFolder, POSTGRES_HOME, type OsUser } from '../db/postgres-os-user.ts';

/** BACKUP_DIR's layout: the archived write-ahead log, and one folder per base backup. */
export const walFolder = (backupDir: string) => join(backupDir, 'wal');
export const baseFolder = (backupDir: string) => join(backupDir, 'base');

/** The password of the cluster's superuser, kept with each base backup (DATA_DIR/pg-password). */
export const PASSWORD_FILE = 'pg-password';
/** What a base backup says of itself (backup.json in its folder). */
export const BACKUP_INFO_FILE = 'backup.json';
/** The cluster's files inside a base backup's folder. */
export const BACKUP_CLUSTER_FOLDER = 'pg';

/**
 * Shell-quotes for archive_command and restore_command (PostgreSQL runs them with /bin/sh). The
 * folder comes from BACKUP_DIR, the operator's own setting.
 */
const quoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/**
 * The server settings that archive every finished WAL segment into BACKUP_DIR/wal (PostgreSQL's
 * continuous archiving, with nothing but the server binary and `cp`): copied under a temporary
 * name then renamed, never over an existing file (a segment archived twice must not be changed),
 * and a segment switch at least every minute, so a restore can reach any minute.
 */
export function archiveSettings(walDir: string): string[] {
  const wal = quoted(walDir);
  const command = `test ! -f ${wal}/%f && cp %p ${wal}/%f.part && mv ${wal}/%f.part ${wal}/%f`;
  return [
    '-c',
    'wal_level=replica',
    '-c',
    'archive_mode=on',
    '-c',
    `archive_command=${command}`,
    '-c',
    'archive_timeout=60',
  ];
}

/** restore_command for a recovery from BACKUP_DIR/wal. */
export function restoreCommand(backupDir: string): string {
  // The real folder: BACKUP_DIR/wal may be a link PostgreSQL's OS user cannot follow (below).
  const wal = quoted(realpathSync(walFolder(backupDir)));
  return `cp ${wal}/%f %p`;
}

/**
 * Creates BACKUP_DIR/wal where PostgreSQL's OS user (as root) may write it, and answers the folder
 * the server archives into. When that user cannot reach BACKUP_DIR (a private checkout, run as
 * root), the log is archived in a folder of its own under /var/lib/toolhouse, linked from
 * BACKUP_DIR/wal, like the cluster itself (postgres-os-user.ts).
 */
export function prepareArchiveFolder(
  backupDir: string,
  owner: OsUser | undefined,
  log: (message: string) => void,
): string {
  const wal = walFolder(backupDir);
  mkdirSync(baseFolder(backupDir), { recursive: true, mode: 0o700 });
  const link = lstatSync(wal, { throwIfNoEntry: false });
  if (link?.isSymbolicLink()) {
    const target = readlinkSync(wal);
    mkdirSync(target, { recursive: true, mode: 0o700 });
    if (owner) chownSync(target, owner.uid, owner.gid);
    return target;
  }
  mkdirSync(wal, { recursive: true, mode: 0o700 });
  if (!owner) return wal;
  chownSync(backupDir, owner.uid, owner.gid);
  chownSync(wal, owner.uid, owner.gid);
  if (canEnter(owner, wal)) return wal;
  if (readdirSync(wal).length > 0)
    throw new Error(
      `BACKUP_DIR ${backupDir} is out of reach of the "postgres" OS user that archives into it: make every folder above it enterable, choose another BACKUP_DIR, or set BACKUP_DIR= to turn archiving off`,
    );
  const key = createHash('sha256').update(realpathSync(backupDir)).digest('hex').slice(0, 16);
  const target = join(enterableFolder(join(POSTGRES_HOME, 'archives')), key, 'wal');
  mkdirSync(target, { recursive: true, mode: 0o700 });
  chmodSync(dirname(target), 0o711);
  chownSync(target, owner.uid, owner.gid);
  rmSync(wal, { recursive: true });
  symlinkSync(target, wal);
  log(
    `${backupDir} is private (the "postgres" OS user cannot enter it): the write-ahead log is archived in ${target} (linked from ${wal})`,
  );
  return target;
}
