import { getTableColumns } from 'drizzle-orm';
import type { Pool } from 'pg';
import { purchase } from '../../db/schema.ts';
import type { AuthUser } from '../auth/caller.ts';
import { effectCtes, effectsSql } from './purchase-lifecycle.ts';
import {
  isOrderRateRefusal,
  ORDER_RATE_WINDOW_MS,
  orderRateHitsCte,
  orderRateKeys,
  orderRateVerdictSql,
  orderLimitsCte,
  type PurchaseLimits,
} from './purchase-limits.ts';

/** purchase.total_cents is an integer column: an order may not total more than this. */
export const MAX_TOTAL_CENTS = 2_147_483_647;

/** The statement's parameters, in order, with the SQL type each is sent as. */
const PARAMS = {
  productId: 'uuid',
  quantity: 'int',
  userId: 'text',
  customerName: 'text',
  customerEmail: 'text',
  address: 'text',
  phone: 'text',
  holdHours: 'double precision',
  rateKeys: 'text[]',
  rateMax: 'int',
  rateWindowMs: 'bigint',
  maxUnpaid: 'int',
} as const;
type ParamName = keyof typeof PARAMS;
const NAMES = Object.keys(PARAMS) as ParamName[];

const param = (name: string): string => {
  const index = NAMES.indexOf(name as ParamName);
  if (index < 0) throw new Error(`unknown order statement parameter ${name}`);
  return `$${index + 1}::${PARAMS[name as ParamName]}`;
};

/** purchase's columns under drizzle's names, so a returned row is what `db.select()` gives. */
const PLACED_COLUMNS = Object.entries(getTableColumns(purchase))
  .map(([key, column]) => `placed.${column.name} AS "${key}"`)
  .join(', ');

/**
 * POST /api/purchase as ONE statement (docs/decisions/ "order as one statement"): one round trip,
 * atomic without BEGIN/COMMIT, and the same text every time (unnamed: nothing is kept per
 * connection, so it works through PgBouncer in transaction pooling mode). In order:
 *
 * 1. `limits` (purchase-limits.ts): whether the account holds too many unpaid orders, and whether
 *    the order rate limit is already reached (a read, no lock);
 * 2. `taken`: the stock, by one conditional UPDATE that takes nothing when a limit refused, the
 *    product is unknown, the quantity is below its minimum or above its stock, or the total would
 *    not fit. Its row lock re-checks the stock against concurrent orders (READ COMMITTED re-reads
 *    the locked row), so stock is never oversold;
 * 3. `placed`: the order, with the product's name and unit price as `taken` returned them and the
 *    customer as the session knows them, holding the stock `holdHours` while unpaid;
 * 4. the lifecycle's effects of placing it (purchase-lifecycle.ts `effectsSql`: timeline, mail);
 * 5. `order_rate_hits`: the order rate's hits on the IP and account keys, counted after all the
 *    writes (purchase-limits.ts says why); over the limit, the result's `rate_verdict` fails the
 *    whole statement, so nothing of the order stays;
 * 6. one row: the limits' verdicts, the product as it was when the statement started (to tell the
 *    customer why nothing was taken) and the order placed, if any.
 */
export const PLACE_ORDER_SQL = `WITH ${orderLimitsCte(param)}, taken AS (
    UPDATE product SET available_quantity = available_quantity - ${param('quantity')},
      updated_at = now()
    FROM limits
    WHERE product.id = ${param('productId')}
      AND NOT limits.rate_reached AND NOT limits.too_many_unpaid
      AND product.available_quantity >= ${param('quantity')}
      AND product.min_quantity <= ${param('quantity')}
      AND product.price_cents::bigint * ${param('quantity')} <= ${MAX_TOTAL_CENTS}
    RETURNING product.id, product.name, product.price_cents
  ), placed AS (
    INSERT INTO purchase (user_id, product_id, product_name, unit_price_cents, quantity,
      total_cents, customer_name, customer_email, address, phone, hold_expires_at)
    SELECT ${param('userId')}, id, name, price_cents, ${param('quantity')},
      price_cents * ${param('quantity')}, ${param('customerName')}, ${param('customerEmail')},
      ${param('address')}, ${param('phone')},
      now() + ${param('holdHours')} * interval '1 hour'
    FROM taken
    RETURNING *
  )${effectsSql('placed', 'customer', 'placed')},
  ${orderRateHitsCte(param, ['placed', ...effectCtes('placed')])}
  SELECT ${orderRateVerdictSql(param)} AS rate_verdict, limits.rate_reached,
    limits.too_many_unpaid, found.min_quantity, found.available_quantity, found.price_cents,
    ${PLACED_COLUMNS}
  FROM limits
  LEFT JOIN product AS found ON found.id = ${param('productId')}
  LEFT JOIN placed ON true`;

export interface PlaceOrderInput {
  /** Null for an id that cannot be one (answered like an unknown product). */
  productId: string | null;
  quantity: number;
  caller: Pick<AuthUser, 'id' | 'name' | 'email'>;
  address: string;
  phone: string;
  clientIp: string;
  holdHours: number;
  limits: PurchaseLimits;
}

/** The statement's parameter values, in order. */
export function placeOrderValues(input: PlaceOrderInput): unknown[] {
  const values: Record<ParamName, unknown> = {
    productId: input.productId,
    quantity: input.quantity,
    userId: input.caller.id,
    customerName: input.caller.name,
    customerEmail: input.caller.email,
    address: input.address,
    phone: input.phone,
    holdHours: input.holdHours,
    rateKeys: orderRateKeys(input.caller, input.clientIp),
    rateMax: input.limits.orderRateLimitPerHour,
    rateWindowMs: ORDER_RATE_WINDOW_MS,
    maxUnpaid: input.limits.maxUnpaidOrders,
  };
  return NAMES.map((name) => values[name]);
}

export type PlacedRow = typeof purchase.$inferSelect;

/** What the statement answers: the verdict, the product as it was, and the order (or nulls). */
export type PlaceOrderResult = {
  rate_reached: boolean;
  too_many_unpaid: boolean;
  min_quantity: number | null;
  available_quantity: number | null;
  price_cents: number | null;
} & ({ [K in keyof PlacedRow]: PlacedRow[K] } | { [K in keyof PlacedRow]: null });

/**
 * Sends the order statement (one round trip) and returns its one row, or `rate limited` when the
 * statement was aborted because the order rate limit refused it (nothing of it stayed).
 */
export async function runPlaceOrder(
  pool: Pick<Pool, 'query'>,
  input: PlaceOrderInput,
): Promise<PlaceOrderResult | 'rate limited'> {
  let row: PlaceOrderResult | undefined;
  try {
    const { rows } = await pool.query<PlaceOrderResult>(PLACE_ORDER_SQL, placeOrderValues(input));
    row = rows[0];
  } catch (error) {
    if (isOrderRateRefusal(error)) return 'rate limited';
    throw error;
  }
  if (!row) throw new Error('the order statement returned no row');
  return row;
}
