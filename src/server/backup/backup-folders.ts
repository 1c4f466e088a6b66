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
 * Shell-quotes for archive_command and restore_command (PostgreSQL runs them with /bin/sh, after
 * replacing %p, %f and %%: a % of the folder's name is doubled). The folder comes from BACKUP_DIR,
 * the operator's own setting.
 */
const quoted = (text: string) => `'${text.replace(/%/g, '%%').replace(/'/g, `'\\''`)}'`;

/** How the archive command starts the line it writes to PostgreSQL's log when it refuses. */
export const ARCHIVE_CONFLICT = 'toolhouse WAL archive:';

/**
 * The archive_command that copies a finished WAL segment (%p, relative to the cluster's folder)
 * into `walDir` as %f, with /bin/sh and coreutils alone (no process start beyond them, per 16 MB
 * segment), durably and never changing what is archived:
 *
 * - a copy under a temporary name (%f.part, pruned like a segment if ever left behind), synced to
 *   disk (`sync FILE`: fsync) before it is renamed into place, then the folder synced (the rename
 *   itself), so a crash leaves either no %f or all of it, never a partial one;
 * - %f there already with the same bytes (PostgreSQL archives a segment again after a crash that
 *   came before it noted the success): success, after syncing it, so the archiver moves on;
 * - %f there with other bytes (two clusters archiving into one folder, a damaged file): exit 1
 *   and a line starting with ARCHIVE_CONFLICT on stderr, which is PostgreSQL's log
 *   (DATA_DIR/postgres.log); PostgreSQL retries, counts the failures in pg_stat_archiver
 *   (toolhouse_wal_archive_failed_total) and keeps the segment until an operator decides.
 */
export function archiveCommand(walDir: string): string {
  const wal = quoted(walDir);
  return [
    `f=${wal}/%f`,
    `if test -f "$f"; then if cmp -s %p "$f"; then sync "$f" ${wal}; exit; fi; echo "${ARCHIVE_CONFLICT} $f exists with other content than %p: not overwritten; archiving is stalled until it is moved away (docs/deploy.md, Backups)" >&2; exit 1; fi`,
    `cp %p "$f.part" && sync "$f.part" && mv "$f.part" "$f" && sync ${wal}`,
  ].join('; ');
}

/**
 * The server settings that archive every finished WAL segment into BACKUP_DIR/wal (PostgreSQL's
 * continuous archiving, with nothing but the server binary and the shell: archiveCommand), and
 * a segment switch at least every minute, so a restore can reach any minute.
 */
export function archiveSettings(walDir: string): string[] {
  const command = archiveCommand(walDir);
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
