import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { signUpCustomers } from './customers.mjs';
import { builtAppEnvironment, freePort, waitFor } from './net.mjs';
import { orderRequest } from './order-request.mjs';
import { rawOrderRows } from './raw-order.mjs';

// node scripts/bench/order-rows.mjs (after `npm run build`): the rows ONE order of one unit writes
// through POST /api/purchase (card, no company, no promotion, no webhook subscribed), and those the
// bench's same-rows baseline (raw-order.mjs) writes, table by table, read from the rows' xmin on the
// built app's own database with no outbox worker running (nothing else writes). Exits 1 when they
// differ: the baseline must then follow the order statement.

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const LIMITS = { orderRateLimitPerHour: 1_000_000, maxUnpaidOrders: 1_000_000 };
const dataDir = mkdtempSync(join(tmpdir(), 'toolhouse-order-rows-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const app = spawn(process.execPath, ['dist/node/server/main.js'], {
  cwd: root,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    ...builtAppEnvironment(port, dataDir),
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ORDER_RATE_LIMIT_PER_HOUR: String(LIMITS.orderRateLimitPerHour),
    MAX_UNPAID_ORDERS: String(LIMITS.maxUnpaidOrders),
    // The outbox is carried out by a process of its own, not started here: its rows stay put.
    OUTBOX_WORKER: 'separate',
  },
});
let pool;
let exitCode = 0;
try {
  await waitFor(`${base}/api/health`, app, 120_000);
  const fromBuild = (path) => import(pathToFileURL(join(root, 'dist/node/server', path)).href);
  const [{ runningClusterUrl }, { orderRateIpKeys, ORDER_RATE_WINDOW_MS }] = await Promise.all([
    fromBuild('db/embedded-cluster.js'),
    fromBuild('modules/purchases/purchase-limits.js'),
  ]);
  pool = new pg.Pool({ connectionString: runningClusterUrl(dataDir, 'toolhouse'), max: 2 });
  await pool.query('UPDATE variant SET available_quantity = 10000000, min_quantity = 1');
  const [who] = await signUpCustomers(base, pool, 1, 'rows');
  const [product] = await (await fetch(`${base}/api/products`)).json();
  const request = orderRequest({ token: () => who.token, productId: () => product._id });
  const viaApp = async () => {
    const { headers, body } = request.setupRequest({});
    const res = await fetch(`${base}/api/purchase`, { method: request.method, headers, body });
    if (res.status !== 201)
      throw new Error(`POST /api/purchase: ${res.status} ${await res.text()}`);
    return (await res.json())._id;
  };
  const tables = (
    await pool.query(
      "SELECT relname FROM pg_stat_user_tables WHERE schemaname = 'public' ORDER BY relname",
    )
  ).rows.map((r) => r.relname);
  const counts = async () => {
    const n = new Map();
    for (const table of tables)
      n.set(table, (await pool.query(`SELECT count(*)::int AS n FROM "${table}"`)).rows[0].n);
    return n;
  };
  const txid = async () => BigInt((await pool.query('SELECT txid_current() AS x')).rows[0].x);
  /** Per table written by `place`: "<inserted> inserted, <updated> updated" (xids in between). */
  const written = async (place) => {
    const before = await counts();
    const from = await txid();
    await place();
    const to = await txid();
    const after = await counts();
    const rows = new Map();
    const xids = new Set();
    for (const table of tables) {
      const { rows: found } = await pool.query(
        `SELECT xmin::text AS x, count(*)::int AS n FROM "${table}"
         WHERE xmin::text::bigint > $1 AND xmin::text::bigint < $2 GROUP BY 1`,
        [String(from), String(to)],
      );
      const changed = found.reduce((sum, r) => sum + r.n, 0);
      const inserted = (after.get(table) ?? 0) - (before.get(table) ?? 0);
      for (const r of found) xids.add(r.x);
      if (changed || inserted)
        rows.set(table, `${inserted} inserted, ${changed - inserted} updated`);
    }
    return { rows, transactions: xids.size };
  };
  // The account's first order creates its counters row (sent twice by the app): not measured.
  const firstId = await viaApp();
  const app1 = await written(viaApp);
  // The raw order is placed with the quote the app's order was placed with (its checkout's).
  const { rows: placed } = await pool.query(
    `SELECT c.*, p.variant_id, p.discount_cents AS line_discount, p.tax_cents AS line_tax,
       p.tax_rate_ppm, p.shipping_cents AS line_shipping, p.shipping_tax_cents AS line_shipping_tax
     FROM purchase p JOIN checkout c ON c.id = p.checkout_id WHERE p.id = $1`,
    [firstId],
  );
  const c = placed[0];
  const quote = {
    lines: [
      {
        discountCents: c.line_discount,
        taxCents: c.line_tax,
        taxRatePpm: c.tax_rate_ppm,
        shippingCents: c.line_shipping,
        shippingTaxCents: c.line_shipping_tax,
      },
    ],
    address: c.delivery_address,
    method: {
      id: c.shipping_method_id,
      name: c.shipping_method_name,
      deliveryText: c.shipping_delivery_text,
    },
    shippingCents: c.shipping_cents,
    shippingTaxCents: c.shipping_tax_cents,
    taxCents: c.tax_cents,
    totalCents: c.total_cents,
    weightGrams: c.weight_grams,
    pricesIncludeTax: c.prices_include_tax,
    taxNote: c.tax_note,
    discountCents: c.discount_cents,
  };
  const buyer = { ...who, ipRateKey: `toolhouse:${orderRateIpKeys('127.0.0.1', who.id).mine}` };
  const raw = await written(() =>
    rawOrderRows(
      pool,
      buyer,
      { variantId: c.variant_id, quote },
      { ...LIMITS, windowMs: ORDER_RATE_WINDOW_MS, holdHours: 24 },
    ),
  );
  console.log('Rows written by one order of one unit (table: POST /api/purchase | raw-order.mjs)');
  const names = [...new Set([...app1.rows.keys(), ...raw.rows.keys()])].sort();
  for (const table of names) {
    const same = app1.rows.get(table) === raw.rows.get(table);
    if (!same) exitCode = 1;
    console.log(
      `  ${same ? ' ' : '!'} ${table}: ${app1.rows.get(table) ?? '-'} | ${raw.rows.get(table) ?? '-'}`,
    );
  }
  console.log(`  transactions: ${app1.transactions} | ${raw.transactions}`);
  if (app1.transactions !== raw.transactions) exitCode = 1;
  console.log(exitCode ? 'They DIFFER.' : 'The same rows.');
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await pool?.end();
  app.kill('SIGTERM');
  await once(app, 'exit');
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
