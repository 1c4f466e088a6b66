import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../paths.ts';
import { stopLeftoverPostmaster } from '../db/embedded-cluster.ts';

// The real server as its own process (node --import tsx src/server/main.ts), listening on a free
// loopback port, for the resilience tests: several instances, kill -9, SIGTERM, outages, abuse.

const READY_TIMEOUT_MS = 90_000;
const READY_LINE = /Toolhouse is ready at (http:\/\/[^\s"]+)/;
/** The spawned apps' PUBLIC_URL: the origin our pages (and so the browser's requests) come from. */
export const SPAWNED_PUBLIC_URL = 'http://127.0.0.1';

export interface AppExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface SpawnedApp {
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number;
  dataDir: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves when some output matches. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** Resolves when the process has exited. */
  exited: Promise<AppExit>;
  /** Sends the signal (SIGTERM by default) and waits for the exit; a no-op once exited. */
  stop(signal?: NodeJS.Signals): Promise<AppExit>;
}

export interface SpawnOptions {
  /** The app's own configuration (DATABASE_URL, AUTH_RATE_LIMIT_PER_MINUTE, ...). */
  env?: Record<string, string>;
  /** Reuse a DATA_DIR (a restart); a fresh temporary one by default, removed by removeDataDir(). */
  dataDir?: string;
  /**
   * Run this instead of the source entry with the test defaults: node's arguments (the built
   * server, as a deployment's unit starts it) and the whole environment (only PATH and HOME
   * added; DATA_DIR is the dataDir). `env` is then not used.
   */
  exactly?: { args: string[]; env: Record<string, string> };
}

const running = new Set<ChildProcess>();
// A test worker that dies must not leave servers behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export function newDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'toolhouse-instance-'));
}

export async function spawnApp(options: SpawnOptions = {}): Promise<SpawnedApp> {
  const dataDir = options.dataDir ?? newDataDir();
  const { exactly } = options;
  const args = exactly?.args ?? ['--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    // Only what the app needs: nothing of the test runner's own environment (a DATABASE_URL, say).
    env: exactly
      ? { PATH: process.env.PATH, HOME: process.env.HOME, ...exactly.env, DATA_DIR: dataDir }
      : {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          PUBLIC_URL: SPAWNED_PUBLIC_URL,
          MAP_TILE_URL: '',
          LOG_LEVEL: 'info',
          // Raised as an operator would for load; tests of the limits lower them again.
          FORM_RATE_LIMIT_PER_HOUR: '100000',
          ORDER_RATE_LIMIT_PER_HOUR: '100000',
          MAX_UNPAID_ORDERS: '100000',
          // No WAL archiving into the checkout's ./backups (src/server/backup/ tests their own).
          BACKUP_DIR: '',
          ...options.env,
        },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  let exit: AppExit | undefined;
  const exited = new Promise<AppExit>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      exit = { code, signal };
      for (const listener of listeners) listener();
      resolve(exit);
    }),
  );

  const waitForOutput = (pattern: RegExp, timeoutMs = 10_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (pattern.test(output)) done(resolve);
        else if (exit) done(() => reject(new Error(`app exited before ${pattern}:\n${output}`)));
      };
      const timer = setTimeout(
        () => done(() => reject(new Error(`no ${pattern} in ${timeoutMs} ms:\n${output}`))),
        timeoutMs,
      );
      const done = (settle: () => void) => {
        clearTimeout(timer);
        listeners.delete(check);
        settle();
      };
      listeners.add(check);
      check();
    });

  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (!exit) child.kill(signal);
    return exited;
  };

  try {
    await waitForOutput(READY_LINE, READY_TIMEOUT_MS);
  } catch (error) {
    await stop('SIGKILL');
    throw error;
  }
  const url = READY_LINE.exec(output)?.[1] ?? '';
  return { url, pid: child.pid ?? 0, dataDir, output: () => output, waitForOutput, exited, stop };
}

/**
 * Removes an instance's DATA_DIR, first stopping a PostgreSQL that a killed app left running in it
 * (a graceful stop already stopped it).
 */
export async function removeDataDir(dataDir: string): Promise<void> {
  await stopLeftoverPostmaster(join(dataDir, 'pg'), () => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}

// ---- A small HTTP client for the spawned apps ----

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The body as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export interface ApiRequest {
  method?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export async function callApi(
  baseUrl: string,
  path: string,
  { method, token, body, headers }: ApiRequest = {},
): Promise<ApiResponse> {
  const res = await fetch(new URL(path, baseUrl), {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: {
      // fetch sends Sec-Fetch-* like a browser, so identity calls need the Origin a browser sends.
      origin: SPAWNED_PUBLIC_URL,
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** Registers over HTTP; returns the Bearer token (the identity session's token). */
export async function signUpOver(
  baseUrl: string,
  email: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const res = await callApi(baseUrl, '/api/auth/sign-up/email', {
    body: { name: 'Load Tester', email, password: 'Secret#123' },
    headers,
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
  return (res.json as { token: string }).token;
}

/** Polls until the condition holds; fails after timeoutMs. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
  stepMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
}
