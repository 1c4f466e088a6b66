import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { builtAppEnvironment, freePort, waitFor } from './net.mjs';
import { cpuSeconds, postgresCpuSeconds as postgresCpuSecondsOf } from './proc-cpu.mjs';
import { rawGet, startRawServer } from './raw-server.mjs';

// node scripts/bench/cpu-per-request.mjs [product,list,asset] [requests]: the CPU time (user +
// system, from /proc) the built server spends per request on small cached answers, against a raw
// node:http server sending the same bytes with the same headers (as the bench's baselines do, plus
// every header the app sends, so the difference is the app's own work, not the header bytes).
// Unlike req/s, a process's CPU time per request hardly depends on what else the shared machine
// runs (the least of 3 rounds is kept), so it shows a change of a few microseconds. Linux only; run `npm run build` first.

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const parts = (process.argv[2] ?? 'product,list,asset').split(',');
const amount = Number(process.argv[3] ?? 100_000);
const ROUNDS = Number(process.env.CPU_ROUNDS ?? 3);

const dataDir = mkdtempSync(join(tmpdir(), 'toolhouse-cpu-'));
const [port, rawPort] = [await freePort(), await freePort()];
const base = `http://127.0.0.1:${port}`;
const start = (args, env) =>
  spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...env },
  });
const app = start(['dist/node/server/main.js'], builtAppEnvironment(port, dataDir));
const rawServer = startRawServer(start, dataDir, rawPort);

const postgresCpuSeconds = () => postgresCpuSecondsOf(dataDir);

/**
 * CPU µs per request of `pid` (and, with `database`, of the app's PostgreSQL: the version checks
 * behind the cached answers) while autocannon sends `amount` requests to `url`.
 */
async function measure(pid, url, headers, database = false) {
  await autocannon({ url, headers, connections: 50, amount: Math.min(amount, 20_000) }); // warm up
  const before = cpuSeconds(pid);
  const postgresBefore = database ? postgresCpuSeconds() : 0;
  const result = await autocannon({ url, headers, connections: 50, amount });
  const used = cpuSeconds(pid) - before;
  const postgresUsed = database ? postgresCpuSeconds() - postgresBefore : 0;
  if (result.non2xx + result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx`);
  return { node: (1e6 * used) / amount, postgres: (1e6 * postgresUsed) / amount };
}

try {
  await waitFor(`${base}/api/health`, app, 120_000);
  await waitFor(rawServer.reloadUrl, rawServer.child);
  const products = await (await fetch(`${base}/api/products`)).json();
  const manifest = JSON.parse(readFileSync(join(root, 'dist/web/.vite/manifest.json'), 'utf8'));
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const paths = {
    product: `/api/products/${products[0]._id}`,
    list: '/api/products',
    asset: `/${entry.file}`,
  };
  for (const part of parts) {
    const headers = part === 'asset' ? { 'accept-encoding': 'br, gzip' } : {};
    const sample = await rawGet(`${base}${paths[part]}`, headers);
    if (sample.status !== 200) throw new Error(`${paths[part]}: ${sample.status}`);
    // Every header the app sends but the ones node:http makes itself.
    const made = new Set(['date', 'connection', 'keep-alive', 'content-length']);
    const same = Object.fromEntries(
      Object.entries(sample.headers).filter(([name]) => !made.has(name)),
    );
    await rawServer.serve(sample.body, same);
    const ours = [];
    const database = [];
    const theirs = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const ans = await measure(app.pid, `${base}${paths[part]}`, headers, true);
      ours.push(ans.node);
      database.push(ans.postgres);
      theirs.push((await measure(rawServer.child.pid, rawServer.url, headers)).node);
    }
    // The least of the rounds: what else runs on the machine only ever adds (cache misses).
    const [a, b] = [Math.min(...ours), Math.min(...theirs)];
    console.log(
      `${part} (${sample.body.length} B, ${Object.keys(same).length} headers): app ${a.toFixed(1)} µs ` +
        `CPU/request [${ours.map((x) => x.toFixed(1)).join(', ')}], raw node:http ${b.toFixed(1)} µs ` +
        `[${theirs.map((x) => x.toFixed(1)).join(', ')}]; app - raw ${(a - b).toFixed(1)} µs, ` +
        `raw / app ${(b / a).toFixed(2)}; its PostgreSQL ${Math.min(...database).toFixed(1)} µs ` +
        `[${database.map((x) => x.toFixed(1)).join(', ')}]`,
    );
  }
} finally {
  for (const child of [app, rawServer.child]) {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
  }
  rmSync(dataDir, { recursive: true, force: true });
}
