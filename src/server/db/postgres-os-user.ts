import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { dirname, join } from 'node:path';

// As root, PostgreSQL refuses to run as root, so it runs as the `postgres` OS user. That user
// must reach its binaries and its cluster folder. A checkout in a private folder (root's home, a
// `mktemp -d` folder: mode 700) hides both from it. Then we keep them under POSTGRES_HOME, which
// root owns and that user can enter, and say so in the log.

export const OS_USER = 'postgres';
/** Where binaries and clusters go when the checkout or DATA_DIR is out of the user's reach. */
export const POSTGRES_HOME = '/var/lib/toolhouse';

export interface OsUser {
  uid: number;
  gid: number;
}

/** As root, PostgreSQL must run as its own OS user (created if missing); otherwise as us. */
export function postgresOsUser(isRoot: boolean): OsUser | undefined {
  if (!isRoot) return undefined;
  const id = (flag: string) =>
    Number(execFileSync('id', [flag, OS_USER], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('groupadd', ['-f', '--system', OS_USER]);
    execFileSync('useradd', ['--system', '--no-create-home', '--gid', OS_USER, OS_USER]);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** Whether `owner` can enter `folder` (every folder above it included), asked as that user. */
export function canEnter(owner: OsUser, folder: string): boolean {
  return spawnSync('test', ['-x', folder], { uid: owner.uid, gid: owner.gid }).status === 0;
}

/** A folder root owns and everyone may enter (not list), created with its parents. */
export function enterableFolder(folder: string): string {
  mkdirSync(folder, { recursive: true, mode: 0o711 });
  chmodSync(POSTGRES_HOME, 0o711);
  chmodSync(folder, 0o711);
  return folder;
}

/**
 * The PostgreSQL binaries folder (`native/`, with bin, lib and share) where `owner` can run them:
 * where npm installed them, or else a copy under POSTGRES_HOME, made once per version (into a
 * scratch folder that is renamed, so an interrupted copy is never used).
 */
export function reachableBinaries(
  owner: OsUser | undefined,
  nativeDir: string,
  version: string,
  log: (message: string) => void,
): string {
  if (!owner || canEnter(owner, join(nativeDir, 'bin'))) return nativeDir;
  const target = join(enterableFolder(join(POSTGRES_HOME, 'binaries')), version);
  if (existsSync(join(target, 'bin', 'postgres'))) return target;
  log(`Copying the PostgreSQL binaries to ${target}, where the "${OS_USER}" user can run them`);
  const scratch = `${target}.copy-${randomBytes(4).toString('hex')}`;
  cpSync(nativeDir, scratch, { recursive: true, verbatimSymlinks: true });
  chmodSync(scratch, 0o755);
  try {
    renameSync(scratch, target);
  } catch (error) {
    // Another process finished the same copy first: use theirs.
    rmSync(scratch, { recursive: true, force: true });
    if (!existsSync(join(target, 'bin', 'postgres'))) throw error;
  }
  return target;
}

/**
 * The folder the cluster lives in. Normally DATA_DIR/pg. When `owner` cannot enter DATA_DIR, the
 * cluster lives under POSTGRES_HOME/clusters (one folder per DATA_DIR path) and DATA_DIR/pg is a
 * symbolic link to it, so the data still belongs to DATA_DIR. Returns the real folder (what
 * PostgreSQL is given: it cannot follow the link through DATA_DIR).
 */
export function reachableClusterDir(
  owner: OsUser | undefined,
  dataDir: string,
  log: (message: string) => void,
): string {
  const inDataDir = join(dataDir, 'pg');
  if (!owner) return inDataDir;
  const link = lstatSync(inDataDir, { throwIfNoEntry: false });
  if (link?.isSymbolicLink()) {
    const target = readlinkSync(inDataDir);
    mkdirSync(dirname(target), { recursive: true, mode: 0o711 });
    return target;
  }
  // A cluster already in DATA_DIR, or DATA_DIR reachable: as before.
  if (link || canEnter(owner, dataDir)) return inDataDir;
  const key = createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 16);
  const clusters = enterableFolder(join(POSTGRES_HOME, 'clusters'));
  const target = join(clusters, key, 'pg');
  // No link in DATA_DIR: anything there belongs to a DATA_DIR of this path that was deleted.
  rmSync(dirname(target), { recursive: true, force: true });
  mkdirSync(dirname(target), { mode: 0o711 });
  symlinkSync(target, inDataDir);
  log(
    `${dataDir} is private (the "${OS_USER}" OS user cannot enter it): its PostgreSQL cluster lives in ${target} (linked from ${inDataDir})`,
  );
  return target;
}

/** The version of the installed binaries package (the copy's folder name). */
export function binariesVersion(nativeDir: string): string {
  try {
    const pkg = JSON.parse(readFileSync(join(nativeDir, '..', 'package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
