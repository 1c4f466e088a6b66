import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { builtAppEnvironment, freePort, waitFor } from './net.mjs';

// A bench part's own built app on a fresh DATA_DIR (its embedded PostgreSQL, or DATABASE_URL),
// with the order limits in force but never reached, started, handed to the part, and stopped and
// removed whatever happens (scripts/bench/pricing.mjs, promotions.mjs, variants.mjs).

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The order limits every checkout part runs with: in force, never reached. */
const LIMITS = { ORDER_RATE_LIMIT_PER_HOUR: '1000000', MAX_UNPAID_ORDERS: '1000000' };

/**
 * @typedef {{
 *   base: string,
 *   pool: import('pg').Pool,
 *   appPid: number,
 *   dataDir: string | null,
 * }} OwnApp `dataDir` is null on DATABASE_URL (no embedded PostgreSQL to read the CPU of).
 */

/**
 * Starts the built app (`dist/node/server/main.js`; under `node --cpu-prof` when BENCH_CPU_PROF
 * names a folder) and, with `outboxWorker: 'separate'` (as npm start runs it), the outbox worker in
 * a process of its own; runs `part` with the app's address, a pool of 10 on its database, its pid
 * and DATA_DIR; then stops both and removes the DATA_DIR.
 * @template T
 * @param {{ name: string, outboxWorker?: 'separate' | 'app', env?: Record<string, string> }} options
 *   `name`: the part's, for its log lines and its DATA_DIR's name.
 * @param {(app: OwnApp) => Promise<T>} part
 * @returns {Promise<T>}
 */
export async function withOwnApp({ name, outboxWorker = 'app', env = {} }, part) {
  const { runningClusterUrl } = await import(
    pathToFileURL(join(root, 'dist/node/server/db/embedded-cluster.js')).href
  );
  const dataDir = mkdtempSync(join(tmpdir(), `toolhouse-bench-${name.toLowerCase()}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`${name}: starting the built app on ${base} (DATA_DIR ${dataDir})…`);
  // BENCH_CPU_PROF=<dir>: the app runs under `node --cpu-prof` (its profile written there at exit).
  const profiling = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const start = (script, extra = {}, flags = []) =>
    spawn(process.execPath, [...flags, script], {
      cwd: root,
      env: { ...process.env, ...builtAppEnvironment(port, dataDir), ...extra },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  const children = [
    start(
      'dist/node/server/main.js',
      { ...LIMITS, AUTH_RATE_LIMIT_PER_MINUTE: '100000', OUTBOX_WORKER: outboxWorker, ...env },
      profiling,
    ),
  ];
  let pool;
  try {
    await waitFor(`${base}/api/health`, children[0], 120_000);
    if (outboxWorker === 'separate') children.push(start('dist/node/server/outbox-worker.js'));
    const databaseUrl = process.env.DATABASE_URL ?? runningClusterUrl(dataDir, 'toolhouse');
    if (!databaseUrl) throw new Error('Could not find the app database URL');
    pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    return await part({
      base,
      pool,
      appPid: children[0]?.pid ?? 0,
      dataDir: process.env.DATABASE_URL ? null : dataDir,
    });
  } finally {
    await pool?.end();
    for (const child of children.reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await once(child, 'exit');
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}
