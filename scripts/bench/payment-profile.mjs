import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { signUpCustomers } from './customers.mjs';
import { selfTimes } from './cpu-profile.mjs';
import { builtAppEnvironment, freePort, waitFor } from './net.mjs';
import { cpuSeconds, postgresCpuSeconds } from './proc-cpu.mjs';

// node scripts/bench/payment-profile.mjs [orders] [--cpu-prof] [--outbox-in-app]: the CPU time
// each call of a paid order costs (issue 38): the app process, the outbox worker process (as
// npm start runs it; --outbox-in-app: none, the app carries the outbox out) and the database
// apart (user + system time from /proc: it hardly depends on what else the shared machine runs),
// with the database transactions per call (each statement outside one is one). The built app
// (run `npm run build` first) on a fresh DATA_DIR; 50 customers place `orders` orders (default
// 2,000), then every one gets its payment intent, then every intent is confirmed, then every
// order is reported paid: one call kind at a time, 50 at once, so each phase's CPU is that call's
// (the worker sends a phase's mails meanwhile; the rest is measured after it: the outbox rows).
// --cpu-prof also writes the app's .cpuprofile and prints its functions with the most self time.

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const ORDERS = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 2_000);
const PROFILE = process.argv.includes('--cpu-prof');
/** --outbox-in-app: the app's own process carries the outbox out (OUTBOX_WORKER=app). */
const SEPARATE = !process.argv.includes('--outbox-in-app');
const CONCURRENCY = 50;
const dataDir = mkdtempSync(join(tmpdir(), 'toolhouse-payprof-'));
const profileDir = mkdtempSync(join(tmpdir(), 'toolhouse-payprof-cpu-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const app = spawn(
  process.execPath,
  [...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), 'dist/node/server/main.js'],
  {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      ...builtAppEnvironment(port, dataDir),
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      ORDER_RATE_LIMIT_PER_HOUR: '1000000',
      MAX_UNPAID_ORDERS: '1000000',
      PAYMENT_PROVIDER: 'test',
      OUTBOX_WORKER: SEPARATE ? 'separate' : 'app',
    },
  },
);
// As npm start runs it: the outbox worker in a process of its own (ADR 048), its CPU apart.
const worker = SEPARATE
  ? spawn(process.execPath, ['dist/node/server/outbox-worker.js'], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...builtAppEnvironment(port, dataDir), PAYMENT_PROVIDER: 'test' },
    })
  : null;
const workerCpu = () => (worker ? cpuSeconds(worker.pid) : 0);
try {
  await waitFor(`${base}/api/health`, app, 120_000);
  const { runningClusterUrl } = await import(
    pathToFileURL(join(root, 'dist/node/server/db/embedded-cluster.js')).href
  );
  const pool = new pg.Pool({ connectionString: runningClusterUrl(dataDir, 'toolhouse'), max: 2 });
  pool.on('error', () => undefined); // the cluster stops with the app
  const customers = await signUpCustomers(base, pool, CONCURRENCY, 'profile');
  const { rows: products } = await pool.query(
    `WITH stocked AS (
       UPDATE variant SET available_quantity = 10000000, min_quantity = 1 RETURNING product_id
     ) SELECT DISTINCT product_id AS id FROM stocked`,
  );
  const transactions = async () =>
    Number(
      (
        await pool.query(
          'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()',
        )
      ).rows[0].n,
    );
  const queued = async () =>
    Number(
      (await pool.query(`SELECT count(*) AS n FROM outbox WHERE status = 'pending'`)).rows[0].n,
    );

  const call = async (method, path, token, body, key = true) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(key ? { 'idempotency-key': randomUUID() } : {}),
      },
      body: JSON.stringify(body),
    });
    const answer = await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
    return answer;
  };

  const table = [];
  /** Runs `each` for every item, 50 at once, and records the CPU it cost. */
  async function phase(name, items, each) {
    const app0 = cpuSeconds(app.pid);
    const worker0 = workerCpu();
    const db0 = postgresCpuSeconds(dataDir);
    const tx0 = await transactions();
    const t0 = performance.now();
    let next = 0;
    const results = new Array(items.length);
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = next++; i < items.length; i = next++) results[i] = await each(items[i], i);
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    // The statistics collector lags a little.
    await new Promise((r) => setTimeout(r, 700));
    const appCpu = cpuSeconds(app.pid) - app0;
    const dbCpu = postgresCpuSeconds(dataDir) - db0;
    const statements = (await transactions()) - tx0;
    const n = items.length;
    table.push({
      call: name,
      'calls/s': Math.round(n / seconds),
      'app CPU ms/call': ((1000 * appCpu) / n).toFixed(2),
      'db CPU ms/call': ((1000 * dbCpu) / n).toFixed(2),
      'worker CPU ms/call': ((1000 * (workerCpu() - worker0)) / n).toFixed(2),
      'db transactions/call': (statements / n).toFixed(1),
    });
    return results;
  }
  /** Lets the outbox worker send what the last phase queued, and records what that cost. */
  async function drain(name, calls) {
    const app0 = cpuSeconds(app.pid);
    const worker0 = workerCpu();
    const db0 = postgresCpuSeconds(dataDir);
    const t0 = performance.now();
    while ((await queued()) > 0) await new Promise((r) => setTimeout(r, 200));
    table.push({
      call: `  outbox after ${name}`,
      'calls/s': '',
      'app CPU ms/call': ((1000 * (cpuSeconds(app.pid) - app0)) / calls).toFixed(2),
      'db CPU ms/call': ((1000 * (postgresCpuSeconds(dataDir) - db0)) / calls).toFixed(2),
      'worker CPU ms/call': ((1000 * (workerCpu() - worker0)) / calls).toFixed(2),
      'db transactions/call': `${((performance.now() - t0) / 1000).toFixed(1)} s to drain`,
    });
  }

  const who = (i) => customers[i % customers.length];
  const items = Array.from({ length: ORDERS }, (_, i) => i);
  // Warm-up (not measured): one paid order per customer.
  for (const customer of customers) {
    const order = await call('POST', '/api/purchase', customer.token, {
      productId: products[0].id,
      orderQuantity: 1,
      address: '1 Profile Street',
      phone: '555 0100',
    });
    const { clientSecret } = await call('POST', '/api/create-payment-intent', customer.token, {
      purchaseId: order._id,
    });
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
    const billingDetails = { name: customer.name, email: customer.email };
    const { paymentIntent } = await call(
      'POST',
      '/api/test-processor/confirm',
      null,
      { clientSecret, card, billingDetails },
      false,
    );
    await call('PATCH', `/api/purchase/${order._id}`, customer.token, {
      transactionId: paymentIntent.id,
    });
  }
  while ((await queued()) > 0) await new Promise((r) => setTimeout(r, 200));

  const orders = await phase('POST /api/purchase', items, (i) =>
    call('POST', '/api/purchase', who(i).token, {
      productId: products[i % products.length].id,
      orderQuantity: 1,
      address: '1 Profile Street',
      phone: '555 0100',
    }),
  );
  await drain('placing', ORDERS);
  const secrets = await phase(
    'POST /api/create-payment-intent',
    items,
    async (i) =>
      (
        await call('POST', '/api/create-payment-intent', who(i).token, {
          purchaseId: orders[i]._id,
        })
      ).clientSecret,
  );
  const card = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
  const intents = await phase(
    'POST /api/test-processor/confirm',
    items,
    async (i) =>
      (
        await call(
          'POST',
          '/api/test-processor/confirm',
          null,
          { clientSecret: secrets[i], card, billingDetails: { name: 'P', email: who(i).email } },
          false,
        )
      ).paymentIntent.id,
  );
  await drain('confirming', ORDERS);
  await phase('PATCH /api/purchase/{id}', items, (i) =>
    call('PATCH', `/api/purchase/${orders[i]._id}`, who(i).token, { transactionId: intents[i] }),
  );
  await pool.end();
  console.log(`\n${ORDERS} paid orders, ${CONCURRENCY} at once, ${new Date().toISOString()}`);
  console.table(table);
} finally {
  if (worker) {
    worker.kill('SIGTERM');
    await once(worker, 'exit');
  }
  app.kill('SIGTERM');
  await once(app, 'exit');
  rmSync(dataDir, { recursive: true, force: true });
}

if (PROFILE) {
  // Self time per function, top 20, as profile.mjs prints it (busy time only).
  const { file, total, functions } = selfTimes(profileDir, { busyOnly: true });
  console.log(`\nTop self time of ${(total / 1e6).toFixed(1)} s busy, ${file}:`);
  for (const [key, time] of functions.slice(0, 20))
    console.log(`${((100 * time) / total).toFixed(1).padStart(5)}%  ${key}`);
}
