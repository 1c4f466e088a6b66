import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import {
  closedLoop,
  combine,
  rawTransaction,
  storeBasket,
  withCheckouts,
} from './checkout-load.mjs';
import { signUpCustomers } from './customers.mjs';
import { LIGHTHOUSE_TARGETS, auditPage, launchChrome } from './lighthouse.mjs';
import { withOwnApp } from './own-app.mjs';

// Issue 34 (variants) under load, on a fresh app and database of its own:
// - `kits`: POST /api/checkout of a basket of 5 kits of 3–4 parts each (the parts shared between
//   kits: 4 battery packs, 2 chargers, 2 cases) against the raw transaction doing the same part
//   UPDATEs (one per stock row, in variant-id order) and the 5 order INSERTs on pg (ratio >= 0.4);
// - `sku`: GET /api/products/search?q=<SKU> at 10,000 products with 40,000 variants, a different
//   SKU each request (p99 <= 10 ms);
// - `variant-page`: Lighthouse mobile on a product page with 6 variants (perf >= 98).
// Part of `npm run bench` (BENCH_ONLY=kits,sku,variant-page); alone:
// `node scripts/bench/variants.mjs` (after `npm run build`).

const PRODUCTS = 10_000;
const CONNECTIONS = 50;
const CHECKOUT_LINES = 5;
const KITS = 20;
const TARGETS = { kitCheckoutRatio: 0.4, skuP99Ms: 10, perf: LIGHTHOUSE_TARGETS.perf };

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const failed = (r) => (r.bad ? `, ${r.bad} failed` : '');

async function defaultLoad(options) {
  const result = await autocannon({ connections: CONNECTIONS, duration: 5, ...options });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

/** `count` rows of `values(i)` inserted with one INSERT … SELECT FROM unnest, returning `returning`. */
async function insertMany(pool, table, columns, types, rows, returning = 'id') {
  const { rows: made } = await pool.query(
    `INSERT INTO ${table} (${columns.join(', ')})
     SELECT * FROM unnest(${types.map((type, i) => `$${i + 1}::${type}[]`).join(', ')})
     RETURNING ${returning}`,
    columns.map((_, c) => rows.map((r) => r[c])),
  );
  return made;
}

const PRODUCT_COLUMNS = ['name', 'description', 'image_url', 'options'];
const PRODUCT_TYPES = ['text', 'text', 'text', 'jsonb'];
const VARIANT_COLUMNS = [
  'product_id',
  'sku',
  'option_values',
  'label',
  'position',
  'price_cents',
  'min_quantity',
  'available_quantity',
  'weight_grams',
];
const VARIANT_TYPES = ['uuid', 'text', 'jsonb', 'text', 'int2', 'int4', 'int4', 'int4', 'int4'];
/** @type {[voltage: string, kit: string][]} */
const GRID = [
  ['12V', 'Bare tool'],
  ['12V', '2 × 5.0Ah kit'],
  ['18V', 'Bare tool'],
  ['18V', '2 × 5.0Ah kit'],
];
const GRID_OPTIONS = JSON.stringify([
  { name: 'Voltage', values: ['12V', '18V'] },
  { name: 'Kit', values: ['Bare tool', '2 × 5.0Ah kit'] },
]);

/**
 * Products until the catalogue has `total`, each with 4 variants (Voltage × Kit) and a SKU of
 * its own per variant (`BV-00042-18K`), in batches of 1,000 products. Returns the generated SKUs.
 */
async function generateVariantCatalogue(pool, total) {
  const {
    rows: [{ count, image }],
  } = await pool.query('SELECT count(*)::int AS count, min(image_url) AS image FROM product');
  const skus = [];
  for (let done = count; done < total; done += 1000) {
    const batch = Array.from({ length: Math.min(1000, total - done) }, (_, i) => done + i);
    const made = await insertMany(
      pool,
      'product',
      PRODUCT_COLUMNS,
      PRODUCT_TYPES,
      batch.map((n) => [
        `Bench Variant Tool ${n}`,
        `A tool in 12V and 18V, bare or in a kit, added by npm run bench (${n}).`,
        image,
        GRID_OPTIONS,
      ]),
      'id',
    );
    const variants = made.flatMap(({ id }, i) =>
      GRID.map(([voltage, kit], position) => {
        const sku = `BV-${String(batch[i]).padStart(5, '0')}-${voltage.slice(0, 2)}${kit[0]}`;
        skus.push(sku);
        return [
          id,
          sku,
          JSON.stringify({ Voltage: voltage, Kit: kit }),
          `${voltage} · ${kit}`,
          position,
          5000 + position * 4000 + (batch[i] % 100) * 100,
          1,
          500,
          1200 + position * 1500,
        ];
      }),
    );
    await insertMany(pool, 'variant', VARIANT_COLUMNS, VARIANT_TYPES, variants);
  }
  return skus;
}

/** One product of `variants` ([sku, optionValues, label, price, stock, grams]), its ids by SKU. */
async function addProduct(pool, name, image, options, variants) {
  const [{ id }] = await insertMany(pool, 'product', PRODUCT_COLUMNS, PRODUCT_TYPES, [
    [name, `${name}, added by npm run bench.`, image, JSON.stringify(options)],
  ]);
  const made = await insertMany(
    pool,
    'variant',
    VARIANT_COLUMNS,
    VARIANT_TYPES,
    variants.map(([sku, values, label, price, stock, grams], position) => [
      id,
      sku,
      JSON.stringify(values),
      label,
      position,
      price,
      1,
      stock,
      grams,
    ]),
    'id, sku, price_cents, label',
  );
  return { productId: id, variants: new Map(made.map((v) => [v.sku, v])) };
}

/** Links a kit to its parts: [[partVariant, quantity], …]. */
async function addParts(pool, kit, parts) {
  await insertMany(
    pool,
    'variant_part',
    ['kit_id', 'part_id', 'part_sku', 'quantity'],
    ['uuid', 'uuid', 'text', 'int4'],
    parts.map(([part, quantity]) => [kit.id, part.id, part.sku, quantity]),
    'kit_id',
  );
}

/**
 * The kits of the checkout row: 20 tools, each a product sold bare and as a kit of the bare tool,
 * 2 of one of 4 battery packs, one of 2 chargers and, for every other kit, one of 2 cases (3 or 4
 * parts), all stocked for millions of orders. Returns each kit with its product, name and parts.
 */
async function addKits(pool, image) {
  const BIG = 10_000_000;
  const single = async (name, sku, price) =>
    (await addProduct(pool, name, image, [], [[sku, {}, '', price, BIG, 600]])).variants.get(sku);
  const batteries = [];
  for (let i = 0; i < 4; i += 1)
    batteries.push(await single(`Bench Battery ${i}`, `BK-BAT-${i}`, 8900));
  const chargers = [await single('Bench Charger 0', 'BK-CHG-0', 6900)];
  chargers.push(await single('Bench Charger 1', 'BK-CHG-1', 6900));
  const cases = [await single('Bench Case 0', 'BK-CASE-0', 2900)];
  cases.push(await single('Bench Case 1', 'BK-CASE-1', 2900));
  const kitOption = [{ name: 'Kit', values: ['Bare tool', 'Kit'] }];
  const kits = [];
  for (let i = 0; i < KITS; i += 1) {
    const name = `Bench Kit Tool ${i}`;
    const { productId, variants } = await addProduct(pool, name, image, kitOption, [
      [`BK-T${i}-B`, { Kit: 'Bare tool' }, 'Bare tool', 12900, BIG, 1400],
      [`BK-T${i}-K`, { Kit: 'Kit' }, 'Kit', 32900, 0, 5200],
    ]);
    const kit = variants.get(`BK-T${i}-K`);
    const parts = [
      [variants.get(`BK-T${i}-B`), 1],
      [batteries[i % 4], 2],
      [chargers[i % 2], 1],
      ...(i % 2 === 0 ? [[cases[(i / 2) % 2], 1]] : []),
    ];
    await addParts(pool, kit, parts);
    kits.push({ ...kit, productId, name, parts });
  }
  return kits;
}

/** A product of 6 variants (Voltage × Kit: bare, 2-pack kit, 4-pack kit) for the page's row. */
async function addSixVariantProduct(pool) {
  const { rows: parts } = await pool.query(
    `SELECT v.id, v.sku, p.image_url FROM variant v JOIN product p ON p.id = v.product_id
     WHERE v.sku IN ('TH-BP20-50', 'TH-RC20-01', 'TH-ID18-B') ORDER BY v.sku`,
  );
  const bySku = new Map(parts.map((p) => [p.sku, p]));
  const image = bySku.get('TH-ID18-B')?.image_url;
  if (!image || !bySku.get('TH-BP20-50') || !bySku.get('TH-RC20-01'))
    throw new Error('the demo catalogue lacks the impact driver, the battery or the charger');
  const kinds = ['Bare tool', '2 × 5.0Ah kit', '4 × 5.0Ah kit'];
  const options = [
    { name: 'Voltage', values: ['12V', '18V'] },
    { name: 'Kit', values: kinds },
  ];
  const rows = ['18V', '12V'].flatMap((voltage, v) =>
    kinds.map((kind, k) => [
      `BP-ID${voltage.slice(0, 2)}-${k}`,
      { Voltage: voltage, Kit: kind },
      `${voltage} · ${kind}`,
      14900 - v * 4000 + k * 18000,
      k === 0 ? 300 - v * 100 : 0,
      1200 + k * 2400,
    ]),
  );
  const { productId, variants } = await addProduct(
    pool,
    'Bench Six-Variant Impact Driver',
    image,
    options,
    rows,
  );
  for (const voltage of ['18', '12'])
    for (const [k, packs] of [
      [1, 2],
      [2, 4],
    ])
      await addParts(pool, variants.get(`BP-ID${voltage}-${k}`), [
        [variants.get(`BP-ID${voltage}-0`), 1],
        [bySku.get('TH-BP20-50'), packs],
        [bySku.get('TH-RC20-01'), 1],
      ]);
  return productId;
}

/**
 * The raw transaction of a checkout of `lines` (kits, one each): BEGIN, one conditional UPDATE
 * per stock row the kits draw on (their summed demand, in variant-id order as the app locks), one
 * order INSERT per line with what it took, COMMIT; named prepared statements, no limits, no effects.
 */
async function rawKitCheckout(pool, who, lines) {
  const demand = new Map();
  for (const kit of lines)
    for (const [part, quantity] of kit.parts)
      demand.set(part.id, (demand.get(part.id) ?? 0) + quantity);
  return rawTransaction(pool, async (client) => {
    for (const id of [...demand.keys()].sort()) {
      const { rowCount } = await client.query(
        {
          name: 'bench_kit_take',
          text: `UPDATE variant SET available_quantity = available_quantity - $2, updated_at = now()
                 WHERE id = $1 AND available_quantity >= $2 AND NOT withdrawn`,
        },
        [id, demand.get(id)],
      );
      if (rowCount !== 1) throw new Error('out of stock');
    }
    for (const kit of lines)
      await client.query(
        {
          name: 'bench_kit_order',
          text: `INSERT INTO purchase (checkout_id, user_id, product_id, variant_id, sku,
                   variant_label, stock_taken, product_name, unit_price_cents, quantity,
                   total_cents, customer_name, customer_email, address, phone, hold_expires_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 1, $9, $10, $11, '1 Bench Street',
                   '555 0100', now() + 24 * interval '1 hour')`,
        },
        [
          who.checkoutId,
          who.id,
          kit.productId,
          kit.id,
          kit.sku,
          kit.label,
          JSON.stringify(kit.parts.map(([part, quantity]) => ({ variantId: part.id, quantity }))),
          kit.name,
          kit.price_cents,
          who.name,
          who.email,
        ],
      );
  });
}

/** The kit checkout against its raw transaction, A B A B (a noisy machine). */
async function benchKitCheckout({ base, pool, row, seconds }, kits) {
  console.log(`Variants: signing up ${CONNECTIONS} customers…`);
  const buyers = await withCheckouts(
    pool,
    await signUpCustomers(base, pool, CONNECTIONS, 'benchkit'),
  );
  const someKits = () => [...kits].sort(() => Math.random() - 0.5).slice(0, CHECKOUT_LINES);
  // Each caller stores a basket of 5 kits (one INSERT, as PUT /api/basket would), then checks out;
  // the raw side stores the same basket the same way and clears it, so both include the refill.
  const storeKits = async (who, lines) => {
    await storeBasket(
      pool,
      who.id,
      lines.map((kit) => ({ id: kit.id, product_id: kit.productId })),
    );
    return lines;
  };
  const viaApp = () =>
    closedLoop(CONNECTIONS, seconds, async (index) => {
      const who = buyers[index % buyers.length];
      await storeKits(who, someKits());
      const res = await fetch(`${base}/api/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}` },
        body: JSON.stringify({ address: '1 Bench Street', phone: '555 0100' }),
      });
      const body = await res.text();
      if (res.status !== 201 && index === 0) console.error(`checkout ${res.status}: ${body}`);
      return res.status === 201;
    });
  const viaPg = () =>
    closedLoop(CONNECTIONS, seconds, async (index) => {
      const who = buyers[index % buyers.length];
      const lines = await storeKits(who, someKits());
      await pool.query('DELETE FROM basket_line WHERE user_id = $1', [who.id]);
      return rawKitCheckout(pool, who, lines);
    });
  console.log(`Variants: POST /api/checkout of ${CHECKOUT_LINES} kits vs the raw transaction…`);
  const app = [];
  const raw = [];
  for (let i = 0; i < 2; i += 1) {
    app.push(await viaApp());
    raw.push(await viaPg());
  }
  const [ours, theirs] = [combine(app), combine(raw)];
  const parts = new Set(kits.flatMap((k) => k.parts.map(([p]) => p.id))).size;
  const ratio = ours.rps / theirs.rps;
  row(
    `POST /api/checkout of ${CHECKOUT_LINES} kits of 3–4 parts (${KITS} kits over ${parts} stock rows, basket stored first)`,
    `${fmt(ours.rps)} checkouts/s, p99 ${ours.p99} ms${failed(ours)}`,
    `pg, the part UPDATEs (one per stock row) + ${CHECKOUT_LINES} INSERTs ${fmt(theirs.rps)}/s, p99 ${theirs.p99} ms${failed(theirs)}; ratio ${ratio.toFixed(2)}`,
    `ratio >= ${TARGETS.kitCheckoutRatio}: ${ratio >= TARGETS.kitCheckoutRatio ? 'met' : 'MISSED'}`,
  );
}

/** Search by exact SKU, a different SKU each request, at the generated catalogue's size. */
async function benchSkuSearch({ base, pool, row, load }, skus) {
  const {
    rows: [size],
  } = await pool.query(
    'SELECT (SELECT count(*)::int FROM product) AS products, (SELECT count(*)::int FROM variant) AS variants',
  );
  const path = (sku) => `/api/products/search?q=${encodeURIComponent(sku)}`;
  // Does the endpoint find by SKU on this build? The product of the SKU first, or not at all.
  const probe = skus.filter((_, i) => i % 997 === 0).slice(0, 10);
  let foundFirst = 0;
  const cold = [];
  for (const sku of probe) {
    const t0 = performance.now();
    const answer = await (await fetch(`${base}${path(sku)}`)).json();
    cold.push(performance.now() - t0);
    if (answer.items?.[0]?.name?.endsWith(` ${Number(sku.slice(3, 8))}`)) foundFirst += 1;
  }
  const found = `${foundFirst} of ${probe.length} probed SKUs found first`;
  console.log(`Variants: search by SKU, ${found}; uncached ${cold.map(Math.round).join('/')} ms`);
  const varied = await load({
    url: base,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          path: path(skus[Math.floor(Math.random() * skus.length)]),
        }),
      },
    ],
  });
  // The same SKU every request: after the first, a cached answer (as a popular SKU's would be).
  const same = await load({ url: `${base}${path(skus[0])}` });
  row(
    `Search by SKU (q=<SKU>, a random one of ${fmt(skus.length)} each request), ${fmt(size.products)} products, ${fmt(size.variants)} variants, ${CONNECTIONS} connections`,
    `${fmt(varied.rps)} req/s, p99 ${varied.p99} ms${failed(varied)}; ${found}`,
    `one at a time, uncached: max ${Math.round(Math.max(...cold))} ms; the same SKU every request (cached) ${fmt(same.rps)} req/s, p99 ${same.p99} ms${failed(same)}`,
    `p99 <= ${TARGETS.skuP99Ms} ms: ${varied.p99 <= TARGETS.skuP99Ms ? 'met' : 'MISSED'}`,
  );
}

/**
 * Lighthouse mobile (signed out: the product page is public), the median of `runs` on `path` and,
 * for reference in the same run, on `baselinePath` (a product of one variant).
 */
async function lighthouseVariantPage(base, path, baselinePath, { row, runs }) {
  const chrome = await launchChrome();
  const medianOf = async (path) => {
    const results = [];
    for (let i = 0; i < runs; i += 1) {
      console.log(`Lighthouse (mobile) ${path}, run ${i + 1} of ${runs}…`);
      const lhr = await auditPage(chrome.port, `${base}${path}`, ['performance', 'accessibility']);
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const metric = (id) => lhr.audits[id]?.displayValue ?? '?';
      results.push({
        perf: score('performance'),
        text: `perf ${score('performance')}, a11y ${score('accessibility')} (FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')})${lhr.runtimeError ? `; Lighthouse error ${lhr.runtimeError.code}` : ''}`,
      });
    }
    const median = [...results].sort((a, b) => a.perf - b.perf)[Math.floor(results.length / 2)];
    if (!median) throw new Error(`no Lighthouse run of ${path}`);
    return { ...median, all: results.map((r) => r.perf).join('/') };
  };
  try {
    const six = await medianOf(path);
    const one = await medianOf(baselinePath);
    row(
      `Lighthouse mobile product page with 6 variants (median of ${runs}: perf ${six.all})`,
      six.text,
      `a product of one variant (median of ${runs}: perf ${one.all}): ${one.text}`,
      `perf >= ${TARGETS.perf}: ${six.perf >= TARGETS.perf ? 'met' : 'MISSED'}`,
    );
  } finally {
    chrome.kill();
  }
}

/**
 * @param {{
 *   load?: typeof defaultLoad,
 *   row: (what: string, measured: string, baseline?: string, target?: string) => void,
 *   parts?: { kits?: boolean, sku?: boolean, page?: boolean },
 *   lighthouseRuns?: number,
 *   seconds?: number,
 * }} tools
 */
export async function benchVariants({
  load = defaultLoad,
  row,
  parts = { kits: true, sku: true, page: true },
  lighthouseRuns = 3,
  seconds = 5,
}) {
  await withOwnApp({ name: 'Variants' }, async ({ base, pool }) => {
    const {
      rows: [{ image }],
    } = await pool.query('SELECT min(image_url) AS image FROM product');
    // Written straight to the database: the app's caches see it within milliseconds (ADR 031).
    const kits = parts.kits ? await addKits(pool, image) : [];
    const sixVariants = parts.page ? await addSixVariantProduct(pool) : null;
    if (parts.sku) {
      console.log(`Variants: generating ${fmt(PRODUCTS)} products of 4 variants…`);
      const skus = await generateVariantCatalogue(pool, PRODUCTS);
      await pool.query('ANALYZE product');
      await pool.query('ANALYZE variant');
      await (await fetch(`${base}/api/products/search?q=drill`)).arrayBuffer();
      await benchSkuSearch({ base, pool, row, load }, skus);
    }
    if (sixVariants && lighthouseRuns > 0) {
      const {
        rows: [one],
      } = await pool.query("SELECT product_id FROM variant WHERE sku = 'TH-WL15-20'");
      await lighthouseVariantPage(base, `/purchase/${sixVariants}`, `/purchase/${one.product_id}`, {
        row,
        runs: lighthouseRuns,
      });
    }
    // Last: the orders' mails keep the outbox worker busy for a while.
    if (parts.kits) await benchKitCheckout({ base, pool, row, seconds }, kits);
  });
}

// Run alone: node scripts/bench/variants.mjs (BENCH_ONLY=kits,sku,variant-page picks rows)
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : null;
  await benchVariants({
    parts: {
      kits: !only || only.has('kits'),
      sku: !only || only.has('sku'),
      page: !only || only.has('variant-page'),
    },
    lighthouseRuns: Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3),
    seconds: Number(process.env.BENCH_DURATION ?? 5),
    row: (what, measured, baseline = '', target = '') =>
      console.log(`| ${what} | ${measured} | ${baseline} | ${target} |`),
  });
}
