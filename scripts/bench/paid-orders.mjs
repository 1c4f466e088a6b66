import { randomUUID } from 'node:crypto';
import { signUpCustomers } from './customers.mjs';

// Issue 38: placing AND paying an order, as the web client does (four calls, each with its
// Idempotency-Key where the client sends one), against placing alone in the same run, and the
// mail outbox at the end of a paid-order saturation run. BENCH_ONLY=paid runs only this part.

const TARGETS = { paidRatio: 0.5, paidP99Ms: 400, outboxOldestS: 5 };
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };
const STEPS = ['purchase', 'create-payment-intent', 'test-processor/confirm', 'PATCH purchase'];
/** How long the saturation run lasts (s): BENCH_PAID_SATURATION_S, default 20. */
const SATURATION_S = Number(process.env.BENCH_PAID_SATURATION_S ?? 20);

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];

/**
 * @param {{ base: string, pool: import('pg').Pool, row: Function, fmt: (n: number) => string,
 *   connections: number, durationS: number }} bench
 */
export async function benchPaidOrders({ base, pool, row, fmt, connections, durationS }) {
  console.log(`Signing up ${connections} customers for paid orders…`);
  const customers = await signUpCustomers(base, pool, connections, 'payer');
  // Stock enough for every order of the runs: the variants of the 20 newest products.
  const { rows: stocked } = await pool.query(
    `WITH stocked AS (
       UPDATE variant SET available_quantity = 10000000, min_quantity = 1
       WHERE product_id IN (SELECT id FROM product ORDER BY seq DESC LIMIT 20)
       RETURNING product_id
     ) SELECT DISTINCT product_id AS id FROM stocked`,
  );
  const productIds = stocked.map((r) => r.id);
  const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];

  /** One call; its latency is kept under `step`. Throws unless it answers `expected`. */
  async function call(times, step, method, path, token, body, expected, key = true) {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(key ? { 'idempotency-key': randomUUID() } : {}),
      },
      body: JSON.stringify(body),
    });
    const answer = await res.json();
    times[step]?.push(performance.now() - t0);
    if (res.status !== expected)
      throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(answer)}`);
    return answer;
  }

  const place = (times, who) =>
    call(
      times,
      0,
      'POST',
      '/api/purchase',
      who.token,
      {
        productId: pick(productIds),
        orderQuantity: 1,
        address: '1 Bench Street',
        phone: '555 0100',
      },
      201,
    );

  async function placeAndPay(times, who) {
    const order = await place(times, who);
    const intent = await call(
      times,
      1,
      'POST',
      '/api/create-payment-intent',
      who.token,
      {
        purchaseId: order._id,
      },
      200,
    );
    const confirmed = await call(
      times,
      2,
      'POST',
      '/api/test-processor/confirm',
      null,
      {
        clientSecret: intent.clientSecret,
        card: CARD,
        billingDetails: { name: who.name, email: who.email },
      },
      200,
      false,
    );
    await call(
      times,
      3,
      'PATCH',
      `/api/purchase/${order._id}`,
      who.token,
      {
        transactionId: confirmed.paymentIntent.id,
      },
      200,
    );
  }

  /** 50 callers (one customer each) running `once` in a closed loop for `seconds`. */
  async function callers(once, seconds) {
    const times = STEPS.map(() => []);
    const whole = [];
    let done = 0;
    let failed = 0;
    const end = Date.now() + seconds * 1000;
    await Promise.all(
      customers.map(async (who) => {
        while (Date.now() < end) {
          const t0 = performance.now();
          try {
            await once(times, who);
            done += 1;
            whole.push(performance.now() - t0);
          } catch (error) {
            failed += 1;
            if (failed === 1)
              console.error('paid order failed:', /** @type {Error} */ (error).message);
          }
        }
      }),
    );
    whole.sort((a, b) => a - b);
    for (const step of times) step.sort((a, b) => a - b);
    return {
      rps: done / seconds,
      p99: Math.round(quantile(whole, 0.99) ?? 0),
      bad: failed,
      steps: times.map((step) =>
        step.length ? { p50: quantile(step, 0.5), p99: quantile(step, 0.99) } : null,
      ),
    };
  }

  const outboxNow = async (since) =>
    (
      await pool.query(
        `SELECT count(*) FILTER (WHERE status = 'pending')::int AS queued,
           coalesce(extract(epoch FROM now() - min(created_at) FILTER (WHERE status = 'pending')), 0)::float8 AS oldest,
           count(*) FILTER (WHERE created_at >= $1)::int AS made
         FROM outbox WHERE kind = 'mail'`,
        [since],
      )
    ).rows[0];
  /** Waits (up to 60 s) for the mails of the previous run, so each run starts from the same place. */
  async function settle() {
    for (let i = 0; i < 120 && (await outboxNow(new Date())).queued > 0; i += 1)
      await new Promise((r) => setTimeout(r, 500));
  }

  console.log('Placing alone vs placing and paying (4 calls)…');
  const placedRuns = [];
  const paidRuns = [];
  for (let i = 0; i < 2; i += 1) {
    await settle();
    placedRuns.push(await callers(place, durationS));
    await settle();
    paidRuns.push(await callers(placeAndPay, durationS));
  }
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const placed = {
    rps: mean(placedRuns.map((r) => r.rps)),
    p99: Math.max(...placedRuns.map((r) => r.p99)),
    bad: placedRuns.reduce((a, r) => a + r.bad, 0),
  };
  const paid = {
    rps: mean(paidRuns.map((r) => r.rps)),
    p99: Math.max(...paidRuns.map((r) => r.p99)),
    bad: paidRuns.reduce((a, r) => a + r.bad, 0),
  };
  const ratio = paid.rps / placed.rps;
  const stepText = STEPS.map((name, i) => {
    const worst = Math.max(...paidRuns.map((r) => r.steps[i]?.p99 ?? 0));
    const p50 = mean(paidRuns.map((r) => r.steps[i]?.p50 ?? 0));
    return `${name} p50 ${Math.round(p50)} / p99 ${Math.round(worst)} ms`;
  }).join('; ');
  row(
    `placing and paying (4 calls), ${connections} customers`,
    `${paid.rps.toFixed(1)} paid orders/s, p99 ${paid.p99} ms${paid.bad ? `, ${paid.bad} failed` : ''} (${stepText})`,
    `placing alone ${fmt(placed.rps)} orders/s, p99 ${placed.p99} ms${placed.bad ? `, ${placed.bad} failed` : ''}; ratio ${ratio.toFixed(2)}`,
    `ratio >= ${TARGETS.paidRatio}: ${ratio >= TARGETS.paidRatio ? 'met' : 'MISSED'}; ` +
      `p99 <= ${TARGETS.paidP99Ms} ms: ${paid.p99 <= TARGETS.paidP99Ms ? 'met' : 'MISSED'}`,
  );

  console.log(`Paid orders for ${SATURATION_S} s, then the mail outbox…`);
  await settle();
  const since = (await pool.query('SELECT now() AS at')).rows[0].at;
  const saturated = await callers(placeAndPay, SATURATION_S);
  const outbox = await outboxNow(since);
  const perSecond = outbox.made / SATURATION_S;
  const kept = outbox.queued <= perSecond;
  const fresh = outbox.oldest <= TARGETS.outboxOldestS;
  row(
    `… the mail outbox after ${SATURATION_S} s of paid orders (${connections} customers)`,
    `${fmt(outbox.queued)} mails queued, oldest ${outbox.oldest.toFixed(1)} s`,
    `${saturated.rps.toFixed(1)} paid orders/s, p99 ${saturated.p99} ms; ${fmt(outbox.made)} mails made (${fmt(perSecond)}/s)`,
    `queued <= 1 s of mails: ${kept ? 'met' : 'MISSED'}; oldest <= ${TARGETS.outboxOldestS} s: ${fresh ? 'met' : 'MISSED'}`,
  );
}
