import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { generateCatalogue } from './catalogue.mjs';
import { auditPage, launchChrome } from './lighthouse.mjs';
import { builtAppEnvironment, freePort, waitFor } from './net.mjs';

// The catalogue search under load (issue 13): a fresh app on its own database, measured with
// the demo catalogue and then with 10,000 generated products. Part of `npm run bench`; alone:
// `node scripts/bench/search.mjs` (after `npm run build`).
//
// - Search p99 and req/s at 50 connections for a typical query (a cached answer, as almost
//   every request is: answers are kept per catalogue version).
// - The same with varied queries and pages (the customers of a busy shop), and the latency of
//   answers not yet cached (each a real PostgreSQL search over 10,000 products).
// - The app process's memory (RSS) with 10,000 products, above its size with the demo catalogue.

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PRODUCTS = 10_000;
const CONNECTIONS = 50;
const TARGETS = { p99Ms: 25, rps: 2000, memoryMb: 100, perf: 98 };
const TYPICAL = '/api/products/search?q=cordless%20drill';
const QUERIES = [
  'drill',
  'cordless drill',
  'impact driver',
  'angle grinder',
  'saw',
  'circular saw',
  'miter saw',
  'jigsaw',
  'sander',
  'rotary hammer',
  'battery',
  'charger',
  'work light',
  'router',
  'planer',
  'brushless',
  'heat gun',
  'nailer',
  'vacuum',
  'wrench',
  'grindr',
  'cordles',
  'hamer drill',
  '20v',
];

/** Resident memory of a process, in MB (Linux). */
function rssMb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '')) / 1024;
}

async function defaultLoad(options) {
  const result = await autocannon({ connections: CONNECTIONS, duration: 5, ...options });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.ceil((p / 100) * xs.length) - 1];

/** Sequential requests to the app, so its caches, JIT and pools are as they are in service. */
async function warm(base, paths, rounds) {
  for (let i = 0; i < rounds; i += 1) {
    for (const path of paths) await (await fetch(`${base}${path}`)).arrayBuffer();
  }
}

/** Lighthouse (mobile preset) on the first page of /allProducts with the large catalogue. */
async function lighthouseAllProducts(base, row, count) {
  const chrome = await launchChrome();
  try {
    console.log(`Search: Lighthouse (mobile) /allProducts with ${fmt(count)} products…`);
    const lhr = await auditPage(chrome.port, `${base}/allProducts`, ['performance']);
    const { categories, audits } = lhr;
    const perf = Math.round((categories.performance?.score ?? 0) * 100);
    const metric = (id) => audits[id]?.displayValue ?? '?';
    const failure = lhr.runtimeError ? `; Lighthouse error ${lhr.runtimeError.code}` : '';
    row(
      `Lighthouse mobile /allProducts, ${fmt(count)} products`,
      `perf ${perf} (FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')})${failure}`,
      '',
      `perf >= ${TARGETS.perf}: ${perf >= TARGETS.perf ? 'met' : 'MISSED'}`,
    );
  } finally {
    chrome.kill();
  }
}

/**
 * Runs the search benchmark and reports each figure through `row(what, measured, baseline,
 * target)`. `load` is bench.mjs's autocannon run (same connections and duration as the rest).
 * @param {{
 *   load?: typeof defaultLoad,
 *   row: (what: string, measured: string, baseline?: string, target?: string) => void,
 * }} tools
 */
export async function benchSearch({ load = defaultLoad, row }) {
  const { runningClusterUrl } = await import(
    pathToFileURL(join(root, 'dist/node/server/db/embedded-cluster.js')).href
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'toolhouse-bench-search-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`Search: starting the built app on ${base} (DATA_DIR ${dataDir})…`);
  const app = spawn(process.execPath, ['dist/node/server/main.js'], {
    cwd: root,
    env: { ...process.env, ...builtAppEnvironment(port, dataDir) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let pool;
  try {
    await waitFor(`${base}/api/health`, app, 120_000);
    const databaseUrl = process.env.DATABASE_URL ?? runningClusterUrl(dataDir, 'toolhouse');
    if (!databaseUrl) throw new Error('Could not find the app database URL');
    pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });

    const searchPaths = QUERIES.map((q) => `/api/products/search?q=${encodeURIComponent(q)}`);
    const pages = ['', '?sort=price_asc', '?inStock=1&page=2', '?minPrice=50&maxPrice=150'];
    const warmPaths = [
      '/api/products',
      '/api/products/search',
      ...searchPaths,
      ...pages.map((p) => `/api/products/search${p}`),
    ];

    // Memory with the demo catalogue, after the same kind of traffic.
    await warm(base, warmPaths, 3);
    await load({ url: `${base}${TYPICAL}`, duration: 3 });
    const demoMb = rssMb(app.pid);

    console.log(`Search: generating ${fmt(PRODUCTS)} products…`);
    const started = Date.now();
    await generateCatalogue(pool, PRODUCTS);
    await pool.query('ANALYZE product');
    const {
      rows: [{ count }],
    } = await pool.query('SELECT count(*)::int AS count FROM product');
    row(
      'Search: generated catalogue',
      `${fmt(count)} products in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    // Answers not cached yet: each is a real search (the catalogue changed, so the cache is empty).
    const cold = [];
    for (const path of [...searchPaths, ...pages.map((p) => `/api/products/search${p}`)]) {
      const t0 = performance.now();
      const res = await fetch(`${base}${path}`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      cold.push(performance.now() - t0);
    }
    row(
      `Search: ${cold.length} uncached answers (one at a time, ${fmt(count)} products)`,
      `median ${percentile(cold, 50).toFixed(1)} ms, max ${Math.max(...cold).toFixed(1)} ms`,
    );

    // The same app answering its cheapest route (one `select 1`): what this machine allows now.
    const health = await load({ url: `${base}/api/health` });
    const typical = await load({ url: `${base}${TYPICAL}` });
    const met = typical.p99 <= TARGETS.p99Ms && typical.rps >= TARGETS.rps;
    row(
      `Search "cordless drill", ${fmt(count)} products, ${CONNECTIONS} connections`,
      `${fmt(typical.rps)} req/s, p99 ${typical.p99} ms${typical.bad ? `, ${typical.bad} failed` : ''}`,
      `GET /api/health ${fmt(health.rps)} req/s, p99 ${health.p99} ms`,
      `p99 <= ${TARGETS.p99Ms} ms and >= ${fmt(TARGETS.rps)} req/s: ${met ? 'met' : 'MISSED'}`,
    );

    const variedPaths = QUERIES.flatMap((q) =>
      [1, 2, 3].map((page) => `/api/products/search?q=${encodeURIComponent(q)}&page=${page}`),
    );
    const varied = await load({
      url: base,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            path: variedPaths[Math.floor(Math.random() * variedPaths.length)],
          }),
        },
      ],
    });
    row(
      `Search, ${variedPaths.length} different queries and pages, ${CONNECTIONS} connections`,
      `${fmt(varied.rps)} req/s, p99 ${varied.p99} ms${varied.bad ? `, ${varied.bad} failed` : ''}`,
    );

    await warm(base, warmPaths, 3);
    const largeMb = rssMb(app.pid);
    const grown = largeMb - demoMb;
    row(
      `Search: app memory (RSS) with ${fmt(count)} products`,
      `${fmt(largeMb)} MB, ${grown >= 0 ? '+' : ''}${fmt(grown)} MB`,
      `${fmt(demoMb)} MB with the demo catalogue`,
      `<= +${TARGETS.memoryMb} MB: ${grown <= TARGETS.memoryMb ? 'met' : 'MISSED'}`,
    );

    await lighthouseAllProducts(base, row, count);
  } finally {
    await pool?.end();
    if (app.exitCode === null && app.signalCode === null) {
      app.kill('SIGTERM');
      const timer = setTimeout(() => app.kill('SIGKILL'), 15_000);
      await once(app, 'exit');
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Run alone: node scripts/bench/search.mjs
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rows = [];
  await benchSearch({
    row: (what, measured, baseline = '', target = '') => {
      rows.push(`| ${what} | ${measured} | ${baseline} | ${target} |`);
      console.log(
        `  ${what}: ${measured}${baseline ? ` | ${baseline}` : ''}${target ? ` | ${target}` : ''}`,
      );
    },
  });
  console.log(
    ['\n| What | Measured | Baseline (same run) | Target |', '|---|---|---|---|', ...rows].join(
      '\n',
    ),
  );
}
