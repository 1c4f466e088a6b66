import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import {
  call,
  closedLoop,
  combine,
  quantile,
  rawOrders,
  storeBasket,
  withCheckouts,
} from './checkout-load.mjs';
import { signUpCustomers } from './customers.mjs';
import { withOwnApp } from './own-app.mjs';
import { cpuSeconds, postgresCpuSeconds } from './proc-cpu.mjs';

// Issue 35 (shipping and tax) under load, on a fresh app and database of its own, with the
// built-in tax table: shipping zones and methods, US states (New York collected) and EU/UK VAT
// configured straight in the database, 20 products of their own weights and tax classes, 50
// signed-up customers each with a basket of 5 of them, half delivering to New York and half to
// Berlin.
// - the pricing step: POST /api/checkout/quote of the basket, 50 connections (p99 <= 20 ms);
// - the buyer's checkout: the basket stored again, POST /api/checkout/quote, then POST
//   /api/checkout with the same address and the quoteId, the quote INSIDE each measured checkout,
//   against the raw transaction of the orders row (5 UPDATEs + 5 INSERTs; ratio >= 0.5).
// Part of `npm run bench` (BENCH_ONLY=pricing); alone: `node scripts/bench/pricing.mjs [quote]`
// (after `npm run build`; BENCH_CPU_PROF=<dir> runs its app under `node --cpu-prof`).

export const CONNECTIONS = 50;
export const CHECKOUT_LINES = 5;
const PRODUCTS = 20;
const TARGETS = { quoteP99Ms: 20, quotedCheckoutRatio: 0.5 };

/** The two delivery addresses: New York (sales tax added) and Berlin (VAT included). */
const ADDRESSES = [
  { line1: '350 Fifth Avenue', city: 'New York', region: 'NY', postalCode: '10118', country: 'US' },
  { line1: 'Unter den Linden 1', city: 'Berlin', region: '', postalCode: '10117', country: 'DE' },
];
export const PHONE = '555 0100';

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const failed = (r) => (r.bad ? `, ${r.bad} failed` : '');

/**
 * One autocannon run of `seconds` at `CONNECTIONS`: req/s (mean), p50, p99, requests sent and
 * non-2xx count.
 */
export async function load(seconds, options) {
  const result = await autocannon({ connections: CONNECTIONS, duration: seconds, ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * The shop's shipping and tax as staff would configure them (whatever the seed configured is
 * replaced): zones for the US (Alaska and Hawaii apart), Canada, the EU and the UK, each with
 * methods by weight band and a free-shipping threshold; the built-in table with sales tax
 * collected in New York and Texas only (California listed, not collected) and VAT for Germany,
 * France, the Netherlands and the UK, prices including it there (its other rows as they are).
 */
async function configurePricing(pool) {
  await pool.query('DELETE FROM shipping_zone'); // its methods go with it
  // The built-in table's other rows stay (drizzle/0031); of the US states, only ours collect.
  await pool.query("UPDATE tax_region SET collect = false WHERE country = 'US' AND collect");
  const zone = async (name, countries, regions, position, methods) => {
    const {
      rows: [{ id }],
    } = await pool.query(
      `INSERT INTO shipping_zone (name, countries, regions, position)
       VALUES ($1, $2, $3, $4) RETURNING id`,
      [name, countries, regions, position],
    );
    for (const [i, [method, delivery, rates, freeOver, collect]] of methods.entries())
      await pool.query(
        `INSERT INTO shipping_method (zone_id, name, delivery_text, rates, free_over_cents,
           collect, position) VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7)`,
        [id, method, delivery, JSON.stringify(rates), freeOver, collect, i],
      );
  };
  const byWeight = (light, heavy) => [
    { maxWeightGrams: 5_000, priceCents: light },
    { minWeightGrams: 5_001, maxWeightGrams: 30_000, priceCents: heavy },
  ];
  const freight = ['Freight', '5–10 working days', [{ minWeightGrams: 30_001, priceCents: 7900 }]];
  await zone('United States', ['US'], [], 0, [
    ['Standard', '3–5 working days', byWeight(995, 1995), 150_000, false],
    ['Express', '1–2 working days', byWeight(2495, 4495), null, false],
    [...freight, null, false],
  ]);
  await zone('Alaska and Hawaii', ['US'], ['US-AK', 'US-HI'], 1, [
    ['Standard', '5–8 working days', byWeight(2995, 5995), null, false],
  ]);
  await zone('Canada', ['CA'], [], 2, [
    ['Standard', '5–8 working days', byWeight(1995, 3995), null, false],
  ]);
  await zone('European Union', ['DE', 'FR', 'NL', 'AT', 'BE', 'IT', 'ES'], [], 3, [
    ['Standard', '3–6 working days', byWeight(1495, 2995), 200_000, false],
    ['Express', '1–3 working days', byWeight(2995, 5995), null, false],
    [...freight, null, false],
  ]);
  await zone('United Kingdom', ['GB'], [], 4, [
    ['Standard', '3–6 working days', byWeight(1495, 2995), null, false],
  ]);
  // country, region, name, standard ppm, reduced ppm, collect, tax shipping, prices include tax
  const taxRows = [
    ['US', '', 'United States', 0, 0, false, false, false],
    ['US', 'NY', 'New York', 88_750, 0, true, true, false],
    ['US', 'TX', 'Texas', 62_500, 0, true, true, false],
    ['US', 'CA', 'California', 72_500, 0, false, false, false],
    ['DE', '', 'Germany', 190_000, 70_000, true, true, true],
    ['FR', '', 'France', 200_000, 55_000, true, true, true],
    ['NL', '', 'Netherlands', 210_000, 90_000, true, true, true],
    ['GB', '', 'United Kingdom', 200_000, 50_000, true, true, true],
  ];
  await pool.query(
    `INSERT INTO tax_region (country, region, name, standard_ppm, reduced_ppm, collect,
       tax_shipping, prices_include_tax)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::bool[],
       $7::bool[], $8::bool[])
     ON CONFLICT (country, region) DO UPDATE SET name = excluded.name,
       standard_ppm = excluded.standard_ppm, reduced_ppm = excluded.reduced_ppm,
       collect = excluded.collect, tax_shipping = excluded.tax_shipping,
       prices_include_tax = excluded.prices_include_tax`,
    (taxRows[0] ?? []).map((_, c) => taxRows.map((r) => r[c])),
  );
}

/**
 * `PRODUCTS` products of one variant each, of their own price, weight and tax class (every fifth
 * reduced, one exempt), stocked for every order of the run. Returns the variants (id, product_id).
 */
async function addProducts(pool) {
  const {
    rows: [{ image }],
  } = await pool.query('SELECT min(image_url) AS image FROM product');
  const n = Array.from({ length: PRODUCTS }, (_, i) => i);
  const { rows: products } = await pool.query(
    `INSERT INTO product (name, description, image_url)
     SELECT name, 'A product added by npm run bench (pricing).', $2
     FROM unnest($1::text[]) WITH ORDINALITY AS made(name, position)
     ORDER BY position RETURNING id, name`,
    [n.map((i) => `Bench Priced Tool ${i}`), image],
  );
  const productOf = new Map(products.map((p) => [p.name, p.id]));
  const { rows: variants } = await pool.query(
    `INSERT INTO variant (product_id, sku, price_cents, min_quantity, available_quantity,
       weight_grams, tax_class)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[], $4::int[], $5::int[], $6::int[],
       $7::text[])
     RETURNING id, product_id`,
    [
      n.map((i) => productOf.get(`Bench Priced Tool ${i}`)),
      n.map((i) => `BENCH-PRICE-${i}`),
      n.map((i) => 1990 + i * 749),
      n.map(() => 1),
      n.map(() => 10_000_000),
      n.map((i) => 350 + i * 170),
      n.map((i) => (i === 7 ? 'exempt' : i % 5 === 0 ? 'reduced' : 'standard')),
    ],
  );
  return variants;
}

/** What a quote came to, for the printout: "NY: $… incl. shipping $… and tax $…". */
const quoteSummary = (address, quote) =>
  `${address.region || address.country}: total $${quote.total.toFixed(2)} (shipping ` +
  `$${quote.shipping.toFixed(2)} ${quote.shippingMethod.name}, tax $${quote.tax.toFixed(2)}` +
  `${quote.pricesIncludeTax ? ' included' : ''}, ${quote.shippingMethods.length} methods)`;

/**
 * The shop of the pricing rows (also the promotions part's, scripts/bench/promotions.mjs): its
 * shipping and tax configured, `PRODUCTS` products of its own, and `CONNECTIONS` signed-up
 * customers (`prefix` starts their emails), each with a checkout for the raw side's orders, a
 * delivery address (New York and Berlin in turn) and a stored basket of `CHECKOUT_LINES` of them.
 * `someVariants()` draws another basket.
 * @param {import('pg').Pool} pool
 */
export async function pricedShop(base, pool, prefix = 'pricer') {
  await configurePricing(pool);
  const variants = await addProducts(pool);
  console.log(`Pricing: signing up ${CONNECTIONS} customers…`);
  const customers = (
    await withCheckouts(pool, await signUpCustomers(base, pool, CONNECTIONS, prefix))
  ).map((customer, i) => ({ ...customer, address: ADDRESSES[i % 2] }));
  const someVariants = () => [...variants].sort(() => Math.random() - 0.5).slice(0, CHECKOUT_LINES);
  for (const who of customers) await storeBasket(pool, who.id, someVariants());
  return { variants, customers, someVariants };
}

/**
 * @typedef {{ app: number, postgres: number | null, transactions: number, requests: number }} Cost
 *   CPU seconds of the app's process and (on the embedded cluster) PostgreSQL's, and database
 *   transactions, during a load run of `requests` requests.
 */

/**
 * Runs one load run and counts what it cost: steadier than req/s on a shared machine, as a
 * request's CPU hardly depends on what else runs.
 * @template {{ total: number }} R
 * @param {{ pool: import('pg').Pool, appPid: number, dataDir: string | null }} app
 * @param {() => Promise<R>} run
 * @returns {Promise<[R, Cost]>}
 */
export async function withCost({ pool, appPid, dataDir }, run) {
  const transactions = async () =>
    Number(
      (
        await pool.query(
          `SELECT xact_commit + xact_rollback AS n FROM pg_stat_database
           WHERE datname = current_database()`,
        )
      ).rows[0].n,
    );
  const transactionsBefore = await transactions();
  const appBefore = cpuSeconds(appPid);
  const postgresBefore = dataDir ? postgresCpuSeconds(dataDir) : 0;
  const result = await run();
  const app = cpuSeconds(appPid) - appBefore;
  const postgres = dataDir ? postgresCpuSeconds(dataDir) - postgresBefore : null;
  // The statistics reach pg_stat_database within a second of the statements.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const requests = result.total;
  return [
    result,
    { app, postgres, transactions: (await transactions()) - transactionsBefore, requests },
  ];
}

/**
 * "CPU per quote: app … ms, PostgreSQL … ms; … database transactions per quote" of load runs.
 * @param {Cost[]} costs
 */
export function costPerQuote(costs) {
  const sum = (pick) => costs.reduce((a, c) => a + (pick(c) ?? 0), 0);
  const requests = Math.max(
    1,
    sum((c) => c.requests),
  );
  const ms = (seconds) => ((1000 * seconds) / requests).toFixed(2);
  const postgres = costs.every((c) => c.postgres !== null)
    ? `, PostgreSQL ${ms(sum((c) => c.postgres))} ms`
    : '';
  return (
    `CPU per quote: app ${ms(sum((c) => c.app))} ms${postgres}; ` +
    `${(sum((c) => c.transactions) / requests).toFixed(1)} database transactions per quote`
  );
}

/**
 * An autocannon request of POST /api/checkout/quote, each a customer in turn (their basket, their
 * address), with `fields` (e.g. `codes`) in the body.
 * @param {{ token: string, address: unknown }[]} customers
 * @param {Record<string, unknown>} [fields]
 */
export function quoteRequest(customers, fields = {}) {
  let turn = 0;
  return {
    method: 'POST',
    setupRequest: (request) => {
      turn = (turn + 1) % customers.length;
      const who = customers[turn];
      return {
        ...request,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${who?.token}` },
        body: JSON.stringify({ address: who?.address, ...fields }),
      };
    },
  };
}

/**
 * @param {{
 *   base: string, pool: import('pg').Pool, row: Function, seconds: number,
 *   appPid: number, dataDir: string | null,
 * }} bench
 */
async function benchQuotes(bench) {
  const { base, pool, row, seconds } = bench;
  const { customers, someVariants } = await pricedShop(base, pool);

  // The tables as configured, and the quote of each address (also: the cache's first load).
  const samples = [];
  for (const who of customers.slice(0, 2)) {
    const [status, quote] = await call(base, who.token, '/api/checkout/quote', {
      address: who.address,
    });
    if (status !== 200) throw new Error(`quote ${status}: ${JSON.stringify(quote)}`);
    samples.push(quoteSummary(who.address, quote));
  }
  console.log(`Pricing: a basket of ${CHECKOUT_LINES}, ${samples.join('; ')}`);

  // The pricing step: 50 connections, each request a customer in turn (its basket, its address).
  const request = quoteRequest(customers);
  const url = `${base}/api/checkout/quote`;
  console.log('Pricing: warming POST /api/checkout/quote up (not measured)…');
  await load(2, { url, requests: [request] });
  console.log(`Pricing: POST /api/checkout/quote, ${CONNECTIONS} connections…`);
  const [quotes, cost] = await withCost(bench, () => load(seconds, { url, requests: [request] }));
  row(
    `POST /api/checkout/quote (${CHECKOUT_LINES}-line basket, built-in tax table, half New York, half Berlin, ${CONNECTIONS} customers)`,
    `${fmt(quotes.rps)} req/s, p99 ${quotes.p99} ms${failed(quotes)}; ${costPerQuote([cost])}`,
    samples.join('; '),
    `p99 <= ${TARGETS.quoteP99Ms} ms: ${quotes.p99 <= TARGETS.quoteP99Ms ? 'met' : 'MISSED'}`,
  );
  return { customers, someVariants };
}

/**
 * The checkout rows' sides, each 50 customers in a closed loop of `seconds` (each caller one
 * customer, who stores a basket of 5 first: one INSERT, as PUT /api/basket would), with `fields`
 * (e.g. `codes`) in each quote and checkout body:
 * - `quoted`: the buyer's way: a quote, then POST /api/checkout with its quoteId (the quote inside
 *   the measured checkout; `quoteTimes` and `placeTimes` collect each call's milliseconds);
 * - `onTheSpot`: the spec's way: POST /api/checkout without a quote, priced on the spot;
 * - `raw`: the raw transaction of the orders row, the same basket stored the same way and cleared.
 * @param {{ base: string, pool: import('pg').Pool, seconds: number }} bench
 * @param {{ customers: any[], someVariants: () => { id: string, product_id: string }[] }} buyers
 * @param {Record<string, unknown>} [fields]
 */
export function checkoutSides({ base, pool, seconds }, { customers, someVariants }, fields = {}) {
  /** @type {number[]} */
  const quoteTimes = [];
  /** @type {number[]} */
  const placeTimes = [];
  let reported = false;
  const complain = (what) => {
    if (!reported) console.error(what);
    reported = true;
  };
  const loop = (once) =>
    closedLoop(CONNECTIONS, seconds, (index) => once(customers[index % customers.length]));
  const place = async (who, extra) => {
    const [placed, answer] = await call(base, who.token, '/api/checkout', {
      address: who.address,
      phone: PHONE,
      ...fields,
      ...extra,
    });
    if (placed !== 201) complain(`checkout ${placed}: ${JSON.stringify(answer)}`);
    return placed === 201;
  };
  const quoted = () =>
    loop(async (who) => {
      await storeBasket(pool, who.id, someVariants());
      let t0 = performance.now();
      const [status, quote] = await call(base, who.token, '/api/checkout/quote', {
        address: who.address,
        ...fields,
      });
      quoteTimes.push(performance.now() - t0);
      if (status !== 200) {
        complain(`quote ${status}: ${JSON.stringify(quote)}`);
        return false;
      }
      t0 = performance.now();
      const placed = await place(who, { quoteId: quote.quoteId });
      placeTimes.push(performance.now() - t0);
      return placed;
    });
  const onTheSpot = () =>
    loop(async (who) => {
      await storeBasket(pool, who.id, someVariants());
      return place(who, {});
    });
  const raw = () =>
    loop(async (who) => {
      const lines = someVariants();
      await storeBasket(pool, who.id, lines);
      await pool.query('DELETE FROM basket_line WHERE user_id = $1', [who.id]);
      return rawOrders(pool, who, lines);
    });
  return { quoted, onTheSpot, raw, quoteTimes, placeTimes };
}

/** The buyer's checkout (quote, then place it) against the raw transaction, A B A B. */
async function benchQuotedCheckout(bench, buyers) {
  const { pool, row, seconds, appPid, dataDir } = bench;
  const { quoted: viaApp, raw: viaPg, quoteTimes, placeTimes } = checkoutSides(bench, buyers);
  // Whatever the quote run left in the baskets is the first checkouts' to place: start empty.
  await pool.query('DELETE FROM basket_line');
  console.log(
    `Pricing: quote + POST /api/checkout of ${CHECKOUT_LINES} lines vs the raw transaction…`,
  );
  const app = [];
  const raw = [];
  // CPU seconds of the app's process and PostgreSQL (with the outbox worker's statements) per side.
  const cpu = { app: [0, 0], raw: [0, 0] };
  const measured = async (side, run) => {
    const before = [cpuSeconds(appPid), dataDir ? postgresCpuSeconds(dataDir) : 0];
    const result = await run();
    const spent = cpu[side];
    spent[0] += cpuSeconds(appPid) - (before[0] ?? 0);
    spent[1] += dataDir ? postgresCpuSeconds(dataDir) - (before[1] ?? 0) : 0;
    return result;
  };
  for (let i = 0; i < 2; i += 1) {
    app.push(await measured('app', viaApp));
    raw.push(await measured('raw', viaPg));
  }
  const [ours, theirs] = [combine(app), combine(raw)];
  const ratio = ours.rps / theirs.rps;
  /** CPU ms per checkout of a side: the app's (on the app's side) and PostgreSQL's. */
  const perCheckout = (side, runs) => {
    const count = Math.max(
      1,
      runs.reduce((a, r) => a + r.rps * seconds, 0),
    );
    const ms = (used) => ((1000 * used) / count).toFixed(2);
    const parts = [
      ...(side === 'app' ? [`app ${ms(cpu.app[0])} ms`] : []),
      ...(dataDir ? [`PostgreSQL ${ms(cpu[side][1])} ms`] : []),
    ];
    return parts.length ? `CPU per checkout: ${parts.join(', ')}` : '';
  };
  quoteTimes.sort((a, b) => a - b);
  placeTimes.sort((a, b) => a - b);
  row(
    `Quote + POST /api/checkout with its quoteId (${CHECKOUT_LINES} lines, basket stored first, structured address, half New York, half Berlin; the quote counted in each checkout)`,
    `${fmt(ours.rps)} checkouts/s, p99 ${ours.p99} ms${failed(ours)}; ` +
      `quote p50/p99 ${quantile(quoteTimes, 0.5)}/${quantile(quoteTimes, 0.99)} ms, ` +
      `placement p50/p99 ${quantile(placeTimes, 0.5)}/${quantile(placeTimes, 0.99)} ms; ` +
      perCheckout('app', app),
    `pg, ${CHECKOUT_LINES} UPDATEs + ${CHECKOUT_LINES} INSERTs ${fmt(theirs.rps)}/s, p99 ${theirs.p99} ms${failed(theirs)}; ` +
      [perCheckout('raw', raw), `ratio ${ratio.toFixed(2)}`].filter(Boolean).join('; '),
    `ratio >= ${TARGETS.quotedCheckoutRatio}: ${ratio >= TARGETS.quotedCheckoutRatio ? 'met' : 'MISSED'}`,
  );
}

/**
 * @param {{
 *   row: (what: string, measured: string, baseline?: string, target?: string) => void,
 *   seconds?: number,
 *   outboxWorker?: 'separate' | 'app',
 *   checkouts?: boolean,
 * }} tools
 */
export async function benchPricing({
  row,
  seconds = 5,
  outboxWorker = 'separate',
  checkouts = true,
}) {
  // As npm start runs it (and the orders row): the outbox worker in a process of its own, unless
  // BENCH_OUTBOX_WORKER=app.
  await withOwnApp({ name: 'Pricing', outboxWorker }, async (app) => {
    const bench = { ...app, row, seconds };
    const buyers = await benchQuotes(bench);
    // Last: the checkouts' mails keep the outbox worker busy for a while.
    if (checkouts) await benchQuotedCheckout(bench, buyers);
  });
}

// Run alone: node scripts/bench/pricing.mjs [quote] (`quote`: the quote row alone, e.g. to profile
// it with BENCH_CPU_PROF=<dir>)
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await benchPricing({
    checkouts: process.argv[2] !== 'quote',
    seconds: Number(process.env.BENCH_DURATION ?? 5),
    outboxWorker: process.env.BENCH_OUTBOX_WORKER === 'app' ? 'app' : 'separate',
    row: (what, measured, baseline = '', target = '') =>
      console.log(`| ${what} | ${measured} | ${baseline} | ${target} |`),
  });
}
