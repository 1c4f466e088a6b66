import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { generateCatalogue } from './catalogue.mjs';
import { LIGHTHOUSE_TARGETS, launchChrome, lighthouseRows } from './lighthouse.mjs';
import { builtAppEnvironment, freePort, waitFor } from './net.mjs';

// Issue 24 under load: search with `category` and `platform` at 10,000 products (p99 <= 25 ms,
// >= 2,000 req/s), and Lighthouse mobile on a category page and on a product page with a gallery
// of 8 (>= 98). Part of `npm run bench` (BENCH_ONLY=catalogue); alone:
// `node scripts/bench/catalogue-browse.mjs` (after `npm run build`).

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PRODUCTS = 10_000;
const CONNECTIONS = 50;
const TARGETS = { p99Ms: 25, rps: 2000 };
const PLATFORMS = ['12V', '18V', '20V', null];
const TYPICAL = '/api/products/search?category=saws&platform=20V';

const fmt = (n) => Math.round(n).toLocaleString('en-US');

async function defaultLoad(options) {
  const result = await autocannon({ connections: CONNECTIONS, duration: 5, ...options });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

/** A customer's access token, as the web app keeps it (sign-up, then PUT /api/user/{email}). */
async function customerToken(base) {
  const email = `bench${Date.now()}@example.com`;
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: 'Bench#12345', name: 'Bench Buyer' }),
  });
  const { token } = await signUp.json();
  const exchange = await fetch(`${base}/api/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, origin: base },
  });
  return (await exchange.json()).token;
}

/** The LCP element and its phases (Lighthouse's own breakdown), printed for each run. */
function lcpPhases(lhr) {
  const items = lhr?.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const element = items[0]?.items?.[0]?.node?.snippet ?? '?';
  const phases = (items[1]?.items ?? [])
    .map((phase) => `${phase.phase} ${Math.round(phase.timing)} ms`)
    .join(', ');
  return `${element.slice(0, 90)}: ${phases}`;
}

/**
 * Lighthouse (mobile) on a signed-in page, the median of `runs` with a cold HTTP cache each: the
 * product page is for signed-in customers, so the token is put in the browser's localStorage first
 * (puppeteer-core, Lighthouse's own dependency) and Lighthouse keeps the storage.
 */
async function lighthouseSignedIn(base, path, token, { row, runs }) {
  const { default: lighthouse } = await import('lighthouse');
  const puppeteer = await import('puppeteer-core');
  const chrome = await launchChrome();
  try {
    // The token in localStorage, and before each run an empty HTTP cache (Lighthouse's own
    // storage reset is off, since it would also sign the customer out).
    const prepare = async (first) => {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      await page.goto(`${base}/robots.txt`);
      if (first) await page.evaluate((value) => localStorage.setItem('accessToken', value), token);
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await page.close();
      await browser.disconnect();
    };
    const results = [];
    for (let i = 0; i < runs; i += 1) {
      await prepare(i === 0);
      console.log(`Lighthouse (mobile, signed in) ${path}, run ${i + 1} of ${runs}…`);
      const result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
      });
      const lhr = result?.lhr;
      const score = (id) => Math.round((lhr?.categories[id]?.score ?? 0) * 100);
      const metric = (id) => lhr?.audits[id]?.displayValue ?? '?';
      console.log(`  perf ${score('performance')}; LCP element ${lcpPhases(lhr)}`);
      results.push({
        perf: score('performance'),
        text: `perf ${score('performance')}, a11y ${score('accessibility')} (FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')})${lhr?.runtimeError ? `; Lighthouse error ${lhr.runtimeError.code}` : ''}`,
      });
    }
    const sorted = [...results].sort((a, b) => a.perf - b.perf);
    const median = sorted[Math.floor(sorted.length / 2)];
    if (!median) throw new Error(`no Lighthouse run of ${path}`);
    row(
      `Lighthouse mobile product page with a gallery of 8, signed in (median of ${runs}: perf ${results.map((r) => r.perf).join('/')})`,
      median.text,
      '',
      `perf >= ${LIGHTHOUSE_TARGETS.perf}: ${median.perf >= LIGHTHOUSE_TARGETS.perf ? 'met' : 'MISSED'}`,
    );
  } finally {
    chrome.kill();
  }
}

/**
 * @param {{
 *   load?: typeof defaultLoad,
 *   row: (what: string, measured: string, baseline?: string, target?: string) => void,
 *   lighthouseRuns?: number,
 * }} tools
 */
export async function benchCatalogueBrowse({ load = defaultLoad, row, lighthouseRuns = 3 }) {
  const { runningClusterUrl } = await import(
    pathToFileURL(join(root, 'dist/node/server/db/embedded-cluster.js')).href
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'toolhouse-bench-catalogue-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`Catalogue: starting the built app on ${base} (DATA_DIR ${dataDir})…`);
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

    console.log(`Catalogue: generating ${fmt(PRODUCTS)} products in categories and platforms…`);
    await generateCatalogue(pool, PRODUCTS);
    const { rows: categories } = await pool.query('SELECT id, slug FROM category ORDER BY slug');
    await pool.query(
      `UPDATE product SET category_id = ($1::uuid[])[1 + seq % cardinality($1::uuid[])],
         platform = ($2::text[])[1 + seq % cardinality($2::text[])]
       WHERE category_id IS NULL`,
      [categories.map((c) => c.id), PLATFORMS],
    );
    await pool.query('ANALYZE product');

    // A gallery of 8 on one product: seven other pictures of the catalogue.
    const { rows: pictures } = await pool.query(
      'SELECT DISTINCT image_url FROM product ORDER BY image_url LIMIT 8',
    );
    const {
      rows: [gallery],
    } = await pool.query(
      `UPDATE product SET images = $1::text[]
       WHERE id = (SELECT id FROM product WHERE image_url = $2 ORDER BY seq LIMIT 1) RETURNING id`,
      [pictures.slice(1).map((p) => p.image_url), pictures[0].image_url],
    );

    const filtered = categories.flatMap((c) =>
      PLATFORMS.filter(Boolean).flatMap((platform) =>
        ['', '&sort=price_asc', '&page=2'].map(
          (extra) => `/api/products/search?category=${c.slug}&platform=${platform}${extra}`,
        ),
      ),
    );
    for (const path of filtered) await (await fetch(`${base}${path}`)).arrayBuffer();
    const typical = await load({ url: `${base}${TYPICAL}` });
    const met = typical.p99 <= TARGETS.p99Ms && typical.rps >= TARGETS.rps;
    row(
      `Search category=saws&platform=20V, ${fmt(PRODUCTS)} products, ${CONNECTIONS} connections`,
      `${fmt(typical.rps)} req/s, p99 ${typical.p99} ms${typical.bad ? `, ${typical.bad} failed` : ''}`,
      '',
      `p99 <= ${TARGETS.p99Ms} ms and >= ${fmt(TARGETS.rps)} req/s: ${met ? 'met' : 'MISSED'}`,
    );
    const varied = await load({
      url: base,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            path: filtered[Math.floor(Math.random() * filtered.length)],
          }),
        },
      ],
    });
    row(
      `Search, ${filtered.length} category × platform × sort/page combinations`,
      `${fmt(varied.rps)} req/s, p99 ${varied.p99} ms${varied.bad ? `, ${varied.bad} failed` : ''}`,
    );

    // BENCH_LIGHTHOUSE_RUNS=0: the load figures only.
    if (lighthouseRuns > 0) {
      await lighthouseRows(base, ['/category/saws'], { row, runs: lighthouseRuns });
      await lighthouseSignedIn(base, `/purchase/${gallery.id}`, await customerToken(base), {
        row,
        runs: lighthouseRuns,
      });
    }
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

// Run alone: node scripts/bench/catalogue-browse.mjs
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await benchCatalogueBrowse({
    lighthouseRuns: Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3),
    row: (what, measured, baseline = '', target = '') =>
      console.log(`| ${what} | ${measured} | ${baseline} | ${target} |`),
  });
}
