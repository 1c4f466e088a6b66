// Temporary diagnostic (not committed).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChrome } from './lighthouse.mjs';
import { builtAppEnvironment, freePort, waitFor } from './net.mjs';

const root = process.cwd();
const dataDir = mkdtempSync(join(tmpdir(), 'pp-diag-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const app = spawn(process.execPath, ['dist/node/server/main.js'], { cwd: root, env: { ...process.env, ...builtAppEnvironment(port, dataDir) }, stdio: ['ignore', 'ignore', 'inherit'] });
try {
  await waitFor(`${base}/api/health`, app, 120_000);
  const email = `diag${Date.now()}@example.com`;
  const { token: t0 } = await (await fetch(`${base}/api/auth/sign-up/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email, password: 'Bench#12345', name: 'Diag' }) })).json();
  const { token } = await (await fetch(`${base}/api/user/${encodeURIComponent(email)}`, { method: 'PUT', headers: { authorization: `Bearer ${t0}`, origin: base } })).json();
  const { runningClusterUrl } = await import(join(root, 'dist/node/server/db/embedded-cluster.js'));
  const pg = (await import('pg')).default;
  const pool = new pg.Pool({ connectionString: runningClusterUrl(dataDir, 'toolhouse'), max: 2 });
  const { rows: pictures } = await pool.query('SELECT DISTINCT image_url FROM product ORDER BY image_url LIMIT 8');
  const { rows: [gallery] } = await pool.query(`UPDATE product SET images = $1::text[] WHERE id = (SELECT id FROM product WHERE image_url = $2 ORDER BY seq LIMIT 1) RETURNING id`, [pictures.slice(1).map((p) => p.image_url), pictures[0].image_url]);
  await pool.end();
  await new Promise((r) => setTimeout(r, 500));
  const products = [{ _id: gallery.id }];
  if (process.env.WARM) for (const p of pictures) for (const w of [400, 800]) await (await fetch(`${base}${p.image_url.replace('.webp', `-w${w}.webp`)}`)).arrayBuffer();
  const path = `/purchase/${products[0]._id}`;
  const { default: lighthouse } = await import('lighthouse');
  const puppeteer = await import('puppeteer-core');
  for (const run of [1, 2]) {
  const chrome = await launchChrome();
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    await page.goto(`${base}/robots.txt`);
    await page.evaluate((value) => localStorage.setItem('accessToken', value), token);
    await page.close();
    await browser.disconnect();
    const result = await lighthouse(`${base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true });
    const lhr = result.lhr;
    writeFileSync(`/tmp/pp/lhr-${process.env.TAG ?? 'x'}-${run}.json`, JSON.stringify(lhr));
    const m = (id) => lhr.audits[id]?.displayValue;
    console.log(`run ${run}: perf ${Math.round(lhr.categories.performance.score * 100)} FCP ${m('first-contentful-paint')} LCP ${m('largest-contentful-paint')} TBT ${m('total-blocking-time')} CLS ${m('cumulative-layout-shift')}`);
    const lcpEl = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
    console.log('  LCP element:', lcpEl?.snippet, lcpEl?.selector);
    const phases = lhr.audits['largest-contentful-paint-element']?.details?.items?.[1]?.items;
    console.log('  phases:', JSON.stringify(phases));
    const tasks = lhr.audits['long-tasks']?.details?.items?.slice(0, 6);
    console.log('  long tasks:', JSON.stringify(tasks?.map((x) => [x.url?.slice(-40), Math.round(x.duration), Math.round(x.startTime)])));
  } finally { chrome.kill(); }
  }
} finally {
  app.kill('SIGTERM');
  await new Promise((r) => app.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
