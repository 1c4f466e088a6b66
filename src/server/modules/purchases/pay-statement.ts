import { getTableColumns } from 'drizzle-orm';
import { purchase } from '../../db/schema.ts';
import { fromGuardText } from '../lifecycle/index.ts';
import { effectsSql, TRANSITIONS } from './purchase-lifecycle.ts';

/*
 * The pay transition of a checkout as parts of ONE statement (issue 38), for the payment calls
 * that confirm and record a payment at once (modules/payments/payment-statements.ts). The same
 * rules as markCheckoutPaid, in the same lock order (the account's row, then the checkout's live
 * orders in id order, then the checkout row): the account's row is locked first (an InitPlan of
 * the orders' scan) and the orders are read FOR UPDATE, so a transition of the account that
 * committed while this statement waited is seen (READ COMMITTED rechecks a locked row) and one that
 * starts later waits for this one. The checkout row is changed once, in the effects' UPDATE of its
 * unpaid count (effectsSql's `checkoutSet`).
 */

const PAY_GUARD = `${fromGuardText(TRANSITIONS.pay, 'purchase.status')} AND purchase.paid = false`;

/**
 * CTE parts (each after a comma) that lock what paying the checkout of the one row of CTE
 * `intent` (columns `checkout_id`, `user_id`, `amount_cents`) needs and judge it: `pay_ok.ok` is
 * true when the checkout has live (pending, unpaid) orders whose amounts (lines, tax, shipping) total exactly the intent's
 * amount.
 */
export function payGuardCtes(intent: string): string {
  return `, pay_account AS (
    SELECT user_id FROM account_orders WHERE user_id = (SELECT user_id FROM ${intent}) FOR UPDATE
  ), pay_live AS (
    SELECT purchase.id, purchase.amount_cents FROM purchase
    WHERE purchase.checkout_id = (SELECT checkout_id FROM ${intent}) AND ${PAY_GUARD}
      AND EXISTS (SELECT 1 FROM pay_account)
    ORDER BY purchase.id FOR UPDATE
  ), pay_ok AS (
    SELECT count(*) > 0 AND sum(pay_live.amount_cents) = (SELECT amount_cents FROM ${intent}) AS ok
    FROM pay_live
  )`;
}

/**
 * CTE parts that pay, when CTE `confirmed` returns its one row (`id`: the transaction id,
 * `checkout_id`): every live order of `pay_live` becomes paid with it and stops expiring, the
 * checkout takes the transaction id and the next receipt number, and the lifecycle's effects of
 * `paid` (timeline, mails, unpaid counts, webhooks) are queued. `pay_orders` RETURNs the orders
 * paid. Use after `payGuardCtes`.
 */
export function payCtes(confirmed: string): string {
  return `, pay_receipt AS (
    INSERT INTO receipt_counter (id, last) SELECT 1, 1 FROM ${confirmed}
    ON CONFLICT (id) DO UPDATE SET last = receipt_counter.last + 1
    RETURNING last
  ), pay_orders AS (
    UPDATE purchase SET paid = true, paid_at = now(), transaction_id = ${confirmed}.id,
      hold_expires_at = NULL, updated_at = now(),
      test_mode = EXISTS (SELECT 1 FROM payment_intent
        WHERE payment_intent.id = ${confirmed}.id AND payment_intent.provider = 'test')
    FROM ${confirmed} WHERE purchase.id IN (SELECT id FROM pay_live)
    RETURNING purchase.id, purchase.checkout_id
  )${effectsSql('paid', 'customer', 'pay_orders', {
    checkoutSet: `receipt_number = (SELECT last FROM pay_receipt),
        transaction_id = (SELECT id FROM ${confirmed})`,
  })}`;
}

/**
 * An order's columns (the purchase row under drizzle's names, with its checkout's), as SQL text:
 * a row selected with them is an OrderRow for `toPurchase`.
 */
export const ORDER_COLUMNS_TEXT = [
  ...Object.entries(getTableColumns(purchase)).map(
    ([key, column]) => `purchase.${column.name} AS "${key}"`,
  ),
  'checkout.number AS "checkoutNumber"',
  'checkout.po_reference AS "poReference"',
  'checkout.receipt_number AS "checkoutReceiptNumber"',
  'checkout.promotions AS "checkoutPromotions"',
].join(', ');

/** The SQL type of each of ORDER_COLUMNS_TEXT's columns, in order (for a function answering them). */
export const ORDER_COLUMN_TYPES: readonly (readonly [name: string, type: string])[] = [
  ...Object.entries(getTableColumns(purchase)).map(
    ([key, column]) => [key, column.getSQLType()] as const,
  ),
  ['checkoutNumber', 'bigint'],
  ['poReference', 'text'],
  ['checkoutReceiptNumber', 'integer'],
  ['checkoutPromotions', 'jsonb'],
];
