// What the checkout rows of the bench share (scripts/bench.mjs `orders`, scripts/bench/pricing.mjs,
// promotions.mjs, variants.mjs): callers in a closed loop, the basket stored as PUT /api/basket
// would, the raw transaction that is the checkouts' baseline, and its customers' checkouts.

/**
 * `connections` callers of `once` for `seconds`; `once` says whether it placed its order.
 * @param {number} connections
 * @param {number} seconds
 * @param {(index: number) => Promise<boolean>} once
 * @returns {Promise<{ rps: number, p99: number, bad: number }>}
 */
export async function closedLoop(connections, seconds, once) {
  const latencies = [];
  let done = 0;
  let failed = 0;
  const end = Date.now() + seconds * 1000;
  const caller = async (index) => {
    while (Date.now() < end) {
      const t0 = performance.now();
      try {
        if (await once(index)) done += 1;
        else failed += 1;
      } catch (error) {
        failed += 1;
        if (failed === 1) console.error('order failed:', /** @type {Error} */ (error).message);
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, i) => caller(i)));
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
  return { rps: done / seconds, p99: Math.round(p99), bad: failed };
}

/**
 * The runs of one side, A B A B: their mean req/s, worst p50 (when measured) and p99, and every
 * failure.
 * @param {{ rps: number, p50?: number, p99: number, bad: number }[]} runs
 */
export const combine = (runs) => ({
  rps: runs.reduce((a, r) => a + r.rps, 0) / runs.length,
  p50: Math.max(...runs.map((r) => r.p50 ?? 0)),
  p99: Math.max(...runs.map((r) => r.p99)),
  bad: runs.reduce((a, r) => a + r.bad, 0),
});

/**
 * The `q` quantile of ascending `sorted` milliseconds, rounded (0 when empty).
 * @param {number[]} sorted
 * @param {number} q
 */
export const quantile = (sorted, q) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0);

/**
 * One signed-in JSON POST; resolves to [status, answer].
 * @param {string} base the app's address
 * @param {string} token the customer's API token
 * @param {string} path
 * @param {unknown} body
 * @returns {Promise<[number, any]>}
 */
export async function call(base, token, path, body) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return [res.status, await res.json()];
}

/**
 * The customers with a checkout each (made once), for the raw transactions' orders to belong to.
 * @template {{ id: string }} C
 * @param {import('pg').Pool} pool
 * @param {C[]} customers
 * @returns {Promise<(C & { checkoutId: string })[]>}
 */
export async function withCheckouts(pool, customers) {
  const held = [];
  for (const customer of customers) {
    const { rows } = await pool.query(
      'INSERT INTO checkout (user_id, unpaid_orders) VALUES ($1, 0) RETURNING id',
      [customer.id],
    );
    held.push({ ...customer, checkoutId: rows[0].id });
  }
  return held;
}

/**
 * Stores a basket of one unit of each variant (one INSERT on pg, as PUT /api/basket would).
 * @param {import('pg').Pool} pool
 * @param {string} userId
 * @param {{ id: string, product_id: string }[]} variants
 */
export async function storeBasket(pool, userId, variants) {
  await pool.query(
    `INSERT INTO basket_line (user_id, product_id, variant_id, quantity, position)
     SELECT $1, line.product_id, line.variant_id, 1, line.position - 1
     FROM unnest($2::uuid[], $3::uuid[]) WITH ORDINALITY AS line(product_id, variant_id, position)
     ON CONFLICT (user_id, variant_id) DO UPDATE SET quantity = 1`,
    [userId, variants.map((v) => v.product_id), variants.map((v) => v.id)],
  );
}

/**
 * A raw transaction of the baselines: BEGIN, `body` on one pooled connection, COMMIT (true); rolled
 * back when `body` throws (a refused order: the error goes on).
 * @param {import('pg').Pool} pool
 * @param {(client: import('pg').PoolClient) => Promise<void>} body
 * @returns {Promise<boolean>}
 */
export async function rawTransaction(pool, body) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await body(client);
    await client.query('COMMIT');
    return true;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The raw transaction of one-unit orders of `variants` straight on pg (BEGIN, a conditional stock
 * UPDATE and an order INSERT per line, COMMIT; named prepared statements, no limits, no effects):
 * the baseline of the order and checkout targets. `who` has the checkout its orders belong to.
 * @param {import('pg').Pool} pool
 * @param {{ id: string, name: string, email: string, checkoutId: string }} who
 * @param {{ id: string }[]} variants
 */
export function rawOrders(pool, who, variants) {
  return rawTransaction(pool, async (client) => {
    // Locked in variant-id order as the app's statement does, so 50 callers never deadlock.
    const taken = [];
    for (const variant of [...variants].sort((a, b) => (a.id < b.id ? -1 : 1))) {
      const { rows } = await client.query(
        {
          name: 'bench_take',
          text: `UPDATE variant SET available_quantity = available_quantity - $2,
                   updated_at = now()
                 WHERE id = $1 AND available_quantity >= $2 AND min_quantity <= $2
                   AND NOT withdrawn
                 RETURNING id, product_id, sku, label, price_cents,
                   (SELECT name FROM product WHERE product.id = variant.product_id) AS name`,
        },
        [variant.id, 1],
      );
      if (!rows[0]) throw new Error('out of stock');
      taken.push(rows[0]);
    }
    for (const item of taken)
      await client.query(
        {
          name: 'bench_order',
          text: `INSERT INTO purchase (checkout_id, user_id, product_id, variant_id, sku,
                   variant_label, stock_taken, product_name, unit_price_cents, quantity,
                   total_cents, customer_name, customer_email, address, phone, hold_expires_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 1, $9, $10, $11, '1 Bench Street',
                   '555 0100', now() + 24 * interval '1 hour')`,
        },
        [
          who.checkoutId,
          who.id,
          item.product_id,
          item.id,
          item.sku,
          item.label,
          JSON.stringify([{ variantId: item.id, quantity: 1 }]),
          item.name,
          item.price_cents,
          who.name,
          who.email,
        ],
      );
  });
}
