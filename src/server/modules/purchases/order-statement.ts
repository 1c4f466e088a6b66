import { getTableColumns } from 'drizzle-orm';
import { purchase } from '../../db/schema.ts';
import type { AuthUser } from '../auth/index.ts';
import { rememberedKeyCte } from '../idempotency/index.ts';
import { stockChangeText, stockConsequenceNames } from '../stock/index.ts';
import { effectCtes, effectsSql } from './purchase-lifecycle.ts';
import {
  accountCountedCte,
  ipRateHitCte,
  ORDER_RATE_WINDOW_MS,
  orderLimitsCtes,
  orderRateIpKeys,
  type PurchaseLimits,
} from './purchase-limits.ts';

/** purchase.total_cents and a payment's amount are integer columns: a checkout may not total more. */
export const MAX_TOTAL_CENTS = 2_147_483_647;

/** Why the statement would not place a line, in the order it asks (the first that applies). */
export const LINE_PROBLEMS = [
  'gone',
  'withdrawn',
  'below_minimum',
  'above_stock',
  'total_too_large',
] as const;
export type LineProblem = (typeof LINE_PROBLEMS)[number];

/** The statement's parameters, in order, with the SQL type each is sent as. */
const PARAMS = {
  /** Null: the caller's stored basket; else these lines (a null id: no product can have it). */
  productIds: 'uuid[]',
  quantities: 'int[]',
  /** Per given line: a unit price agreed beforehand (an accepted quote), else null (the breaks'). */
  unitPrices: 'int[]',
  userId: 'text',
  customerName: 'text',
  customerEmail: 'text',
  address: 'text',
  phone: 'text',
  poReference: 'text',
  ipRateKeys: 'text[]',
  ipRateKey: 'text',
  holdHours: 'double precision',
  rateMax: 'int',
  rateWindowMs: 'bigint',
  maxUnpaid: 'int',
  /** Null: no Idempotency-Key (src/server/modules/idempotency/). */
  idempotencyKey: 'text',
  idempotencyHash: 'text',
} as const;
type ParamName = keyof typeof PARAMS;
const NAMES = Object.keys(PARAMS) as ParamName[];

const param = (name: string): string => {
  const index = NAMES.indexOf(name as ParamName);
  if (index < 0) throw new Error(`unknown order statement parameter ${name}`);
  return `$${index + 1}::${PARAMS[name as ParamName]}`;
};

/** purchase's columns under drizzle's names, so a returned order is what `db.select()` gives. */
const PLACED_COLUMNS = Object.entries(getTableColumns(purchase))
  .map(([key, column]) => `placed.${column.name} AS "${key}"`)
  .join(', ');

const lit = (text: string) => `'${text}'`;

/**
 * A line's unit price in cents (issue 23): the one agreed beforehand (an accepted quote), else the
 * price break for its quantity, else the base price; all read from the product row as locked in
 * `locked`, so the price and its breaks are always one admin edit's (never a mix, never neither).
 */
const UNIT_PRICE_SQL = `SELECT COALESCE(lines.unit_price,
    (SELECT (pb.value->>'priceCents')::int FROM jsonb_array_elements(locked.price_breaks) AS pb
      WHERE (pb.value->>'minQuantity')::int <= lines.quantity
      ORDER BY (pb.value->>'minQuantity')::int DESC LIMIT 1),
    locked.price_cents) AS unit_cents`;
const fromBasket = `${param('productIds')} IS NULL`;

/**
 * A checkout as ONE statement (docs/decisions/015 and 022): one round trip, atomic without
 * BEGIN/COMMIT, the same text every time (unnamed: nothing kept per connection, so it works through
 * PgBouncer in transaction pooling mode). POST /api/checkout places the caller's basket with it,
 * POST /api/purchase a checkout of one line. In order:
 *
 * 1. `account`, `limits` (purchase-limits.ts): the account's row locked, the limits decided on it;
 * 2. `lines`: the one line given, or the basket's lines, locked after the account's row and so
 *    read as the account's last checkout left them (a second click of Place order finds the
 *    basket empty, not the same lines again);
 * 3. `locked`: when the limits pass, every line's product row locked IN PRODUCT-ID ORDER (so
 *    concurrent checkouts sharing products queue, never deadlock) and read as last committed. The
 *    lock is the one the stock update takes (NO KEY UPDATE): a stronger one would also wait for,
 *    and deadlock with, the key-share locks that inserts referencing products (a basket line, an
 *    order) take in their own order;
 * 4. `judged`: each line's problem on those locked rows, the first of LINE_PROBLEMS that applies
 *    (the only place the order rules are written: a product a safety recall withdrew is refused
 *    whatever its stock, issue 39), the total of all lines counting for each;
 * 5. only when every line passes: `taken` (the stock of the rows locked in 3, by the stock's one
 *    entry point, stockChangeText: `change_stock`, drizzle/0014 and 0027: an UPDATE in this
 *    statement would reach each row again through the statement's older snapshot and can deadlock
 *    with an order queued for it; docs/decisions/023) with the consequences of taking stock
 *    (`taken_stock_low`: stock.low for a product this checkout takes to the threshold; ADR 043),
 *    `placed_checkout`, `placed` (one order per line with the product's name as locked and the
 *    unit price of its quantity (UNIT_PRICE_SQL: a quote's, a break's or the base price) and the customer as the session knows them, holding the stock `holdHours`),
 *    the lifecycle's effects of placing (timeline per order, one mail per checkout),
 *    and for a basket `emptied`, its lines as they were ordered;
 * 6. `account_counted`: the rate hit and the unpaid checkout, on the row locked in 1; then, last,
 *    `ip_rate_hit`: the per-address hit on the account's shard of the address;
 * 7. rows: the limits' verdicts, each line with its problem, its name (a deleted product's as its
 *    basket line kept it) and its order (or nulls), by position;
 *    one row of nulls when there are no lines or a limit refused.
 */
export const PLACE_CHECKOUT_SQL = `WITH ${orderLimitsCtes(param)}, basket AS (
    SELECT product_id, quantity, position::bigint, NULL::int AS unit_price, gone_product_name
    FROM basket_line
    WHERE ${fromBasket} AND user_id = ${param('userId')}
      AND (SELECT NOT account_missing FROM limits)
    FOR UPDATE
  ), lines AS (
    SELECT product_id, quantity, position, unit_price, gone_product_name FROM basket
    UNION ALL
    SELECT product_id, quantity, position, unit_price, NULL::text
    FROM unnest(${param('productIds')}, ${param('quantities')}, ${param('unitPrices')})
      WITH ORDINALITY AS given(product_id, quantity, unit_price, position)
  ), locked AS (
    SELECT product.id, product.name, product.price_cents, product.min_quantity,
      product.available_quantity, product.price_breaks, product.version, product.withdrawn
    FROM product
    WHERE product.id IN (SELECT product_id FROM lines)
      AND (SELECT NOT (account_missing OR rate_reached OR too_many_unpaid) FROM limits)
    ORDER BY product.id FOR NO KEY UPDATE
  ), judged AS (
    SELECT lines.position, lines.product_id, lines.quantity, locked.name,
      lines.gone_product_name, priced.unit_cents AS price_cents,
      CASE WHEN locked.id IS NULL THEN ${lit('gone')}
        WHEN locked.withdrawn THEN ${lit('withdrawn')}
        WHEN lines.quantity < locked.min_quantity THEN ${lit('below_minimum')}
        WHEN lines.quantity > locked.available_quantity THEN ${lit('above_stock')}
        WHEN priced.unit_cents::bigint * lines.quantity > ${MAX_TOTAL_CENTS}
          OR sum(priced.unit_cents::bigint * lines.quantity) OVER () > ${MAX_TOTAL_CENTS}
          THEN ${lit('total_too_large')}
      END AS problem
    FROM lines LEFT JOIN locked ON locked.id = lines.product_id
      LEFT JOIN LATERAL (${UNIT_PRICE_SQL}) AS priced ON true
    WHERE (SELECT NOT (account_missing OR rate_reached OR too_many_unpaid) FROM limits)
  ), verdict AS (
    SELECT count(*) > 0 AND bool_and(problem IS NULL) AS placeable FROM judged
  ), to_take AS (
    SELECT product_id, quantity, position FROM judged WHERE (SELECT placeable FROM verdict)
  ), ${stockChangeText(
    'taken',
    'ARRAY(SELECT product_id FROM to_take ORDER BY position)',
    'ARRAY(SELECT -quantity FROM to_take ORDER BY position)',
    'take',
  )}, placed_checkout AS (
    INSERT INTO checkout (user_id, po_reference, unpaid_orders)
    SELECT ${param('userId')}, ${param('poReference')}, (SELECT count(*) FROM taken)
    WHERE (SELECT placeable FROM verdict)
    RETURNING id, number, po_reference
  ), placed AS (
    INSERT INTO purchase (checkout_id, user_id, product_id, product_name, unit_price_cents,
      quantity, total_cents, customer_name, customer_email, address, phone, hold_expires_at)
    SELECT placed_checkout.id, ${param('userId')}, judged.product_id, judged.name,
      judged.price_cents, judged.quantity, judged.price_cents * judged.quantity,
      ${param('customerName')}, ${param('customerEmail')}, ${param('address')}, ${param('phone')},
      now() + ${param('holdHours')} * interval '1 hour'
    FROM judged JOIN taken ON taken.id = judged.product_id CROSS JOIN placed_checkout
    RETURNING *
  )${effectsSql('placed', 'customer', 'placed')}, emptied AS (
    DELETE FROM basket_line USING judged
    WHERE ${fromBasket} AND basket_line.user_id = ${param('userId')}
      AND basket_line.product_id = judged.product_id AND basket_line.quantity = judged.quantity
      AND EXISTS (SELECT FROM placed)
    RETURNING 1
  ), ${rememberedKeyCte(param)}, ${accountCountedCte(param)},
  ${ipRateHitCte(param, ['placed_checkout', 'placed', ...effectCtes('placed'), ...stockConsequenceNames('taken', 'take'), 'emptied', 'account_counted'])}
  SELECT limits.account_missing, limits.rate_reached, limits.too_many_unpaid,
    judged.product_id AS line_product_id, judged.problem AS line_problem,
    COALESCE(judged.name, judged.gone_product_name) AS line_name,
    placed_checkout.number AS checkout_number, placed_checkout.po_reference AS checkout_po_reference,
    ${PLACED_COLUMNS}
  FROM limits
  LEFT JOIN judged ON true
  LEFT JOIN placed ON placed.product_id = judged.product_id
  LEFT JOIN placed_checkout ON true
  ORDER BY judged.position`;

export interface PlaceCheckoutInput {
  /** Null: the caller's stored basket. Else the lines to place (a null id: answered as gone). */
  lines: { productId: string | null; quantity: number; unitPriceCents?: number }[] | null;
  caller: Pick<AuthUser, 'id' | 'name' | 'email'>;
  address: string;
  phone: string;
  poReference: string | null;
  clientIp: string;
  holdHours: number;
  limits: PurchaseLimits;
  /** The request's Idempotency-Key and body hash, kept with the checkout placed; or null. */
  idempotency?: { key: string; hash: string } | null;
}

/** The statement's parameter values, in order. */
export function placeCheckoutValues(input: PlaceCheckoutInput): unknown[] {
  const ipRateKeys = orderRateIpKeys(input.clientIp, input.caller.id);
  const values: Record<ParamName, unknown> = {
    productIds: input.lines?.map((line) => line.productId) ?? null,
    quantities: input.lines?.map((line) => line.quantity) ?? null,
    unitPrices: input.lines?.map((line) => line.unitPriceCents ?? null) ?? null,
    userId: input.caller.id,
    customerName: input.caller.name,
    customerEmail: input.caller.email,
    address: input.address,
    phone: input.phone,
    poReference: input.poReference,
    ipRateKeys: ipRateKeys.all,
    ipRateKey: ipRateKeys.mine,
    holdHours: input.holdHours,
    rateMax: input.limits.orderRateLimitPerHour,
    rateWindowMs: ORDER_RATE_WINDOW_MS,
    maxUnpaid: input.limits.maxUnpaidOrders,
    idempotencyKey: input.idempotency?.key ?? null,
    idempotencyHash: input.idempotency?.hash ?? null,
  };
  return NAMES.map((name) => values[name]);
}

export type PlacedRow = typeof purchase.$inferSelect;

/** One row of the statement's answer: the verdicts, one line and its order (or nulls). */
export type PlaceCheckoutRow = {
  account_missing: boolean;
  rate_reached: boolean;
  too_many_unpaid: boolean;
  line_product_id: string | null;
  line_problem: LineProblem | null;
  /** The line's product name; a deleted product's as its basket line kept it (else null). */
  line_name: string | null;
  checkout_number: string | null;
  checkout_po_reference: string | null;
} & ({ [K in keyof PlacedRow]: PlacedRow[K] } | { [K in keyof PlacedRow]: null });

export const ORDER_BUSY_MESSAGE =
  'The shop is very busy right now and your order was not placed. Please try again.';
