import { fileURLToPath } from 'node:url';
import { call, combine, quantile } from './checkout-load.mjs';
import { withOwnApp } from './own-app.mjs';
import {
  CHECKOUT_LINES,
  CONNECTIONS,
  checkoutSides,
  costPerQuote,
  load,
  pricedShop,
  quoteRequest,
  withCost,
} from './pricing.mjs';

// Issue 36 (promotions, docs/decisions/055) under load, on a fresh app and database of its own:
// the pricing part's shop (shipping zones, the built-in tax table, 20 products, 50 customers with a
// basket of 5, half delivering to New York, half to Berlin; scripts/bench/pricing.mjs) with 200
// active promotions written straight to the database (most of them for other categories, products,
// SKUs or platforms, or codes nobody types, so the pricing step must skip them; a few that match),
// plus the code promotion BENCH10 (10% off everything, no limits) and an automatic 15% off the
// basket's category:
// - the 5-line checkout with BENCH10 and the automatic promotions, the buyer's way (a quote, then
//   POST /api/checkout with its quoteId, the quote counted inside) and the spec's way (POST
//   /api/checkout with `codes`, priced on the spot), against the raw transaction of the orders and
//   pricing rows (5 UPDATEs + 5 INSERTs), A B C A B C (target ratio >= 0.45);
// - the pricing step: POST /api/checkout/quote with codes ["BENCH10"], 50 connections (target p99
//   <= 20 ms), against the same quote with every promotion paused and no code, A B A B.
// Part of `npm run bench` (BENCH_ONLY=promotions); alone: `node scripts/bench/promotions.mjs`
// (after `npm run build`; BENCH_DURATION sets each run's seconds).

const TARGETS = { checkoutRatio: 0.45, quoteP99Ms: 20 };
/** The code every benched buyer types, and how many promotions of the mix are seeded besides. */
const CODE = 'BENCH10';
const PROMOTIONS = 200;
/** The categories of the mix that none of the basket's products is in. */
const OTHER_CATEGORIES = 12;

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const failed = (r) => (r.bad ? `, ${r.bad} failed` : '');
const dollars = (n) => `$${n.toFixed(2)}`;

/**
 * A promotion row as drizzle/0035 stores it (every column the mix sets; null: none).
 * @typedef {{
 *   name: string, kind: string, percent_ppm: number | null, amount_cents: number | null,
 *   target_kind: string, target_ids: string[], buy_kind: string | null, buy_ids: string[],
 *   buy_quantity: number | null, get_quantity: number | null, min_subtotal_cents: number | null,
 *   min_quantity: number | null, first_order_only: boolean, starts_at: string | null,
 *   ends_at: string | null, usage_limit: number | null, per_customer_limit: number | null,
 *   exclusive: boolean, priority: number, code_mode: string, code: string | null,
 * }} PromotionRow
 */

/** @returns {PromotionRow} */
const promotion = (name, fields) => ({
  name,
  kind: 'percent_off',
  percent_ppm: null,
  amount_cents: null,
  target_kind: 'all',
  target_ids: [],
  buy_kind: null,
  buy_ids: [],
  buy_quantity: null,
  get_quantity: null,
  min_subtotal_cents: null,
  min_quantity: null,
  first_order_only: false,
  starts_at: null,
  ends_at: null,
  usage_limit: null,
  per_customer_limit: null,
  exclusive: false,
  priority: 0,
  code_mode: 'automatic',
  code: null,
  ...fields,
});

/**
 * The mix of `PROMOTIONS` active promotions, as a marketing team's calendar might hold them: in
 * tens by kind, each within its dates (some started last week, some end next week). Percent and
 * amount off other categories, products, SKUs and platforms; buy X get Y and spend thresholds on
 * other categories or over amounts no basket reaches; free shipping over $10,000; codes (shared,
 * some limited) nobody types; first orders only. None matches the basket, but three:
 * `$25 off over $250` (most baskets), `buy 2 get 1 half price` on the basket's category, and an
 * exclusive 20% off everything of the lowest priority, skipped as others apply before it.
 * @param {{ basketCategory: string, categories: string[], products: string[], skus: string[] }} ids
 * @returns {PromotionRow[]}
 */
function promotionMix({ basketCategory, categories, products, skus }) {
  const day = 24 * 60 * 60 * 1000;
  const lastWeek = new Date(Date.now() - 7 * day).toISOString();
  const nextWeek = new Date(Date.now() + 7 * day).toISOString();
  const some = (xs, i, n) => Array.from({ length: n }, (_, k) => xs[(i + k) % xs.length] ?? '');
  const other = (i) => categories[i % categories.length] ?? '';
  return Array.from({ length: PROMOTIONS }, (_, i) => {
    const dates = {
      starts_at: i % 3 === 0 ? lastWeek : null,
      ends_at: i % 4 === 0 ? nextWeek : null,
    };
    const base = { ...dates, priority: i % 5 };
    if (i === 50)
      return promotion('$25 off over $250', {
        kind: 'spend_threshold',
        amount_cents: 2500,
        min_subtotal_cents: 25_000,
      });
    if (i === 100)
      return promotion('Buy 2 power tools, get 1 half price', {
        kind: 'buy_x_get_y',
        percent_ppm: 500_000,
        target_kind: 'categories',
        target_ids: [basketCategory],
        buy_kind: 'categories',
        buy_ids: [basketCategory],
        buy_quantity: 2,
        get_quantity: 1,
      });
    if (i === 150)
      return promotion('20% off everything (alone)', {
        percent_ppm: 200_000,
        exclusive: true,
        priority: -10,
      });
    const percent = (5 + (i % 6) * 5) * 10_000;
    switch (Math.floor((i % 20) / 2)) {
      case 0:
      case 1:
      case 2:
      case 3: // 80: percent off another category
        return promotion(`${percent / 10_000}% off aisle ${i % OTHER_CATEGORIES}`, {
          ...base,
          percent_ppm: percent,
          target_kind: 'categories',
          target_ids: [other(i)],
          exclusive: i % 40 === 1,
        });
      case 4: // 20: amount off other products, some from 2 units on
        return promotion(`$${5 + (i % 10) * 5} off selected tools ${i}`, {
          ...base,
          kind: 'amount_off',
          amount_cents: 500 + (i % 10) * 500,
          target_kind: 'products',
          target_ids: some(products, i, 3),
          min_quantity: i % 2 ? 2 : null,
        });
      case 5: // 20: percent off SKUs or battery platforms the basket has none of
        return i % 2
          ? promotion(`${percent / 10_000}% off selected SKUs ${i}`, {
              ...base,
              percent_ppm: percent,
              target_kind: 'variants',
              target_ids: some(skus, i, 4),
              per_customer_limit: i % 4 === 1 ? 1 : null,
            })
          : promotion(`${percent / 10_000}% off the ${['12V', '18V', '36V'][i % 3]} range`, {
              ...base,
              percent_ppm: percent,
              target_kind: 'platforms',
              target_ids: [['12V', '18V', '36V'][i % 3] ?? '18V'],
            });
      case 6: // 20: buy X get Y on other categories and products
        return promotion(`Buy ${1 + (i % 3)}, get 1 ${i % 2 ? 'free' : 'half price'} ${i}`, {
          ...base,
          kind: 'buy_x_get_y',
          percent_ppm: i % 2 ? 1_000_000 : 500_000,
          target_kind: i % 4 < 2 ? 'categories' : 'products',
          target_ids: i % 4 < 2 ? [other(i + 1)] : some(products, i, 2),
          buy_kind: 'categories',
          buy_ids: [other(i)],
          buy_quantity: 1 + (i % 3),
          get_quantity: 1,
        });
      case 7: // 20: spend thresholds on other categories, or over amounts no basket reaches
        return promotion(`$${20 + (i % 5) * 10} off over $${200 + (i % 5) * 100} ${i}`, {
          ...base,
          kind: 'spend_threshold',
          amount_cents: 2000 + (i % 5) * 1000,
          min_subtotal_cents: i % 2 ? 20_000 + (i % 5) * 10_000 : 500_000 + i * 1000,
          target_kind: i % 2 ? 'categories' : 'all',
          target_ids: i % 2 ? [other(i)] : [],
        });
      case 8: // 20: codes nobody types (shared codes, some limited in all and per customer)
        return promotion(`Trade show code ${i}`, {
          ...base,
          kind: ['percent_off', 'amount_off', 'free_shipping'][i % 3] ?? 'percent_off',
          percent_ppm: i % 3 === 0 ? percent : null,
          amount_cents: i % 3 === 1 ? 1000 + (i % 4) * 500 : null,
          usage_limit: i % 2 ? 500 : null,
          per_customer_limit: i % 2 ? 1 : null,
          code_mode: 'code',
          code: `EXPO${i}`,
        });
      default: // 20: first orders only on another category, or free shipping over $10,000
        return i % 2
          ? promotion(`Welcome: ${percent / 10_000}% off aisle ${i % OTHER_CATEGORIES}`, {
              ...base,
              percent_ppm: percent,
              target_kind: 'categories',
              target_ids: [other(i)],
              first_order_only: true,
              per_customer_limit: 1,
            })
          : promotion(`Free shipping over $10,000 ${i}`, {
              ...base,
              kind: 'free_shipping',
              min_subtotal_cents: 1_000_000,
            });
    }
  });
}

/**
 * Writes the promotions straight to the database (ADR 055: every change bumps the pricing tables'
 * version, so the app reloads them): a category for the basket's products and `OTHER_CATEGORIES`
 * others, the mix, BENCH10 and the automatic 15% off the basket's category. Returns how many are
 * active.
 * @param {import('pg').Pool} pool
 * @param {{ product_id: string }[]} variants the basket's products' variants
 */
async function seedPromotions(pool, variants) {
  const names = [
    'Bench Power Tools',
    ...Array.from({ length: OTHER_CATEGORIES }, (_, i) => `Bench Aisle ${i}`),
  ];
  const { rows: categories } = await pool.query(
    `INSERT INTO category (slug, name)
     SELECT lower(replace(name, ' ', '-')), name FROM unnest($1::text[]) AS made(name)
     RETURNING id, name`,
    [names],
  );
  const categoryId = new Map(categories.map((c) => [c.name, c.id]));
  const basketCategory = categoryId.get('Bench Power Tools');
  const ours = variants.map((v) => v.product_id);
  await pool.query('UPDATE product SET category_id = $1 WHERE id = ANY($2::uuid[])', [
    basketCategory,
    ours,
  ]);
  // The demo catalogue's products and SKUs: real targets, none of them in the basket.
  const { rows: others } = await pool.query(
    `SELECT p.id, min(v.sku) AS sku FROM product p JOIN variant v ON v.product_id = p.id
     WHERE p.id <> ALL($1::uuid[]) GROUP BY p.id ORDER BY p.id LIMIT 40`,
    [ours],
  );
  const rows = [
    ...promotionMix({
      basketCategory,
      categories: names.slice(1).map((name) => categoryId.get(name)),
      products: others.map((p) => p.id),
      skus: others.map((p) => p.sku),
    }),
    promotion('Bench 10% code', { percent_ppm: 100_000, code_mode: 'code', code: CODE }),
    promotion('15% off power tools', {
      percent_ppm: 150_000,
      target_kind: 'categories',
      target_ids: [basketCategory],
      priority: 1,
    }),
  ];
  const { rows: made } = await pool.query(
    `INSERT INTO promotion (name, kind, percent_ppm, amount_cents, target_kind, target_ids,
       buy_kind, buy_ids, buy_quantity, get_quantity, min_subtotal_cents, min_quantity,
       first_order_only, starts_at, ends_at, usage_limit, per_customer_limit, exclusive, priority,
       code_mode, description)
     SELECT name, kind, percent_ppm, amount_cents, target_kind, target_ids, buy_kind, buy_ids,
       buy_quantity, get_quantity, min_subtotal_cents, min_quantity, first_order_only, starts_at,
       ends_at, usage_limit, per_customer_limit, exclusive, priority, code_mode,
       'A promotion added by npm run bench (promotions).'
     FROM jsonb_to_recordset($1::jsonb) AS p(name text, kind text, percent_ppm int,
       amount_cents int, target_kind text, target_ids text[], buy_kind text, buy_ids text[],
       buy_quantity int, get_quantity int, min_subtotal_cents int, min_quantity int,
       first_order_only bool, starts_at timestamptz, ends_at timestamptz, usage_limit int,
       per_customer_limit int, exclusive bool, priority int, code_mode text)
     RETURNING id, name`,
    [JSON.stringify(rows)],
  );
  const idOf = new Map(made.map((p) => [p.name, p.id]));
  const coded = rows.filter((p) => p.code !== null);
  await pool.query(
    `INSERT INTO promotion_code (promotion_id, code)
     SELECT * FROM unnest($1::uuid[], $2::text[])`,
    [coded.map((p) => idOf.get(p.name)), coded.map((p) => p.code)],
  );
  const {
    rows: [{ active }],
  } = await pool.query("SELECT count(*)::int AS active FROM promotion WHERE status = 'active'");
  return active;
}

/**
 * The quote of one buyer with the code, checked: BENCH10 and the automatic 15% applied, or the
 * bench would measure something else. Returns what it came to, for the rows.
 */
async function sampleQuote(base, who) {
  const [status, quote] = await call(base, who.token, '/api/checkout/quote', {
    address: who.address,
    codes: [CODE],
  });
  if (status !== 200) throw new Error(`quote with ${CODE}: ${status} ${JSON.stringify(quote)}`);
  const applied = quote.promotions.map((p) => p.name);
  if (!applied.includes('Bench 10% code') || !applied.includes('15% off power tools'))
    throw new Error(`the quote applied ${JSON.stringify(applied)}, not ${CODE} and the 15%`);
  return (
    `subtotal ${dollars(quote.subtotal)}, discount ${dollars(quote.discount)} (` +
    quote.promotions.map((p) => `${p.name} ${dollars(p.discount)}`).join(', ') +
    `), total ${dollars(quote.total)}`
  );
}

/**
 * The checkout with the code and the automatic promotions, the buyer's way and the spec's way,
 * against the raw transaction, A B C A B C.
 */
async function benchPromotedCheckout(bench, buyers) {
  const { pool, row } = bench;
  // The buyer's way (a quote with the code, then its checkout; the quote counted inside), the
  // spec's way (the checkout with the code, priced on the spot) and the raw transaction.
  const { quoted, onTheSpot, raw, quoteTimes, placeTimes } = checkoutSides(bench, buyers, {
    codes: [CODE],
  });
  // Whatever the quote runs left in the baskets is the first checkouts' to place: start empty.
  await pool.query('DELETE FROM basket_line');
  console.log(
    `Promotions: ${CHECKOUT_LINES}-line checkouts with ${CODE} (quoted, on the spot) vs the raw transaction…`,
  );
  /** @type {Record<'quoted' | 'spot' | 'raw', { rps: number, p99: number, bad: number }[]>} */
  const runs = { quoted: [], spot: [], raw: [] };
  for (let i = 0; i < 2; i += 1) {
    runs.quoted.push(await quoted());
    runs.spot.push(await onTheSpot());
    runs.raw.push(await raw());
  }
  // The app's checkouts (the raw side's orders count no unpaid order): how many were placed with
  // a discount, and the promotion uses they wrote (one per applied promotion, ADR 055).
  const {
    rows: [placed],
  } = await pool.query(
    `SELECT count(*)::int AS checkouts, count(*) FILTER (WHERE discount_cents > 0)::int AS discounted,
       (SELECT count(*)::int FROM promotion_use) AS uses
     FROM checkout WHERE unpaid_orders > 0`,
  );
  const [a, b, r] = [combine(runs.quoted), combine(runs.spot), combine(runs.raw)];
  const verdict = (ratio) =>
    `ratio >= ${TARGETS.checkoutRatio}: ${ratio >= TARGETS.checkoutRatio ? 'met' : 'MISSED'}`;
  const rawText = `pg, ${CHECKOUT_LINES} UPDATEs + ${CHECKOUT_LINES} INSERTs ${fmt(r.rps)}/s, p99 ${r.p99} ms${failed(r)}`;
  const discounted = `${fmt(placed.discounted)} of ${fmt(placed.checkouts)} checkouts placed with a discount, ${fmt(placed.uses)} promotion uses`;
  quoteTimes.sort((x, y) => x - y);
  placeTimes.sort((x, y) => x - y);
  row(
    `Quote with ${CODE} + POST /api/checkout with its quoteId (${CHECKOUT_LINES} lines, basket stored first, half New York, half Berlin, ${CODE} and the automatic promotions applied; the quote counted in each checkout)`,
    `${fmt(a.rps)} checkouts/s, p99 ${a.p99} ms${failed(a)}; ` +
      `quote p50/p99 ${quantile(quoteTimes, 0.5)}/${quantile(quoteTimes, 0.99)} ms, ` +
      `placement p50/p99 ${quantile(placeTimes, 0.5)}/${quantile(placeTimes, 0.99)} ms`,
    `${rawText}; ratio ${(a.rps / r.rps).toFixed(2)}`,
    verdict(a.rps / r.rps),
  );
  row(
    `… POST /api/checkout with codes ["${CODE}"], priced on the spot (no quote)`,
    `${fmt(b.rps)} checkouts/s, p99 ${b.p99} ms${failed(b)}; ${discounted} (both ways)`,
    `the same raw transaction; ratio ${(b.rps / r.rps).toFixed(2)}`,
    verdict(b.rps / r.rps),
  );
}

/**
 * The pricing step with the promotions and the code, at 50 connections, against the same quote
 * with every promotion paused and no code, A B A B.
 */
async function benchPromotedQuote(bench, { customers }, active, sample) {
  const { base, pool, row, seconds } = bench;
  const url = `${base}/api/checkout/quote`;
  /** Pauses or resumes every promotion (the pricing tables reload once, on the next quote). */
  const promotionsTo = async (status) => {
    await pool.query('UPDATE promotion SET status = $1', [status]);
    const [first] = customers;
    if (first) await call(base, first.token, '/api/checkout/quote', { address: first.address });
  };
  console.log('Promotions: warming POST /api/checkout/quote up (not measured)…');
  await load(2, { url, requests: [quoteRequest(customers, { codes: [CODE] })] });
  console.log(`Promotions: POST /api/checkout/quote with ${CODE}, ${CONNECTIONS} connections…`);
  /** @typedef {[Awaited<ReturnType<typeof load>>, import('./pricing.mjs').Cost]} Run */
  /** @type {{ promoted: Run[], paused: Run[] }} */
  const runs = { promoted: [], paused: [] };
  const quotes = (fields) => () =>
    load(seconds, { url, requests: [quoteRequest(customers, fields)] });
  for (let i = 0; i < 2; i += 1) {
    runs.promoted.push(await withCost(bench, quotes({ codes: [CODE] })));
    await promotionsTo('paused');
    runs.paused.push(await withCost(bench, quotes({})));
    await promotionsTo('active');
  }
  const summary = (side) => ({
    ...combine(side.map(([result]) => result)),
    cost: costPerQuote(side.map(([, cost]) => cost)),
  });
  const [ours, bare] = [summary(runs.promoted), summary(runs.paused)];
  row(
    `POST /api/checkout/quote with codes ["${CODE}"], ${fmt(active)} active promotions (${CHECKOUT_LINES}-line basket, half New York, half Berlin, ${CONNECTIONS} customers)`,
    `${fmt(ours.rps)} req/s, p50 ${ours.p50} ms, p99 ${ours.p99} ms${failed(ours)}; ${ours.cost}; ${sample}`,
    `every promotion paused, no code: ${fmt(bare.rps)} req/s, p50 ${bare.p50} ms, p99 ${bare.p99} ms${failed(bare)}; ${bare.cost}`,
    `p99 <= ${TARGETS.quoteP99Ms} ms: ${ours.p99 <= TARGETS.quoteP99Ms ? 'met' : 'MISSED'}`,
  );
}

/**
 * @param {{
 *   row: (what: string, measured: string, baseline?: string, target?: string) => void,
 *   seconds?: number,
 *   outboxWorker?: 'separate' | 'app',
 * }} tools
 */
export async function benchPromotions({ row, seconds = 5, outboxWorker = 'separate' }) {
  // As npm start runs it: the outbox worker in a process of its own, unless BENCH_OUTBOX_WORKER=app.
  await withOwnApp({ name: 'Promotions', outboxWorker }, async (app) => {
    const bench = { ...app, row, seconds };
    const shop = await pricedShop(app.base, app.pool, 'promoter');
    const active = await seedPromotions(app.pool, shop.variants);
    const [buyer] = shop.customers;
    if (!buyer) throw new Error('no customer');
    const sample = await sampleQuote(app.base, buyer);
    console.log(`Promotions: ${active} active; a basket of ${CHECKOUT_LINES} quoted: ${sample}`);
    await benchPromotedQuote(bench, shop, active, sample);
    // Last: the checkouts' mails keep the outbox worker busy for a while.
    await benchPromotedCheckout(bench, shop);
  });
}

// Run alone: node scripts/bench/promotions.mjs (after npm run build)
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await benchPromotions({
    seconds: Number(process.env.BENCH_DURATION ?? 5),
    outboxWorker: process.env.BENCH_OUTBOX_WORKER === 'app' ? 'app' : 'separate',
    row: (what, measured, baseline = '', target = '') =>
      console.log(`| ${what} | ${measured} | ${baseline} | ${target} |`),
  });
}
