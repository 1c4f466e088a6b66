import { fileURLToPath } from 'node:url';
import { call, combine, quantile, storeBasket } from './checkout-load.mjs';
import { withOwnApp } from './own-app.mjs';
import { cpuSeconds, postgresCpuSeconds } from './proc-cpu.mjs';
import { CHECKOUT_LINES, CONNECTIONS, checkoutSides, PHONE, pricedShop } from './pricing.mjs';

// Issue 37 (trade accounts, docs/decisions/059) under load, on a fresh app and database of its
// own: the pricing part's shop (shipping zones, the built-in tax table, 20 products, 50 customers
// with a basket of 5, half delivering to New York, half to Berlin; scripts/bench/pricing.mjs),
// its 50 customers made buyers of `COMPANIES` companies written straight to the database (credit
// approved, each buyer with an order and a month limit): the limits in force, never reached.
// - the 5-line checkout on account, the buyer's way (a quote with paymentMethod "account", then
//   POST /api/checkout with its quoteId, the quote counted inside) and the spec's way (POST
//   /api/checkout with paymentMethod "account", priced on the spot), against the raw transaction
//   of the orders and pricing rows (5 UPDATEs + 5 INSERTs), A B C A B C (target ratio >= 0.45);
// - the credit race: the 50 customers moved into ONE company whose limit covers about half of
//   their checkouts, 50 parallel checkouts on account (each quoted first): the balance never
//   passes the limit by a cent, is the sum of the invoices issued, and every refused checkout was
//   above what was left (checked; the bench fails otherwise).
// Part of `npm run bench` (BENCH_ONLY=accounts); alone: `node scripts/bench/trade-accounts.mjs`
// (after `npm run build`; BENCH_DURATION sets each run's seconds).

const TARGETS = { checkoutRatio: 0.45 };
/** The speed rows' companies; the 50 buyers are spread over them in turn. */
const COMPANIES = 10;
/** Limits in force, never reached: credit $10,000,000,000; each buyer's order and month limits. */
const HUGE = { creditCents: 1_000_000_000_000, orderCents: 2_000_000_000, monthCents: 1e12 };

const fmt = (n) => Math.round(n).toLocaleString('en-US');
const failed = (r) => (r.bad ? `, ${r.bad} failed` : '');
const dollars = (cents) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * A company as the companies API would leave it (organization, company_account), written straight
 * to the database; returns its id.
 * @param {import('pg').Pool} pool
 */
async function createCompany(pool, name, creditLimitCents) {
  const {
    rows: [{ id }],
  } = await pool.query(
    `INSERT INTO organization (id, name, slug) VALUES (gen_random_uuid()::text, $1,
       lower(replace($1, ' ', '-')) || '-' || substr(md5(random()::text), 1, 8)) RETURNING id`,
    [name],
  );
  await pool.query(
    `INSERT INTO company_account (organization_id, credit_status, credit_limit_cents, terms_days)
     VALUES ($1, 'approved', $2, 30)`,
    [id, creditLimitCents],
  );
  return id;
}

/**
 * The customers made buyers of `COMPANIES` companies (in turn), each with an order and a month
 * limit never reached.
 * @param {import('pg').Pool} pool
 * @param {{ id: string }[]} customers
 */
async function makeTradeBuyers(pool, customers) {
  const companies = [];
  for (let i = 0; i < COMPANIES; i += 1)
    companies.push(await createCompany(pool, `Bench Contractor ${i}`, HUGE.creditCents));
  await pool.query(
    `INSERT INTO member (id, organization_id, user_id, role, order_limit_cents, month_limit_cents)
     SELECT gen_random_uuid()::text, company, buyer, 'buyer', $3, $4
     FROM unnest($1::text[], $2::text[]) AS made(company, buyer)`,
    [
      customers.map((_, i) => companies[i % COMPANIES]),
      customers.map((who) => who.id),
      HUGE.orderCents,
      HUGE.monthCents,
    ],
  );
  return companies;
}

/** The checkout on account, the buyer's way and the spec's way, against the raw transaction. */
async function benchCheckoutOnAccount(bench, buyers) {
  const { pool, row, seconds, appPid, dataDir } = bench;
  const { quoted, onTheSpot, raw, quoteTimes, placeTimes } = checkoutSides(bench, buyers, {
    paymentMethod: 'account',
  });
  // Whatever earlier runs left in the baskets is the first checkouts' to place: start empty.
  await pool.query('DELETE FROM basket_line');
  console.log(
    `Accounts: ${CHECKOUT_LINES}-line checkouts on account (quoted, on the spot) vs the raw transaction…`,
  );
  /** @type {Record<'quoted' | 'spot' | 'raw', { rps: number, p99: number, bad: number }[]>} */
  const runs = { quoted: [], spot: [], raw: [] };
  // CPU seconds of the app's process and PostgreSQL's (with the outbox worker's statements) per
  // side: steadier than req/s on a shared machine.
  /** @type {Record<'quoted' | 'spot' | 'raw', { app: number, postgres: number }>} */
  const cpu = {
    quoted: { app: 0, postgres: 0 },
    spot: { app: 0, postgres: 0 },
    raw: { app: 0, postgres: 0 },
  };
  /** @param {'quoted' | 'spot' | 'raw'} side @param {() => Promise<any>} run */
  const measured = async (side, run) => {
    const before = [cpuSeconds(appPid), dataDir ? postgresCpuSeconds(dataDir) : 0];
    const result = await run();
    cpu[side].app += cpuSeconds(appPid) - (before[0] ?? 0);
    cpu[side].postgres += dataDir ? postgresCpuSeconds(dataDir) - (before[1] ?? 0) : 0;
    runs[side].push(result);
  };
  for (let i = 0; i < 2; i += 1) {
    await measured('quoted', quoted);
    await measured('spot', onTheSpot);
    await measured('raw', raw);
  }
  /** "CPU per checkout: app … ms, PostgreSQL … ms" of a side (the app's only on the app's sides). */
  const perCheckout = (side) => {
    const count = Math.max(
      1,
      runs[side].reduce((a, r) => a + r.rps * seconds, 0),
    );
    const ms = (used) => ((1000 * used) / count).toFixed(2);
    const parts = [
      ...(side === 'raw' ? [] : [`app ${ms(cpu[side].app)} ms`]),
      ...(dataDir ? [`PostgreSQL ${ms(cpu[side].postgres)} ms`] : []),
    ];
    return `CPU per checkout: ${parts.join(', ')}`;
  };
  // Every app checkout was on account and invoiced at once (the raw side's are not companies').
  const {
    rows: [placed],
  } = await pool.query(
    `SELECT count(*)::int AS checkouts,
       count(*) FILTER (WHERE payment_method = 'account' AND approval = 'none')::int AS on_account,
       (SELECT count(*)::int FROM invoice) AS invoices,
       (SELECT coalesce(sum(balance_cents), 0)::bigint FROM company_account) AS balance,
       (SELECT coalesce(sum(amount_cents), 0)::bigint FROM invoice) AS invoiced
     FROM checkout WHERE organization_id IS NOT NULL`,
  );
  if (placed.on_account !== placed.checkouts || placed.invoices !== placed.checkouts)
    throw new Error(`checkouts not all invoiced on account: ${JSON.stringify(placed)}`);
  if (Number(placed.balance) !== Number(placed.invoiced))
    throw new Error(`the balances are not the invoices: ${JSON.stringify(placed)}`);
  const [a, b, r] = [combine(runs.quoted), combine(runs.spot), combine(runs.raw)];
  const verdict = (ratio) =>
    `ratio >= ${TARGETS.checkoutRatio}: ${ratio >= TARGETS.checkoutRatio ? 'met' : 'MISSED'}`;
  const rawText = `pg, ${CHECKOUT_LINES} UPDATEs + ${CHECKOUT_LINES} INSERTs ${fmt(r.rps)}/s, p99 ${r.p99} ms${failed(r)}; ${perCheckout('raw')}`;
  quoteTimes.sort((x, y) => x - y);
  placeTimes.sort((x, y) => x - y);
  row(
    `Quote + POST /api/checkout on account with its quoteId (${CHECKOUT_LINES} lines, basket stored first, half New York, half Berlin; ${CONNECTIONS} buyers of ${COMPANIES} companies, credit and buyer limits in force, not reached; the quote counted in each checkout)`,
    `${fmt(a.rps)} checkouts/s, p99 ${a.p99} ms${failed(a)}; ` +
      `quote p50/p99 ${quantile(quoteTimes, 0.5)}/${quantile(quoteTimes, 0.99)} ms, ` +
      `placement p50/p99 ${quantile(placeTimes, 0.5)}/${quantile(placeTimes, 0.99)} ms; ${perCheckout('quoted')}`,
    `${rawText}; ratio ${(a.rps / r.rps).toFixed(2)}`,
    verdict(a.rps / r.rps),
  );
  row(
    `… POST /api/checkout with paymentMethod "account", priced on the spot (no quote)`,
    `${fmt(b.rps)} checkouts/s, p99 ${b.p99} ms${failed(b)}; ${perCheckout('spot')}; ${fmt(placed.checkouts)} checkouts invoiced on account (both ways), balances = their invoices`,
    `the same raw transaction; ratio ${(b.rps / r.rps).toFixed(2)}`,
    verdict(b.rps / r.rps),
  );
}

/**
 * The credit race: the 50 buyers moved into one company, each quoting a basket of 5 on account;
 * its limit then set to about half of what they quoted; 50 parallel checkouts with the quotes.
 * Checks (throws otherwise) and prints: placed and refused, balance and limit.
 */
async function benchCreditRace({ base, pool, row }, { customers, someVariants }) {
  const company = await createCompany(pool, 'Bench Credit Race', HUGE.creditCents);
  await pool.query('UPDATE member SET organization_id = $1 WHERE user_id = ANY($2::text[])', [
    company,
    customers.map((who) => who.id),
  ]);
  await pool.query('DELETE FROM basket_line');
  const quotes = [];
  for (const who of customers) {
    await storeBasket(pool, who.id, someVariants());
    const [status, quote] = await call(base, who.token, '/api/checkout/quote', {
      address: who.address,
      paymentMethod: 'account',
    });
    if (status !== 200) throw new Error(`quote on account ${status}: ${JSON.stringify(quote)}`);
    quotes.push({ who, quoteId: quote.quoteId, cents: Math.round(quote.total * 100) });
  }
  const asked = quotes.reduce((sum, q) => sum + q.cents, 0);
  // About half of it, an odd cent so no sum of totals lands on it by chance.
  const limit = Math.floor(asked / 2) + 1;
  await pool.query(
    'UPDATE company_account SET credit_limit_cents = $2 WHERE organization_id = $1',
    [company, limit],
  );
  console.log(
    `Accounts: ${quotes.length} parallel checkouts on account from one company (asking ${dollars(asked)}, limit ${dollars(limit)})…`,
  );
  const answers = await Promise.all(
    quotes.map(async (q) => {
      const [status, answer] = await call(base, q.who.token, '/api/checkout', {
        address: q.who.address,
        phone: PHONE,
        paymentMethod: 'account',
        quoteId: q.quoteId,
      });
      return { ...q, status, answer };
    }),
  );
  const placed = answers.filter((a) => a.status === 201);
  const refused = answers.filter((a) => a.status === 409);
  const others = answers.filter((a) => a.status !== 201 && a.status !== 409);
  const {
    rows: [after],
  } = await pool.query(
    `SELECT ca.balance_cents::bigint AS balance, ca.credit_limit_cents::bigint AS credit_limit,
       (SELECT count(*)::int FROM invoice WHERE organization_id = $1) AS invoices,
       (SELECT coalesce(sum(amount_cents), 0)::bigint FROM invoice WHERE organization_id = $1)
         AS invoiced,
       (SELECT count(*)::int FROM checkout WHERE organization_id = $1) AS checkouts
     FROM company_account ca WHERE ca.organization_id = $1`,
    [company],
  );
  const balance = Number(after.balance);
  const left = Number(after.credit_limit) - balance;
  const placedCents = placed.reduce((sum, a) => sum + a.cents, 0);
  const problems = [
    others.length &&
      `${others.length} answered neither 201 nor 409 (${others.map((a) => a.status).join(', ')})`,
    balance > Number(after.credit_limit) &&
      `the balance ${dollars(balance)} passed the limit ${dollars(limit)}`,
    balance !== Number(after.invoiced) &&
      `the balance ${dollars(balance)} is not its invoices' ${dollars(Number(after.invoiced))}`,
    balance !== placedCents &&
      `the balance ${dollars(balance)} is not the placed checkouts' ${dollars(placedCents)}`,
    (after.invoices !== placed.length || after.checkouts !== placed.length) &&
      `${placed.length} placed, ${after.checkouts} checkouts and ${after.invoices} invoices written`,
    refused.some((a) => a.cents <= left) &&
      `a checkout that fitted the ${dollars(left)} left was refused`,
    refused.some((a) => a.answer?.fields?.paymentMethod === undefined) &&
      `a 409 not about the credit: ${JSON.stringify(refused.find((a) => !a.answer?.fields?.paymentMethod)?.answer)}`,
  ].filter(Boolean);
  const smallestRefused = Math.min(...refused.map((a) => a.cents));
  row(
    `${quotes.length} parallel checkouts on account (${CHECKOUT_LINES} lines, quoted first) from ${quotes.length} buyers of ONE company, its limit about half of what they ask`,
    `${placed.length} placed, ${refused.length} refused (409: each above the ${dollars(left)} left; smallest ${refused.length ? dollars(smallestRefused) : '-'}); balance ${dollars(balance)} of limit ${dollars(Number(after.credit_limit))} = its ${after.invoices} invoices`,
    `asked ${dollars(asked)} in all`,
    `never passes the limit by a cent: ${problems.length ? `FAILED (${problems.join('; ')})` : 'met'}`,
  );
  if (problems.length) throw new Error(`the credit race: ${problems.join('; ')}`);
}

/**
 * @param {{
 *   row: (what: string, measured: string, baseline?: string, target?: string) => void,
 *   seconds?: number,
 *   outboxWorker?: 'separate' | 'app',
 * }} tools
 */
export async function benchTradeAccounts({ row, seconds = 5, outboxWorker = 'separate' }) {
  // As npm start runs it: the outbox worker in a process of its own, unless BENCH_OUTBOX_WORKER=app.
  await withOwnApp({ name: 'Accounts', outboxWorker }, async (app) => {
    const bench = { ...app, row, seconds };
    const shop = await pricedShop(app.base, app.pool, 'trader');
    await makeTradeBuyers(app.pool, shop.customers);
    const [buyer] = shop.customers;
    if (!buyer) throw new Error('no customer');
    const [status, quote] = await call(app.base, buyer.token, '/api/checkout/quote', {
      address: buyer.address,
      paymentMethod: 'account',
    });
    if (status !== 200 || quote.paymentMethod !== 'account' || quote.company?.approvalRequired)
      throw new Error(`a quote on account: ${status} ${JSON.stringify(quote)}`);
    console.log(
      `Accounts: ${CONNECTIONS} buyers of ${COMPANIES} companies; a basket of ${CHECKOUT_LINES} on account: total $${quote.total.toFixed(2)}, credit available $${quote.company.creditAvailable}`,
    );
    await benchCheckoutOnAccount(bench, shop);
    await benchCreditRace(bench, shop);
  });
}

// Run alone: node scripts/bench/trade-accounts.mjs (after npm run build)
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await benchTradeAccounts({
    seconds: Number(process.env.BENCH_DURATION ?? 5),
    outboxWorker: process.env.BENCH_OUTBOX_WORKER === 'app' ? 'app' : 'separate',
    row: (what, measured, baseline = '', target = '') =>
      console.log(`| ${what} | ${measured} | ${baseline} | ${target} |`),
  });
}
