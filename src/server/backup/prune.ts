import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BackupInfo } from './base-backup.ts';
import { BACKUP_INFO_FILE, baseFolder, walFolder } from './backup-folders.ts';

export interface StoredBackup {
  folder: string;
  info: BackupInfo;
}

/** The complete base backups in BACKUP_DIR, oldest first. */
export function listBackups(backupDir: string): StoredBackup[] {
  const base = baseFolder(backupDir);
  if (!existsSync(base)) return [];
  return readdirSync(base)
    .filter((name) => !name.startsWith('.') && existsSync(join(base, name, BACKUP_INFO_FILE)))
    .sort()
    .map((name) => ({
      folder: join(base, name),
      info: JSON.parse(readFileSync(join(base, name, BACKUP_INFO_FILE), 'utf8')) as BackupInfo,
    }));
}

/** A WAL segment's position, whatever its timeline: log and segment numbers (16 hex digits). */
const position = (segment: string) => segment.slice(8, 24);
const SEGMENT = /^[0-9A-F]{24}/;

/**
 * Keeps the newest `keep` base backups and the log from the oldest kept one's first segment on
 * (as pg_archivecleanup would); timeline history files stay. Returns what was removed.
 */
export function pruneBackups(
  backupDir: string,
  keep: number,
  log: (message: string) => void,
): { backups: number; segments: number } {
  const backups = listBackups(backupDir);
  const old = backups.slice(0, Math.max(0, backups.length - keep));
  for (const { folder } of old) rmSync(folder, { recursive: true, force: true });
  const oldestKept = backups[old.length];
  let segments = 0;
  if (oldestKept) {
    const from = position(oldestKept.info.startWalFile);
    const wal = walFolder(backupDir);
    for (const name of existsSync(wal) ? readdirSync(wal) : []) {
      if (!SEGMENT.test(name) || name.endsWith('.history')) continue;
      if (position(name) < from) {
        rmSync(join(wal, name), { force: true });
        segments += 1;
      }
    }
  }
  if (old.length || segments)
    log(`Pruned ${old.length} old base backup(s) and ${segments} archived log segment(s)`);
  return { backups: old.length, segments };
}
