import { getTableColumns } from 'drizzle-orm';
import { purchase } from '../../db/schema.ts';
import type { PlacedPromotion } from '../../../shared/promotions.ts';
import type { AuthUser } from '../auth/index.ts';
import { rememberedKeyCte } from '../idempotency/index.ts';
import { invoiceIssuedEffectCtes, invoiceIssuedEffectsSql } from '../invoices/index.ts';
import { enqueueText } from '../outbox/index.ts';
import type { PaymentMethod } from '../../../shared/payment-method.ts';
import { orderMailJob } from './order-jobs.ts';
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
  'wrong_product',
  'part_gone',
  'withdrawn',
  'below_minimum',
  'above_stock',
  'total_too_large',
  'price_changed',
] as const;
export type LineProblem = (typeof LINE_PROBLEMS)[number];

/** The statement's parameters, in order, with the SQL type each is sent as. */
export const PARAMS = {
  /** Null: the caller's stored basket; else these lines (a null id: no product can have it). */
  productIds: 'uuid[]',
  /** Per given line: the SKU asked for (issue 34), else null (the product's default variant). */
  skus: 'text[]',
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
  /**
   * Issue 35: what the pricing step showed, per line (`QuotedLineRow`: the variant, quantity and
   * unit price it priced, and the tax and shipping shares to record) and for the checkout
   * (`QuotedCheckout`), and the pricing tables' version it used.
   */
  quoted: 'jsonb',
  pricing: 'jsonb',
  pricingVersion: 'bigint',
  /** Issue 37: 'card' or 'account' (the buyer's company account; ADR 059). */
  paymentMethod: 'text',
} as const;
type ParamName = keyof typeof PARAMS;
const NAMES = Object.keys(PARAMS) as ParamName[];

const param = (name: string): string => {
  const index = NAMES.indexOf(name as ParamName);
  if (index < 0) throw new Error(`unknown order statement parameter ${name}`);
  return `$${index + 1}::${PARAMS[name as ParamName]}`;
};
/** A parameter of the statement as written in it (`$5::text`). */
export const orderParam = (name: ParamName): string => param(name);

/** purchase's columns under drizzle's names, so a returned order is what `db.select()` gives. */
const PLACED_COLUMNS = Object.entries(getTableColumns(purchase))
  .map(([key, column]) => `placed.${column.name} AS "${key}"`)
  .join(', ');

/**
 * The statement's answer, column by column with its SQL type, in order (the function that keeps
 * its plan declares them: order-statement-function.ts).
 */
export const ANSWER_COLUMNS: readonly (readonly [name: string, type: string])[] = [
  ['account_missing', 'boolean'],
  ['rate_reached', 'boolean'],
  ['too_many_unpaid', 'boolean'],
  ['line_product_id', 'uuid'],
  ['line_sku', 'text'],
  ['line_problem', 'text'],
  ['line_name', 'text'],
  ['checkout_number', 'bigint'],
  ['checkout_po_reference', 'text'],
  ['checkout_promotions', 'jsonb'],
  ['promotion_problem', 'text'],
  ['credit_problem', 'text'],
  ['credit_available_cents', 'bigint'],
  ['checkout_payment_method', 'text'],
  ['checkout_approval', 'text'],
  ['checkout_invoice_id', 'uuid'],
  ['checkout_invoice_number', 'bigint'],
  ...Object.entries(getTableColumns(purchase)).map(
    ([key, column]) => [key, column.getSQLType()] as const,
  ),
];

const lit = (text: string) => `'${text}'`;

/** A line's price break for its quantity, else its base price, on the locked variant `lv`. */
const BREAK_CENTS_SQL = `SELECT COALESCE(
      (SELECT (pb.value->>'priceCents')::int FROM jsonb_array_elements(lv.price_breaks) AS pb
        WHERE (pb.value->>'minQuantity')::int <= lines.quantity
        ORDER BY (pb.value->>'minQuantity')::int DESC LIMIT 1),
      lv.price_cents) AS cents`;

/**
 * Issue 38: the statement's two shapes. `full` decides everything; `card` is the same statement
 * without what cannot apply to a card checkout of a buyer in no company with no promotion applied
 * (the company, its credit, contract prices, approval, the invoice, promotion uses): the function
 * that keeps the plans (order-statement-function.ts) runs it when the buyer is in no company as
 * it runs: PostgreSQL starts every node of a plan on every call, run or not, and this one has
 * about 180 nodes to the full one's 275 (ADR 060).
 */
export type StatementShape = 'full' | 'card';

/**
 * A line's unit price in cents (issue 23): the one agreed beforehand (an accepted quote), else the
 * price break for its quantity, else the base price; all read from the line's variant row as
 * locked in `locked` (alias `lv`), so the price and its breaks are always one admin edit's (never a
 * mix, never neither).
 */
const unitPriceSql = (shape: StatementShape) =>
  shape === 'card'
    ? `SELECT COALESCE(lines.unit_price, brk.cents) AS unit_cents
    FROM (${BREAK_CENTS_SQL}) AS brk`
    : `SELECT COALESCE(lines.unit_price, CASE
      WHEN fixed.price_cents IS NOT NULL THEN LEAST(fixed.price_cents, brk.cents)
      WHEN pct.percent_bp IS NOT NULL
        THEN brk.cents - ((brk.cents::bigint * pct.percent_bp + 5000) / 10000)::int
      ELSE brk.cents END) AS unit_cents
    FROM (${BREAK_CENTS_SQL}) AS brk
    LEFT JOIN price_list_price AS fixed
      ON fixed.price_list_id = (SELECT price_list_id FROM company) AND fixed.variant_id = lv.id
    LEFT JOIN price_list_discount AS pct
      ON pct.price_list_id = (SELECT price_list_id FROM company)
      AND pct.category_id = product.category_id`;

/** A line's stock rows as locked, each with what the whole checkout asks of it. */
const LINE_STOCK = `needs JOIN demand ON demand.stock_id = needs.stock_id
      LEFT JOIN locked AS part ON part.id = needs.stock_id
      WHERE needs.position = lines.position`;
const fromBasket = `${param('productIds')} IS NULL`;
/** Issue 37: the checkout is paid on the company's account; its total (what the buyer pays). */
const onAccount = `${param('paymentMethod')} = 'account'`;
const total = `(${param('pricing')}->>'totalCents')::bigint`;
/** An on-account checkout not awaiting approval is invoiced as it is placed (no hold). */
const invoicedNow = (shape: StatementShape) =>
  shape === 'card'
    ? 'false'
    : `(${onAccount} AND NOT coalesce((SELECT awaiting FROM decided), false))`;

/**
 * A checkout as ONE statement (docs/decisions/015 and 022): one round trip, atomic without
 * BEGIN/COMMIT, the same text every time (unnamed: nothing kept per connection, so it works through
 * PgBouncer in transaction pooling mode). POST /api/checkout places the caller's basket with it,
 * POST /api/purchase a checkout of one line. What is sold is a variant (issue 34, ADR 047): a line
 * is one variant; a kit's line draws on its parts' stock. In order:
 *
 * 1. `account`, `limits` (purchase-limits.ts): the account's row locked, the limits decided on it;
 *    issue 37 (ADR 059): `company`, the buyer's membership (limits, price list), and for a checkout
 *    on account `credit`, the company's row locked next (before any variant), read as last
 *    committed;
 * 2. `lines`: the one line given (its SKU's variant, or the product's default variant), or the
 *    basket's lines, locked after the account's row and so read as the account's last checkout
 *    left them (a second click of Place order finds the basket empty, not the same lines again);
 *    `needs`: the stock rows each line draws on (its own variant's, or each part of a kit times
 *    the kit's quantity), and `demand`: what the whole checkout asks of each stock row;
 * 3. `locked`: when the limits pass, every line's variant row and every stock row locked IN
 *    VARIANT-ID ORDER, one global order (so concurrent checkouts sharing variants or parts queue,
 *    never deadlock) and read as last committed. The lock is the one the stock update takes (NO KEY
 *    UPDATE): a stronger one would also wait for, and deadlock with, the key-share locks that
 *    inserts referencing variants (an order) take in their own order;
 * 4. `judged`: each line's problem on those locked rows, the first of LINE_PROBLEMS that applies
 *    (the only place the order rules are written: a SKU of another product, a kit of a deleted
 *    part; a variant or part a safety recall withdrew is refused whatever its stock, issue 39; a
 *    stock row short of the whole checkout's demand refuses every line drawing on it), the total
 *    of all lines with the quote's shipping and tax counting for each; last, `price_changed`
 *    (issue 35, ADR 050): the line's unit price on the locked row, its quantity or the basket's
 *    lines differ from the pricing step's quote (`quoted`), or the locked variants' total weight
 *    or the pricing tables' version moved (`repriced`): the buyer is asked to look again;
 * 5. `claimed` (issue 36, ADR 055): only when every line passes, one use of each promotion the
 *    quote applied is claimed by `claim_promotion_uses` (drizzle/0035), all or none: it locks, after
 *    the variants and in promotion id order, the rows whose limit must hold (a usage limit, a
 *    single-use code) and checks status, dates and limits on them as locked; its problem refuses
 *    the checkout (`promotion_problem`);
 *    `decided` (issue 37): on account, the credit on the locked company row (no company, no
 *    approved credit, or the total above what is left refuses the checkout: `credit_problem`),
 *    and whether it waits for approval (its total above the member's order limit, or above what
 *    the month allows: `member_month_spent`, read after the account's lock);
 * 6. only when every line passes and the uses were claimed: `taken` (the demand of the rows
 *    locked in 3, by the stock's one entry point, stockChangeText: `change_stock`, drizzle/0014, 0027 and 0028: an UPDATE in this
 *    statement would reach each row again through the statement's older snapshot and can deadlock
 *    with an order queued for it; docs/decisions/023) with the consequences of taking stock
 *    (`taken_stock_low`: stock.low for a variant this checkout takes to the threshold; ADR 043),
 *    `placed_checkout`, `placed` (one order per line with the product's name, the variant's SKU
 *    and label as locked, the stock it took, and the unit price of its quantity (UNIT_PRICE_SQL: a
 *    quote's, a break's or the base price) and the customer as the session knows them, holding
 *    the stock `holdHours`; with the quote's discount, tax and shipping shares, the checkout with
 *    its delivery address, method, shipping, tax, discount, promotions and total),
 *    `used_promotions` (a use row per promotion applied), the lifecycle's effects of placing
 *    (timeline per order, one mail per checkout), and for a basket `emptied`, its lines as they
 *    were ordered;
 *    issue 37: `credit_taken` (the balance raised by `change_company_balance`), `placed_invoice`
 *    (on account and not awaiting: the invoice, and its mail and webhook), the orders awaiting
 *    approval (`approval_timeline`, the approvers' mail `approval_mail`) or, invoiced, with no
 *    hold;
 * 7. `account_counted`: the rate hit and the unpaid checkout, on the row locked in 1; then, last,
 *    `ip_rate_hit`: the per-address hit on the account's shard of the address;
 * 8. rows: the limits' verdicts, each line with its problem, its name (a deleted product's as its
 *    basket line kept it) and its order (or nulls), by position;
 *    one row of nulls when there are no lines or a limit refused.
 */
export const placeCheckoutSql = (shape: StatementShape): string => {
  const full = shape === 'full';
  /** The text when the statement is full, else nothing. */
  const ifFull = (text: string) => (full ? text : '');
  return `WITH ${orderLimitsCtes(param)}${ifFull(`, company AS (
    SELECT m.organization_id, m.order_limit_cents, m.month_limit_cents, ca.price_list_id
    FROM member m LEFT JOIN company_account ca ON ca.organization_id = m.organization_id
    WHERE m.user_id = ${param('userId')}
  ), credit AS (
    SELECT ca.organization_id, ca.credit_status, ca.credit_limit_cents, ca.balance_cents,
      ca.terms_days
    FROM company_account ca
    WHERE ca.organization_id = (SELECT organization_id FROM company)
      AND ${onAccount} AND (SELECT NOT (account_missing OR rate_reached OR too_many_unpaid) FROM limits)
    FOR NO KEY UPDATE
  )`)}, basket AS (
    SELECT product_id, variant_id, quantity, position::bigint, NULL::int AS unit_price,
      gone_product_name
    FROM basket_line
    WHERE ${fromBasket} AND user_id = ${param('userId')}
      AND (SELECT NOT account_missing FROM limits)
    FOR UPDATE
  ), lines AS (
    SELECT product_id, variant_id, quantity, position, unit_price, gone_product_name FROM basket
    UNION ALL
    SELECT product_id,
      CASE WHEN sku IS NULL
        THEN (SELECT v.id FROM variant v WHERE v.product_id = given.product_id
          ORDER BY v.position, v.id LIMIT 1)
        ELSE (SELECT v.id FROM variant v WHERE lower(v.sku) = lower(given.sku)) END,
      quantity, position, unit_price, NULL::text
    FROM unnest(${param('productIds')}, ${param('skus')}, ${param('quantities')},
      ${param('unitPrices')}) WITH ORDINALITY AS given(product_id, sku, quantity, unit_price, position)
  ), needs AS (
    SELECT lines.position,
      CASE WHEN vp.kit_id IS NULL THEN lines.variant_id ELSE vp.part_id END AS stock_id,
      lines.quantity * coalesce(vp.quantity, 1) AS quantity, vp.kit_id IS NOT NULL AS is_part
    FROM lines LEFT JOIN variant_part vp ON vp.kit_id = lines.variant_id
    WHERE lines.variant_id IS NOT NULL
  ), demand AS (
    SELECT stock_id, sum(quantity)::bigint AS quantity FROM needs
    WHERE stock_id IS NOT NULL GROUP BY stock_id
  ), locked AS (
    SELECT variant.id, variant.product_id, variant.sku, variant.label, variant.price_cents,
      variant.min_quantity, variant.available_quantity, variant.price_breaks, variant.withdrawn,
      variant.weight_grams
    FROM variant
    WHERE variant.id IN (SELECT variant_id FROM lines UNION SELECT stock_id FROM demand)
      AND (SELECT NOT (account_missing OR rate_reached OR too_many_unpaid) FROM limits)
      ${ifFull('AND (SELECT count(*) FROM credit) >= 0')}
    ORDER BY variant.id FOR NO KEY UPDATE
  ), quoted AS (
    SELECT * FROM jsonb_to_recordset(${param('quoted')}) AS q(variant_id uuid, quantity int,
      unit_cents int, discount_cents int, tax_cents int, tax_rate_ppm int, shipping_cents int,
      shipping_tax_cents int)
  ), repriced AS (
    SELECT (SELECT version FROM pricing_settings) IS DISTINCT FROM ${param('pricingVersion')}
      OR EXISTS (SELECT FROM quoted
        WHERE NOT EXISTS (SELECT FROM lines WHERE lines.variant_id = quoted.variant_id))
      OR (SELECT coalesce(sum(lv.weight_grams::bigint * lines.quantity), 0)
        FROM lines JOIN locked AS lv ON lv.id = lines.variant_id)
        IS DISTINCT FROM (${param('pricing')}->>'weightGrams')::bigint AS changed
  ), judged AS (
    SELECT lines.position, lines.product_id, lines.variant_id, lines.quantity, product.name,
      lv.sku, lv.label, lines.gone_product_name, priced.unit_cents AS price_cents,
      q.discount_cents, q.tax_cents, q.tax_rate_ppm, q.shipping_cents, q.shipping_tax_cents,
      CASE WHEN lv.id IS NULL OR product.id IS NULL THEN ${lit('gone')}
        WHEN lv.product_id IS DISTINCT FROM lines.product_id THEN ${lit('wrong_product')}
        WHEN EXISTS (SELECT FROM needs LEFT JOIN locked AS part ON part.id = needs.stock_id
          WHERE needs.position = lines.position AND part.id IS NULL) THEN ${lit('part_gone')}
        WHEN lv.withdrawn OR EXISTS (SELECT FROM ${LINE_STOCK} AND part.withdrawn)
          THEN ${lit('withdrawn')}
        WHEN lines.quantity < lv.min_quantity THEN ${lit('below_minimum')}
        WHEN EXISTS (SELECT FROM ${LINE_STOCK} AND demand.quantity > part.available_quantity)
          THEN ${lit('above_stock')}
        WHEN priced.unit_cents::bigint * lines.quantity > ${MAX_TOTAL_CENTS}
          OR sum(priced.unit_cents::bigint * lines.quantity) OVER ()
            + (${param('pricing')}->>'shippingCents')::bigint
            + (${param('pricing')}->>'taxCents')::bigint > ${MAX_TOTAL_CENTS}
          THEN ${lit('total_too_large')}
        WHEN (SELECT changed FROM repriced) OR q.variant_id IS NULL
          OR q.quantity <> lines.quantity OR q.unit_cents <> priced.unit_cents
          THEN ${lit('price_changed')}
      END AS problem,
      (SELECT jsonb_agg(jsonb_build_object('variantId', needs.stock_id, 'quantity', needs.quantity))
        FROM needs WHERE needs.position = lines.position) AS stock_taken
    FROM lines LEFT JOIN locked AS lv ON lv.id = lines.variant_id
      LEFT JOIN product ON product.id = lv.product_id
      LEFT JOIN LATERAL (${unitPriceSql(shape)}) AS priced ON true
      LEFT JOIN LATERAL (SELECT * FROM quoted WHERE quoted.variant_id = lines.variant_id LIMIT 1)
        AS q ON true
    WHERE (SELECT NOT (account_missing OR rate_reached OR too_many_unpaid) FROM limits)
  )${ifFull(`, claimed AS (
    SELECT claim_promotion_uses(${param('userId')}, ${param('pricing')}->'uses') AS problem
    WHERE (SELECT count(*) > 0 AND bool_and(problem IS NULL) FROM judged)
  ), decided AS (
    SELECT CASE WHEN NOT ${onAccount} THEN NULL
        WHEN NOT EXISTS (SELECT FROM company) THEN ${lit('no_company')}
        WHEN credit.credit_status IS DISTINCT FROM ${lit('approved')} THEN ${lit('no_credit')}
        WHEN credit.balance_cents + ${total} > credit.credit_limit_cents THEN ${lit('credit_limit')}
      END AS credit_problem,
      greatest(coalesce(credit.credit_limit_cents - credit.balance_cents, 0), 0)
        AS credit_available,
      EXISTS (SELECT FROM company WHERE ${total} > company.order_limit_cents
        OR member_month_spent(${param('userId')}, company.organization_id) + ${total}
          > company.month_limit_cents) AS awaiting
    FROM (SELECT 1) AS one LEFT JOIN credit ON true
    WHERE (SELECT count(*) > 0 AND bool_and(problem IS NULL) FROM judged)
  )`)}, verdict AS (
    SELECT count(*) > 0 AND bool_and(problem IS NULL)
      ${ifFull(`AND NOT EXISTS (SELECT FROM claimed WHERE claimed.problem IS NOT NULL)
      AND NOT EXISTS (SELECT FROM decided WHERE decided.credit_problem IS NOT NULL)`)} AS placeable
    FROM judged
  )${ifFull(`, credit_taken AS (
    SELECT change_company_balance(credit.organization_id, ${total}) AS balance_cents
    FROM credit WHERE (SELECT placeable FROM verdict)
  )`)}, to_take AS (
    SELECT stock_id, quantity FROM demand WHERE (SELECT placeable FROM verdict)
  ), ${stockChangeText(
    'taken',
    'ARRAY(SELECT stock_id FROM to_take ORDER BY stock_id)',
    'ARRAY(SELECT -quantity::int FROM to_take ORDER BY stock_id)',
    'take',
  )}, placed_checkout AS (
    INSERT INTO checkout (user_id, po_reference, unpaid_orders, delivery_address,
      shipping_method_id, shipping_method_name, shipping_delivery_text, shipping_cents,
      shipping_tax_cents, tax_cents, total_cents, weight_grams, prices_include_tax, tax_note,
      discount_cents, promotions, organization_id, payment_method, approval)
    SELECT ${param('userId')}, ${param('poReference')},
      CASE WHEN ${invoicedNow(shape)} THEN 0 ELSE (SELECT count(*) FROM judged) END,
      pricing.address, pricing."methodId", pricing."methodName", pricing."deliveryText",
      pricing."shippingCents", pricing."shippingTaxCents", pricing."taxCents",
      pricing."totalCents", pricing."weightGrams", pricing."pricesIncludeTax", pricing."taxNote",
      pricing."discountCents", pricing.promotions,
      ${full ? '(SELECT organization_id FROM company)' : 'NULL'}, ${param('paymentMethod')},
      ${full ? `CASE WHEN (SELECT awaiting FROM decided) THEN ${lit('awaiting')} ELSE ${lit('none')} END` : lit('none')}
    FROM jsonb_to_record(${param('pricing')}) AS pricing(address jsonb, "methodId" uuid,
      "methodName" text, "deliveryText" text, "shippingCents" int, "shippingTaxCents" int,
      "taxCents" int, "totalCents" int, "weightGrams" int, "pricesIncludeTax" boolean,
      "taxNote" text, "discountCents" int, promotions jsonb)
    WHERE (SELECT placeable FROM verdict)
    RETURNING id, number, po_reference, promotions, unpaid_orders, organization_id,
      payment_method, approval
  )${ifFull(`, placed_invoice AS (
    INSERT INTO invoice (organization_id, checkout_id, amount_cents, tax_cents, po_reference, due_at,
      status, paid_at)
    SELECT placed_checkout.organization_id, placed_checkout.id, ${total},
      (${param('pricing')}->>'taxCents')::int, placed_checkout.po_reference,
      now() + credit.terms_days * interval '1 day',
      -- Nothing to pay (a checkout a promotion made free): issued paid.
      CASE WHEN ${total} = 0 THEN ${lit('paid')} ELSE ${lit('open')} END,
      CASE WHEN ${total} = 0 THEN now() END
    FROM placed_checkout CROSS JOIN credit
    WHERE placed_checkout.payment_method = ${lit('account')}
      AND placed_checkout.approval = ${lit('none')}
    RETURNING id, number
  )`)}, placed AS (
    INSERT INTO purchase (checkout_id, user_id, product_id, product_name, variant_id, sku,
      variant_label, stock_taken, unit_price_cents, quantity, total_cents, discount_cents,
      tax_cents, tax_rate_ppm, shipping_cents, shipping_tax_cents, customer_name, customer_email,
      address, phone, hold_expires_at, status, organization_id, on_account, invoice_id)
    SELECT placed_checkout.id, ${param('userId')}, judged.product_id, judged.name,
      judged.variant_id, judged.sku, judged.label, judged.stock_taken,
      judged.price_cents, judged.quantity, judged.price_cents * judged.quantity,
      judged.discount_cents, judged.tax_cents, judged.tax_rate_ppm, judged.shipping_cents, judged.shipping_tax_cents,
      ${param('customerName')}, ${param('customerEmail')}, ${param('address')}, ${param('phone')},
      CASE WHEN ${invoicedNow(shape)} THEN NULL ELSE now() + ${param('holdHours')} * interval '1 hour' END,
      CASE WHEN placed_checkout.approval = ${lit('awaiting')} THEN ${lit('awaiting_approval')}
        ELSE ${lit('pending')} END,
      placed_checkout.organization_id, placed_checkout.payment_method = ${lit('account')},
      ${full ? '(SELECT id FROM placed_invoice)' : 'NULL'}
    FROM judged CROSS JOIN placed_checkout
    WHERE EXISTS (SELECT FROM taken)
    RETURNING *
  )${ifFull(`, used_promotions AS (
    INSERT INTO promotion_use (promotion_id, code_id, checkout_id, user_id, discount_cents,
      shipping_discount_cents)
    SELECT used.promotion_id, used.code_id, placed_checkout.id, ${param('userId')},
      used.discount_cents, used.shipping_discount_cents
    FROM jsonb_to_recordset(${param('pricing')}->'uses') AS used(promotion_id uuid, code_id uuid,
      discount_cents int, shipping_discount_cents int)
    CROSS JOIN placed_checkout
    WHERE EXISTS (SELECT FROM placed)
    RETURNING 1
  )`)}${effectsSql('placed', 'customer', 'placed')}${ifFull(`, approval_timeline AS (
    INSERT INTO order_event (purchase_id, event, actor)
    SELECT id, ${lit('approval_requested')}, ${lit('customer')} FROM placed
    WHERE status = ${lit('awaiting_approval')}
    RETURNING 1
  ), approval_mail AS (
    ${enqueueText(orderMailJob, {
      key: `id::text || ${lit(':approval_requested:approvers')}`,
      from: `placed_checkout WHERE approval = ${lit('awaiting')}`,
      payload: {
        template: lit('order.approval_requested'),
        checkoutId: 'id',
        audience: lit('approvers'),
      },
    })}
  )${invoiceIssuedEffectsSql('placed_invoice')}`)}, emptied AS (
    DELETE FROM basket_line USING judged
    WHERE ${fromBasket} AND basket_line.user_id = ${param('userId')}
      AND basket_line.variant_id = judged.variant_id AND basket_line.quantity = judged.quantity
      AND EXISTS (SELECT FROM placed)
    RETURNING 1
  ), ${rememberedKeyCte(param)}, ${accountCountedCte(param)},
  ${ipRateHitCte(param, [
    'placed_checkout',
    ...(full ? ['placed_invoice'] : []),
    'placed',
    ...(full ? ['used_promotions'] : []),
    ...effectCtes('placed'),
    ...(full ? ['approval_timeline', 'approval_mail', ...invoiceIssuedEffectCtes()] : []),
    ...stockConsequenceNames('taken', 'take'),
    'emptied',
    'account_counted',
  ])}
  SELECT limits.account_missing, limits.rate_reached, limits.too_many_unpaid,
    judged.product_id AS line_product_id, judged.sku AS line_sku,
    judged.problem AS line_problem,
    COALESCE(judged.name || CASE WHEN judged.label = '' THEN '' ELSE ' (' || judged.label || ')' END,
      judged.gone_product_name) AS line_name,
    placed_checkout.number AS checkout_number, placed_checkout.po_reference AS checkout_po_reference,
    placed_checkout.promotions AS checkout_promotions,
    ${full ? 'claimed.problem' : 'NULL::text'} AS promotion_problem,
    ${full ? 'decided.credit_problem' : 'NULL::text AS credit_problem'},
    ${full ? 'decided.credit_available' : 'NULL::bigint'} AS credit_available_cents,
    placed_checkout.payment_method AS checkout_payment_method,
    placed_checkout.approval AS checkout_approval,
    ${full ? 'placed_invoice.id' : 'NULL::uuid'} AS checkout_invoice_id,
    ${full ? 'placed_invoice.number' : 'NULL::bigint'} AS checkout_invoice_number,
    ${PLACED_COLUMNS}
  FROM limits
  ${ifFull(`LEFT JOIN claimed ON true
  LEFT JOIN decided ON true
  LEFT JOIN credit_taken ON true
  LEFT JOIN placed_invoice ON true`)}
  LEFT JOIN judged ON true
  LEFT JOIN placed ON placed.variant_id = judged.variant_id
  LEFT JOIN placed_checkout ON true
  ORDER BY judged.position`;
};

/** The full statement (every way of buying; the bench sends it straight on pg for reference). */
export const PLACE_CHECKOUT_SQL = placeCheckoutSql('full');

/**
 * What the pricing step showed (issue 35; modules/pricing `Pricing` is one): the statement places
 * exactly this, or refuses every line with `price_changed`.
 */
export interface QuotedOrder {
  /** The pricing tables' version it was made with. */
  version: number;
  lines: {
    variantId: string;
    quantity: number;
    unitCents: number;
    discountCents: number;
    taxCents: number;
    taxRatePpm: number;
    shippingCents: number;
    shippingTaxCents: number;
  }[];
  address: object;
  method: { id: string; name: string; deliveryText: string };
  shippingCents: number;
  shippingTaxCents: number;
  taxCents: number;
  totalCents: number;
  weightGrams: number;
  pricesIncludeTax: boolean;
  taxNote: string | null;
  discountCents: number;
  /** Issue 37: card, or the buyer's company account (credit decided by the statement). */
  paymentMethod?: PaymentMethod;
  /** The promotions applied (docs/decisions/055): a use of each is claimed with the order. */
  promotions: {
    promotionId: string;
    codeId: string | null;
    name: string;
    code: string | null;
    kind: PlacedPromotion['kind'];
    discountCents: number;
    shippingDiscountCents: number;
  }[];
}

export interface PlaceCheckoutInput {
  /**
   * Null: the caller's stored basket. Else the lines to place (a null id: answered as gone), each
   * the variant of its SKU (which must be the product's) or, without one, the product's default.
   */
  lines:
    | { productId: string | null; sku?: string | null; quantity: number; unitPriceCents?: number }[]
    | null;
  caller: Pick<AuthUser, 'id' | 'name' | 'email'>;
  address: string;
  phone: string;
  poReference: string | null;
  clientIp: string;
  holdHours: number;
  limits: PurchaseLimits;
  /** The request's Idempotency-Key and body hash, kept with the checkout placed; or null. */
  idempotency?: { key: string; hash: string } | null;
  quoted: QuotedOrder;
}

/** The statement's parameter values, in order. */
export function placeCheckoutValues(input: PlaceCheckoutInput): unknown[] {
  const ipRateKeys = orderRateIpKeys(input.clientIp, input.caller.id);
  const values: Record<ParamName, unknown> = {
    productIds: input.lines?.map((line) => line.productId) ?? null,
    skus: input.lines?.map((line) => line.sku ?? null) ?? null,
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
    quoted: JSON.stringify(
      input.quoted.lines.map((line) => ({
        variant_id: line.variantId,
        quantity: line.quantity,
        unit_cents: line.unitCents,
        discount_cents: line.discountCents,
        tax_cents: line.taxCents,
        tax_rate_ppm: line.taxRatePpm,
        shipping_cents: line.shippingCents,
        shipping_tax_cents: line.shippingTaxCents,
      })),
    ),
    pricing: JSON.stringify({
      address: input.quoted.address,
      methodId: input.quoted.method.id,
      methodName: input.quoted.method.name,
      deliveryText: input.quoted.method.deliveryText,
      shippingCents: input.quoted.shippingCents,
      shippingTaxCents: input.quoted.shippingTaxCents,
      taxCents: input.quoted.taxCents,
      totalCents: input.quoted.totalCents,
      weightGrams: input.quoted.weightGrams,
      pricesIncludeTax: input.quoted.pricesIncludeTax,
      taxNote: input.quoted.taxNote,
      discountCents: input.quoted.discountCents,
      promotions: input.quoted.promotions.map((promotion): PlacedPromotion => ({
        promotionId: promotion.promotionId,
        name: promotion.name,
        code: promotion.code,
        kind: promotion.kind,
        discountCents: promotion.discountCents,
        shippingDiscountCents: promotion.shippingDiscountCents,
      })),
      uses: input.quoted.promotions.map((promotion) => ({
        promotion_id: promotion.promotionId,
        code_id: promotion.codeId,
        discount_cents: promotion.discountCents,
        shipping_discount_cents: promotion.shippingDiscountCents,
      })),
    }),
    pricingVersion: input.quoted.version,
    paymentMethod: input.quoted.paymentMethod ?? 'card',
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
  /** The line's variant's SKU (null when it is gone). */
  line_sku: string | null;
  line_problem: LineProblem | null;
  /** The line's product name; a deleted product's as its basket line kept it (else null). */
  line_name: string | null;
  checkout_number: string | null;
  checkout_po_reference: string | null;
  /** The promotions the checkout was placed with (null when nothing was placed). */
  checkout_promotions: PlacedPromotion[] | null;
  /**
   * Why a promotion's use could not be claimed (claim_promotion_uses, drizzle/0035:
   * "<problem>:<promotion id>"), or null.
   */
  promotion_problem: string | null;
  /**
   * Issue 37 (ADR 059): why a checkout on account was refused (`no_company`, `no_credit`,
   * `credit_limit`) with the credit the company had left (cents), or null.
   */
  credit_problem: 'no_company' | 'no_credit' | 'credit_limit' | null;
  credit_available_cents: string | null;
  /** The checkout placed: how it is paid, its approval, its invoice (null when none). */
  checkout_payment_method: 'card' | 'account' | null;
  checkout_approval: 'none' | 'awaiting' | null;
  checkout_invoice_id: string | null;
  checkout_invoice_number: string | null;
} & ({ [K in keyof PlacedRow]: PlacedRow[K] } | { [K in keyof PlacedRow]: null });

export const ORDER_BUSY_MESSAGE =
  'The shop is very busy right now and your order was not placed. Please try again.';
