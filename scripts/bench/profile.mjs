import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { selfTimes } from './cpu-profile.mjs';
import { builtAppEnvironment, freePort } from './net.mjs';
import { orderRequest } from './order-request.mjs';

// node scripts/bench/profile.mjs [orders|product|list|asset|page:<path>] [seconds]: the built server under
// `node --cpu-prof`, loaded with autocannon (50 connections) on one route, then the functions with
// the most self time. Run `npm run build` first. The .cpuprofile is kept (its path is printed) for
// Chrome DevTools or speedscope. `asset` is the build's entry script (the bench's static asset row),
// asked for compressed as a browser does; `page:<path>` any GET path, compressed too.

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const what = process.argv[2] ?? 'orders';
const seconds = Number(process.argv[3] ?? 10);

const dataDir = mkdtempSync(join(tmpdir(), 'toolhouse-profile-'));
const profileDir = mkdtempSync(join(tmpdir(), 'toolhouse-cpuprofile-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const app = spawn(
  process.execPath,
  ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, 'dist/node/server/main.js'],
  {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      ...builtAppEnvironment(port, dataDir),
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      // As npm run bench: the order limits on (every order counts its hits) but never reached.
      ORDER_RATE_LIMIT_PER_HOUR: '1000000',
      MAX_UNPAID_ORDERS: '1000000',
    },
  },
);
try {
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 600) throw new Error('the app did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  // Stock enough for every order of the run, as npm run bench does.
  const { runningClusterUrl } = await import(
    pathToFileURL(join(root, 'dist/node/server/db/embedded-cluster.js')).href
  );
  const pool = new pg.Pool({ connectionString: runningClusterUrl(dataDir, 'toolhouse') });
  // Every variant (a product's default is what an order without a SKU takes; a kit's stock is its
  // parts', also variants).
  await pool.query('UPDATE variant SET available_quantity = 10000000, min_quantity = 1');
  // Statements the database ran during the load (each is a transaction of its own), so a read
  // path's queries per request show (e.g. the data version checks of the cached reads).
  const transactions = async () =>
    Number(
      (
        await pool.query(
          'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()',
        )
      ).rows[0].n,
    );
  const products = await (await fetch(`${base}/api/products`)).json();
  const tokens = [];
  // Accounts for the orders only: a sign-in turns on better-auth's AsyncLocalStorage (async hooks
  // on every promise, for the rest of the process on Node 20), which `npm run bench` does not do
  // before it measures the reads either.
  for (let i = 0; what === 'orders' && i < 10; i += 1) {
    const email = `profile${Date.now().toString(36)}${i}@example.com`;
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ name: `Profile ${i}`, email, password: 'Bench#Secret123' }),
    });
    tokens.push((await signUp.json()).token);
  }
  const entryScript = () => {
    const manifest = JSON.parse(readFileSync(join(root, 'dist/web/.vite/manifest.json'), 'utf8'));
    return `/${Object.values(manifest).find((chunk) => chunk.isEntry).file}`;
  };
  const path = what === 'asset' ? entryScript() : what.startsWith('page:') ? what.slice(5) : null;
  const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
  const options =
    what === 'orders'
      ? {
          url: `${base}/api/purchase`,
          requests: [
            orderRequest({ token: () => pick(tokens), productId: () => pick(products)._id }),
          ],
        }
      : path
        ? // A server-rendered page, the entry script (or any GET path), as a browser asks: compressed.
          {
            url: `${base}${path}`,
            headers: { 'accept-encoding': 'br, gzip' },
          }
        : {
            url:
              what === 'product'
                ? `${base}/api/products/${products[0]._id}`
                : `${base}/api/products`,
          };
  const before = await transactions();
  const result = await autocannon({ connections: 50, duration: seconds, ...options });
  // The statistics collector lags a little: give it a moment (not part of the measurement).
  await new Promise((r) => setTimeout(r, 1000));
  const ran = (await transactions()) - before;
  await pool.end();
  console.log(
    `${what}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ` +
      `${result.non2xx} non-2xx, ${result.errors} errors; ` +
      `the database ran ${Math.round(ran / seconds)} transactions/s`,
  );
} finally {
  app.kill('SIGTERM');
  await once(app, 'exit');
  rmSync(dataDir, { recursive: true, force: true });
}

// Self time per function (summed over the profile's nodes), top 25.
const { file, total, functions } = selfTimes(profileDir);
console.log(`\nTop self time (${(total / 1e6).toFixed(1)} s sampled), ${file}:`);
for (const [key, time] of functions.slice(0, 25))
  console.log(`${((100 * time) / total).toFixed(1).padStart(5)}%  ${key}`);
