import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { projectRoot } from '../paths.ts';
import { freePort } from '../free-port.ts';

// PgBouncer and nginx from the Debian packages, run by the topology test with the configuration
// files shipped in deploy/ (only addresses, ports and file paths replaced), each in a temporary
// folder of its own, on 127.0.0.1 and free ports.

export const PGBOUNCER_BINARY = '/usr/sbin/pgbouncer';
export const NGINX_BINARY = '/usr/sbin/nginx';
const READY_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 10_000;

/** The binaries the topology needs that this machine lacks. */
export function missingBinaries(): string[] {
  return [PGBOUNCER_BINARY, NGINX_BINARY].filter((binary) => !existsSync(binary));
}

export interface RunningProcess {
  pid: number;
  /** What it wrote to stdout and stderr. */
  output(): string;
  /** Stops it (SIGTERM, SIGKILL after a while) and waits; a no-op once it has exited. */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
// A test worker that dies must not leave them behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function start(
  command: string,
  args: string[],
  owner?: { uid: number; gid: number },
): RunningProcess & { exited: () => boolean } {
  const child = spawn(command, args, { ...owner, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  let exited = false;
  const onData = (chunk: Buffer) => (output += chunk.toString());
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      running.delete(child);
      resolve();
    }),
  );
  child.once('error', (error) => (output += `\n${error.message}`));
  return {
    pid: child.pid ?? 0,
    output: () => output,
    exited: () => exited,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exit;
      clearTimeout(timer);
    },
  };
}

async function waitReady(
  what: string,
  child: RunningProcess & { exited: () => boolean },
  ready: () => Promise<boolean>,
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exited()) throw new Error(`${what} exited at start:\n${child.output()}`);
    if (await ready().catch(() => false)) return;
    if (Date.now() > deadline) {
      await child.stop();
      throw new Error(`${what} was not ready in ${READY_TIMEOUT_MS} ms:\n${child.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Its stop() also removes its work folder. */
function removingFolder<T extends RunningProcess>(child: T, dir: string): T {
  return {
    ...child,
    async stop() {
      await child.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A folder the unprivileged users the servers run as can enter (mkdtemp makes it 0700). */
function workFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

/** Replaces `key = value` lines of an ini file; throws when the file has no such key. */
function setIni(text: string, values: Record<string, string>): string {
  let result = text;
  for (const [key, value] of Object.entries(values)) {
    const line = new RegExp(`^${key}\\s*=.*$`, 'm');
    if (!line.test(result)) throw new Error(`deploy/pgbouncer.ini has no "${key} =" line`);
    result = result.replace(line, `${key} = ${value}`);
  }
  return result;
}

/** Replaces a text of a shipped file; throws when it is not there (the file changed shape). */
function replaceOnce(text: string, file: string, from: string | RegExp, to: string): string {
  if (!(typeof from === 'string' ? text.includes(from) : from.test(text)))
    throw new Error(`deploy/${file} has no ${String(from)}`);
  return text.replace(from, to);
}

export interface PgBouncerOptions {
  /** The PostgreSQL server: its URL, with the user and password the apps use. */
  serverUrl: string;
}

export interface RunningPgBouncer extends RunningProcess {
  /** The URL the apps connect to: the `toolhouse` database on PgBouncer. */
  url: string;
  dir: string;
}

/**
 * deploy/pgbouncer.ini pointed at the given server. As root PgBouncer refuses to run, so it runs
 * as the `postgres` OS user (the embedded cluster creates it) or else `nobody`.
 */
export async function startPgBouncer({ serverUrl }: PgBouncerOptions): Promise<RunningPgBouncer> {
  const dir = workFolder('toolhouse-pgbouncer-');
  try {
    return await startPgBouncerIn(dir, serverUrl);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

async function startPgBouncerIn(dir: string, serverUrl: string): Promise<RunningPgBouncer> {
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username);
  const password = decodeURIComponent(server.password);
  const port = await freePort();
  const shipped = readFileSync(join(projectRoot, 'deploy', 'pgbouncer.ini'), 'utf8');
  let ini = replaceOnce(
    shipped,
    'pgbouncer.ini',
    /^toolhouse = .*$/m,
    `toolhouse = host=${server.hostname} port=${server.port} dbname=${server.pathname.slice(1)}`,
  );
  ini = setIni(ini, {
    listen_addr: '127.0.0.1',
    listen_port: String(port),
    unix_socket_dir: '',
    auth_file: join(dir, 'userlist.txt'),
    logfile: '',
    pidfile: '',
    admin_users: user,
    stats_users: user,
  });
  const owner = unprivilegedOwner();
  const files = {
    'pgbouncer.ini': ini,
    // A plain-text password in the auth file: PgBouncer then speaks SCRAM to both sides.
    'userlist.txt': `"${user}" "${password}"\n`,
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dir, name), text, { mode: 0o600 });
    if (owner) chownSync(join(dir, name), owner.uid, owner.gid);
  }

  const child = removingFolder(start(PGBOUNCER_BINARY, [join(dir, 'pgbouncer.ini')], owner), dir);
  const url = `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/toolhouse`;
  await waitReady('PgBouncer', child, async () => {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } finally {
      await client.end().catch(() => undefined);
    }
  });
  return { ...child, url, dir };
}

function unprivilegedOwner(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    try {
      const id = (flag: string) =>
        Number(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim());
      return { uid: id('-u'), gid: id('-g') };
    } catch {
      // no such user: try the next
    }
  }
  throw new Error('PgBouncer does not run as root, and there is no "postgres" or "nobody" user');
}

export interface RunningNginx extends RunningProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  dir: string;
}

/**
 * deploy/nginx-toolhouse.conf (the conf.d snippet) inside an http block of our own, with the
 * given app instances as the upstream servers, its prefix, pid, logs and temp folders in a
 * temporary folder.
 */
export async function startNginx(upstreams: string[]): Promise<RunningNginx> {
  const dir = workFolder('toolhouse-nginx-');
  try {
    return await startNginxIn(dir, upstreams);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

async function startNginxIn(dir: string, upstreams: string[]): Promise<RunningNginx> {
  mkdirSync(join(dir, 'logs'));
  const port = await freePort();
  const file = 'nginx-toolhouse.conf';
  let site = readFileSync(join(projectRoot, 'deploy', file), 'utf8');
  site = replaceOnce(site, file, /^\s*listen 80;$/m, `    listen 127.0.0.1:${port};`);
  const servers = /^\s*server 127\.0\.0\.1:300\d (.*)$/gm;
  const options = servers.exec(site)?.[1];
  if (!options) throw new Error(`deploy/${file} has no upstream server lines`);
  site = site.replace(servers, '');
  site = replaceOnce(
    site,
    file,
    /^\s*keepalive 32;$/m,
    [...upstreams.map((u) => `    server ${new URL(u).host} ${options}`), '    keepalive 32;'].join(
      '\n',
    ),
  );
  const conf = `
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'logs', 'error.log')} warn;
worker_processes 1;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'client_body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
${site}
}
`;
  writeFileSync(join(dir, 'nginx.conf'), conf);
  const child = removingFolder(
    start(NGINX_BINARY, [
      '-p',
      dir,
      '-c',
      join(dir, 'nginx.conf'),
      '-e',
      join(dir, 'logs', 'error.log'),
      '-g',
      'daemon off;',
    ]),
    dir,
  );
  const url = `http://127.0.0.1:${port}`;
  await waitReady('nginx', child, async () => (await fetch(`${url}/api/health`)).ok);
  return {
    ...child,
    url,
    dir,
    output: () => {
      const log = join(dir, 'logs', 'error.log');
      return child.output() + (existsSync(log) ? readFileSync(log, 'utf8') : '');
    },
  };
}
