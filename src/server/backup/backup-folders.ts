import { chownSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { canEnter, type OsUser } from '../db/postgres-os-user.ts';

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
export function archiveSettings(backupDir: string): string[] {
  const wal = quoted(walFolder(backupDir));
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
  const wal = quoted(walFolder(backupDir));
  return `cp ${wal}/%f %p`;
}

/**
 * Creates BACKUP_DIR/wal where PostgreSQL's OS user (as root) may write it. Throws when that user
 * cannot reach it, rather than letting every segment fail to archive.
 */
export function prepareArchiveFolder(backupDir: string, owner: OsUser | undefined): void {
  const wal = walFolder(backupDir);
  mkdirSync(wal, { recursive: true, mode: 0o700 });
  mkdirSync(baseFolder(backupDir), { recursive: true, mode: 0o700 });
  if (!owner) return;
  chownSync(backupDir, owner.uid, owner.gid);
  chownSync(wal, owner.uid, owner.gid);
  if (!canEnter(owner, wal))
    throw new Error(
      `BACKUP_DIR ${backupDir} is out of reach of the "postgres" OS user that archives into it: make every folder above it enterable, choose another BACKUP_DIR, or set BACKUP_DIR= to turn archiving off`,
    );
}
