// The same-rows baseline of POST /api/purchase (issue 38): what a hand-written client would send to
// write exactly the rows ONE order of one unit writes (card, no company, no promotion, no webhook
// subscribed, stock far above its low threshold), checked on the running app by
// `node scripts/bench/order-rows.mjs`. In the app's lock order, one statement per row written:
//
//   BEGIN
//   1. account_orders  UPDATE … WHERE the limits pass RETURNING (the account's counters row, locked
//                      first: its rate hit in the window and its unpaid checkout)
//   2. variant         UPDATE … WHERE available_quantity >= 1 … RETURNING the line's name, SKU and
//                      price (the stock taken; its triggers bump the variant's version and, at
//                      COMMIT, this backend's data_version slot, as the app's update does)
//   3. checkout        INSERT … RETURNING id (the quote's address, method, shipping, tax, total)
//   4. purchase        INSERT … RETURNING id (the order, its stock taken, its hold)
//   5. order_event     INSERT (the timeline's `placed`)
//   6. outbox          INSERT (the customer's order.placed mail)
//   7. rate_limit      INSERT … ON CONFLICT DO UPDATE RETURNING count (the per-address hit on the
//                      account's shard row, last, as the app counts it)
//   COMMIT
//
// Named prepared statements (node-postgres `{ name, text, values }`: parsed and planned once per
// connection), on one pooled connection. No application logic beyond what the rows need: no
// pricing (the quote is the app's, made once before the run), no idempotency key, no kit parts.

import { rawTransaction } from './checkout-load.mjs';

/** @typedef {{ id: string, name: string, email: string, ipRateKey: string }} RawBuyer */
/**
 * @typedef {{
 *   lines: { discountCents: number, taxCents: number, taxRatePpm: number, shippingCents: number,
 *     shippingTaxCents: number }[],
 *   address: object, method: { id: string, name: string, deliveryText: string },
 *   shippingCents: number, shippingTaxCents: number, taxCents: number, totalCents: number,
 *   weightGrams: number, pricesIncludeTax: boolean, taxNote: string | null, discountCents: number,
 * }} RawQuote the app's pricing of the order (modules/pricing `priceOrder`)
 */

const ACCOUNT_COUNTED = {
  name: 'raw_order_account',
  text: `UPDATE account_orders SET
      rate_hits = CASE WHEN rate_window_started_at > now() - $2::bigint * interval '1 millisecond'
        THEN rate_hits + 1 ELSE 1 END,
      rate_window_started_at = CASE
        WHEN rate_window_started_at > now() - $2::bigint * interval '1 millisecond'
        THEN rate_window_started_at ELSE now() END,
      unpaid_checkouts = unpaid_checkouts + 1
    WHERE user_id = $1 AND unpaid_checkouts < $4
      AND (rate_hits < $3 OR rate_window_started_at <= now() - $2::bigint * interval '1 millisecond')
    RETURNING unpaid_checkouts`,
};

const STOCK_TAKEN = {
  name: 'raw_order_stock',
  text: `UPDATE variant SET available_quantity = available_quantity - $2, updated_at = now()
    WHERE id = $1 AND available_quantity >= $2 AND min_quantity <= $2 AND NOT withdrawn
    RETURNING product_id, sku, label, price_cents,
      (SELECT name FROM product WHERE product.id = variant.product_id) AS name`,
};

const CHECKOUT_PLACED = {
  name: 'raw_order_checkout',
  text: `INSERT INTO checkout (user_id, unpaid_orders, delivery_address, shipping_method_id,
      shipping_method_name, shipping_delivery_text, shipping_cents, shipping_tax_cents, tax_cents,
      total_cents, weight_grams, prices_include_tax, tax_note, discount_cents, promotions,
      payment_method, approval)
    VALUES ($1, 1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, '[]', 'card', 'none')
    RETURNING id`,
};

const ORDER_PLACED = {
  name: 'raw_order_purchase',
  text: `INSERT INTO purchase (checkout_id, user_id, product_id, product_name, variant_id, sku,
      variant_label, stock_taken, unit_price_cents, quantity, total_cents, discount_cents,
      tax_cents, tax_rate_ppm, shipping_cents, shipping_tax_cents, customer_name, customer_email,
      address, phone, hold_expires_at, status, on_account)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19,
      $20, now() + $21::double precision * interval '1 hour', 'pending', false)
    RETURNING id`,
};

const TIMELINE = {
  name: 'raw_order_timeline',
  text: `INSERT INTO order_event (purchase_id, event, actor) VALUES ($1, 'placed', 'customer')`,
};

const MAIL = {
  name: 'raw_order_mail',
  text: `INSERT INTO outbox (kind, dedupe_key, payload) VALUES ('mail', $1, $2)`,
};

const ADDRESS_HIT = {
  name: 'raw_order_address_hit',
  text: `INSERT INTO rate_limit (id, key, count, last_request)
    VALUES (gen_random_uuid()::text, $1, 1, (extract(epoch from clock_timestamp()) * 1000)::bigint)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit.last_request
          < (extract(epoch from clock_timestamp()) * 1000)::bigint - $2::bigint
        THEN 1 ELSE rate_limit.count + 1 END,
      last_request = CASE WHEN rate_limit.last_request
          < (extract(epoch from clock_timestamp()) * 1000)::bigint - $2::bigint
        THEN (extract(epoch from clock_timestamp()) * 1000)::bigint
        ELSE rate_limit.last_request END
    RETURNING count`,
};

/**
 * One order of `quantity` of `variantId` for `who`, as the rows above, in one transaction; throws
 * (rolled back) when a limit or the stock refuses it.
 * @param {import('pg').Pool} pool
 * @param {RawBuyer} who `ipRateKey`: the rate_limit key of the address's shard the app counts the
 *   account on ('toolhouse:order:ip:<address>:<shard>', purchase-limits.ts `orderRateIpKeys`)
 * @param {{ variantId: string, quantity?: number, quote: RawQuote }} order
 * @param {{ orderRateLimitPerHour: number, maxUnpaidOrders: number, windowMs: number,
 *   holdHours: number }} limits
 * @returns {Promise<boolean>}
 */
export function rawOrderRows(pool, who, { variantId, quantity = 1, quote }, limits) {
  return rawTransaction(pool, async (client) => {
    const counted = await client.query({
      ...ACCOUNT_COUNTED,
      values: [who.id, limits.windowMs, limits.orderRateLimitPerHour, limits.maxUnpaidOrders],
    });
    if (counted.rowCount !== 1) throw new Error('an order limit refused the order');
    const {
      rows: [item],
    } = await client.query({ ...STOCK_TAKEN, values: [variantId, quantity] });
    if (!item) throw new Error('out of stock');
    const {
      rows: [checkout],
    } = await client.query({
      ...CHECKOUT_PLACED,
      values: [
        who.id,
        JSON.stringify(quote.address),
        quote.method.id,
        quote.method.name,
        quote.method.deliveryText,
        quote.shippingCents,
        quote.shippingTaxCents,
        quote.taxCents,
        quote.totalCents,
        quote.weightGrams,
        quote.pricesIncludeTax,
        quote.taxNote,
        quote.discountCents,
      ],
    });
    const line = quote.lines[0];
    if (!line) throw new Error('the quote has no line');
    const {
      rows: [order],
    } = await client.query({
      ...ORDER_PLACED,
      values: [
        checkout.id,
        who.id,
        item.product_id,
        item.name,
        variantId,
        item.sku,
        item.label,
        JSON.stringify([{ variantId, quantity }]),
        item.price_cents,
        quantity,
        item.price_cents * quantity,
        line.discountCents,
        line.taxCents,
        line.taxRatePpm,
        line.shippingCents,
        line.shippingTaxCents,
        who.name,
        who.email,
        '1 Bench Street',
        '555 0100',
        limits.holdHours,
      ],
    });
    await client.query({ ...TIMELINE, values: [order.id] });
    await client.query({
      ...MAIL,
      values: [
        `${checkout.id}:placed:customer`,
        JSON.stringify({ template: 'order.placed', checkoutId: checkout.id, audience: 'customer' }),
      ],
    });
    const hit = await client.query({ ...ADDRESS_HIT, values: [who.ipRateKey, limits.windowMs] });
    if (limits.orderRateLimitPerHour > 0 && hit.rows[0].count > limits.orderRateLimitPerHour)
      throw new Error('the address reached its order rate');
  });
}
