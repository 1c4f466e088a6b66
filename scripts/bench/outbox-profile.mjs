import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { signUpCustomers } from './customers.mjs';
import { selfTimes } from './cpu-profile.mjs';
import { builtAppEnvironment, freePort, waitFor } from './net.mjs';
import { cpuSeconds, kernelCpuSeconds, postgresCpuSeconds } from './proc-cpu.mjs';
import { orderRequest } from './order-request.mjs';

// node scripts/bench/outbox-profile.mjs [mails] [--cpu-prof] [--rate]: what one mail costs the
// outbox worker process (issue 38), measured apart from the requests: the built app (run `npm run
// build` first) with the worker in a process of its own (OUTBOX_WORKER=separate, as npm start
// runs it); the worker is paused (SIGSTOP) while 50 customers place `mails` orders (default
// 2,000; one "order placed" mail each), then resumed, and the drain's CPU (worker process and
// PostgreSQL, user + system from /proc) and database transactions (each statement outside one
// is one) are divided by the mails. --cpu-prof writes the worker's .cpuprofile and prints its
// functions with the most self time. --rate then loads POST /api/purchase for 10 s with the
// worker paused and 10 s with it running (its backlog drained first) and prints both rates and
// the outbox left behind. The worker's environment is this one's (OUTBOX_WORKER_NICE …).

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const MAILS = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 2_000);
const PROFILE = process.argv.includes('--cpu-prof');
const RATE = process.argv.includes('--rate');
const CONCURRENCY = 50;
const dataDir = mkdtempSync(join(tmpdir(), 'toolhouse-outboxprof-'));
const profileDir = mkdtempSync(join(tmpdir(), 'toolhouse-outboxprof-cpu-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  ...builtAppEnvironment(port, dataDir),
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  ORDER_RATE_LIMIT_PER_HOUR: '1000000',
  MAX_UNPAID_ORDERS: '1000000',
  PAYMENT_PROVIDER: 'test',
  OUTBOX_WORKER: 'separate',
};
const app = spawn(process.execPath, ['dist/node/server/main.js'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env,
});
const worker = spawn(
  process.execPath,
  [
    ...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    'dist/node/server/outbox-worker.js',
  ],
  { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env },
);
try {
  await waitFor(`${base}/api/health`, app, 120_000);
  const { runningClusterUrl } = await import(
    pathToFileURL(join(root, 'dist/node/server/db/embedded-cluster.js')).href
  );
  const pool = new pg.Pool({ connectionString: runningClusterUrl(dataDir, 'toolhouse'), max: 1 });
  pool.on('error', () => undefined); // the cluster stops with the app
  const customers = await signUpCustomers(base, pool, CONCURRENCY, 'outbox');
  const { rows: products } = await pool.query(
    `WITH stocked AS (
       UPDATE variant SET available_quantity = 10000000, min_quantity = 1 RETURNING product_id
     ) SELECT DISTINCT product_id AS id FROM stocked`,
  );
  const databaseCpu = () => postgresCpuSeconds(dataDir);
  const transactions = async () =>
    Number(
      (
        await pool.query(
          'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()',
        )
      ).rows[0].n,
    );
  const outbox = async () =>
    (
      await pool.query(
        `SELECT count(*)::int AS n,
           coalesce(extract(epoch FROM now() - min(created_at)), 0)::float AS oldest
         FROM outbox WHERE status = 'pending'`,
      )
    ).rows[0];
  /** Waits until nothing is pending; returns how many polls (each one transaction) it took. */
  const drained = async () => {
    for (let polls = 1; ; polls += 1) {
      if ((await outbox()).n === 0) return polls;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  await drained();

  worker.kill('SIGSTOP');
  let placed = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, i) => {
      const who = customers[i];
      while (placed < MAILS) {
        placed += 1;
        const res = await fetch(`${base}/api/purchase`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}` },
          body: JSON.stringify({
            productId: products[placed % products.length].id,
            orderQuantity: 1,
            address: '1 Bench Street',
            phone: '555 0100',
          }),
        });
        if (res.status !== 201) throw new Error(`POST /api/purchase: ${res.status}`);
        await res.arrayBuffer();
      }
    }),
  );
  const mails = (await outbox()).n;
  // PostgreSQL's backends report their transactions when idle, at most every 10 s: wait for the
  // placing's to be counted before, and the drain's after.
  const STATS_DELAY_MS = 11_000;
  await new Promise((resolve) => setTimeout(resolve, STATS_DELAY_MS));
  const worker0 = cpuSeconds(worker.pid);
  const workerSystem0 = kernelCpuSeconds(worker.pid);
  const database0 = databaseCpu();
  const transactions0 = await transactions();
  const t0 = performance.now();
  worker.kill('SIGCONT');
  const polls = await drained();
  const seconds = (performance.now() - t0) / 1000;
  const workerCpu = cpuSeconds(worker.pid) - worker0;
  const workerSystem = kernelCpuSeconds(worker.pid) - workerSystem0;
  const postgresCpu = databaseCpu() - database0;
  await new Promise((resolve) => setTimeout(resolve, STATS_DELAY_MS));
  // The worker's transactions: the drain's (its idle polls every second of the wait included),
  // less this script's polls and counting query.
  const workerTransactions = (await transactions()) - transactions0 - polls - 1;
  const row = {
    mails,
    'drain s': seconds.toFixed(1),
    'mails/s': (mails / seconds).toFixed(0),
    'worker CPU ms/mail': ((1000 * workerCpu) / mails).toFixed(3),
    '… of it system': ((1000 * workerSystem) / mails).toFixed(3),
    'PostgreSQL CPU ms/mail': ((1000 * postgresCpu) / mails).toFixed(3),
    'transactions/mail': (workerTransactions / mails).toFixed(3),
  };
  console.table([row]);

  if (RATE) {
    const load = async () => {
      let i = 0;
      const result = await autocannon({
        url: `${base}/api/purchase`,
        connections: CONCURRENCY,
        duration: 10,
        requests: [
          orderRequest({
            token: () => customers[(i += 1) % customers.length].token,
            productId: () => products[i % products.length].id,
          }),
        ],
      });
      return { rate: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx };
    };
    worker.kill('SIGSTOP');
    const paused = await load();
    worker.kill('SIGCONT');
    await drained();
    const w0 = cpuSeconds(worker.pid);
    const running = await load();
    const left = await outbox();
    const workerMs = 1000 * (cpuSeconds(worker.pid) - w0);
    console.table([
      { worker: 'paused', 'orders/s': paused.rate, 'p99 ms': paused.p99, non2xx: paused.non2xx },
      {
        worker: 'running',
        'orders/s': running.rate,
        'p99 ms': running.p99,
        non2xx: running.non2xx,
        'worker CPU s': (workerMs / 1000).toFixed(2),
        'left queued': left.n,
        'oldest s': left.oldest.toFixed(1),
      },
    ]);
    await drained();
  }
  await pool.end();
} finally {
  worker.kill('SIGCONT');
  worker.kill('SIGTERM');
  if (worker.exitCode === null) await once(worker, 'exit');
  app.kill('SIGTERM');
  if (app.exitCode === null) await once(app, 'exit');
  rmSync(dataDir, { recursive: true, force: true });
}

if (PROFILE) {
  const { file, total, functions } = selfTimes(profileDir);
  console.log(`worker profile: ${file} (${(total / 1000).toFixed(0)} ms)`);
  for (const [key, us] of functions.slice(0, 40))
    console.log(
      `${(us / 1000).toFixed(1).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %  ${key}`,
    );
}
