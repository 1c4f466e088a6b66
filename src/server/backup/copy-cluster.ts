import {
  copyFileSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  symlinkSync,
} from 'node:fs';
import { join } from 'node:path';

/** Top-level files a base backup leaves out (PostgreSQL's docs, "Making a Base Backup"). */
const SKIPPED_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
  'current_logfiles',
  'recovery.signal',
  'standby.signal',
]);
/** Folders copied empty: rebuilt or replayed by the server. */
const EMPTIED_FOLDERS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);

const vanished = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Copies a cluster's folder while its server runs (between pg_backup_start and pg_backup_stop):
 * files that vanish meanwhile (a dropped table, a temporary file) are skipped, as the log replay
 * puts the cluster right. Returns how many bytes were copied.
 */
export function copyClusterFolder(from: string, to: string, top = true): number {
  mkdirSync(to, { recursive: true, mode: 0o700 });
  let bytes = 0;
  let names: string[];
  try {
    names = readdirSync(from);
  } catch (error) {
    if (vanished(error)) return 0;
    throw error;
  }
  for (const name of names) {
    if (top && SKIPPED_FILES.has(name)) continue;
    if (name.startsWith('pgsql_tmp')) continue;
    const source = join(from, name);
    const target = join(to, name);
    try {
      const stat = lstatSync(source);
      if (stat.isDirectory()) {
        if (top && EMPTIED_FOLDERS.has(name)) mkdirSync(target, { mode: 0o700 });
        else bytes += copyClusterFolder(source, target, false);
        if (top && name === 'pg_wal') mkdirSync(join(target, 'archive_status'), { mode: 0o700 });
      } else if (stat.isSymbolicLink()) {
        symlinkSync(readlinkSync(source), target);
      } else if (stat.isFile()) {
        copyFileSync(source, target);
        bytes += stat.size;
      }
    } catch (error) {
      if (!vanished(error)) throw error;
    }
  }
  return bytes;
}
