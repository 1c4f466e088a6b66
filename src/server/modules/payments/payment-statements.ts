import type { PaymentIntentResponse, TestConfirmBody } from '../../../shared/payment.ts';
import type { Purchase } from '../../../shared/purchase.ts';
import type { Db } from '../../db/client.ts';
import { keptPlan } from '../../db/kept-plan.ts';
import type { AuthUser } from '../auth/index.ts';
import {
  type IdempotencyClaim,
  liveKeyExistsText,
  storedPaymentKeyText,
} from '../idempotency/index.ts';
import {
  isId,
  ORDER_COLUMN_TYPES,
  ORDER_COLUMNS_TEXT,
  type OrderRow,
  payCtes,
  payGuardCtes,
  toPurchase,
} from '../purchases/index.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { brandOf, checkTestCard, type TestConfirmResult } from './test-processor.ts';

/*
 * The three payment calls of a paid order, each ONE statement on its usual way (issue 38), as
 * placing an order is: no session or order read twice, nothing that can wait (the mails and
 * webhooks are outbox rows of the same statement; the receipt PDF is rendered when downloaded).
 * Each statement does all of its call or nothing, and answers null when the call is not on its
 * usual way (a key seen before, nothing to pay, a withdrawn product, a hold that ran out, a
 * refused card, a race lost, a payment not recorded yet): the route then runs the call's general
 * path (payments.service.ts, test-processor.ts), which answers every such case as it always has.
 * Each is a function that keeps its plan (src/server/db/kept-plan.ts, ADR 049): sent as text,
 * unnamed (PgBouncer in transaction mode; ADR 008), each was planned on every call.
 */

const CURRENCY = 'usd';
const UNIQUE_VIOLATION = '23505';

/**
 * POST /api/create-payment-intent: the caller's checkout (named by itself or by one of its
 * orders) with live orders, none withdrawn nor past its hold, under the account's lock (its orders
 * locked, so the total is the current one); its intent for that total, or a new one when the
 * provider makes intents without a call (the test processor: `$6`, `$7`; null for Stripe, whose
 * new intents take the general path); the Idempotency-Key stored with it, when new.
 */
const CREATE_INTENT_SQL = `WITH target AS (
    SELECT checkout.id AS checkout_id, checkout.user_id FROM checkout
    WHERE checkout.user_id = $1::text AND checkout.id = coalesce($2::uuid,
      (SELECT checkout_id FROM purchase WHERE purchase.id = $3::uuid AND purchase.user_id = $1::text))
  ), account AS (
    SELECT user_id FROM account_orders WHERE user_id = (SELECT user_id FROM target) FOR UPDATE
  ), payable AS (
    SELECT purchase.id, purchase.amount_cents, purchase.hold_expires_at,
      coalesce(variant_offer.withdrawn, false) AS withdrawn
    FROM purchase LEFT JOIN variant_offer ON variant_offer.id = purchase.variant_id
    WHERE purchase.checkout_id = (SELECT checkout_id FROM target)
      AND purchase.status = 'pending' AND purchase.paid = false
      AND EXISTS (SELECT 1 FROM account)
    ORDER BY purchase.id FOR UPDATE OF purchase
  ), due AS (
    SELECT (SELECT checkout_id FROM target) AS checkout_id, sum(amount_cents)::int AS cents
    FROM payable
    HAVING count(*) > 0 AND bool_and(NOT withdrawn)
      AND bool_and(hold_expires_at IS NULL OR hold_expires_at > now())
      AND NOT ($4::text IS NOT NULL AND ${liveKeyExistsText('$1::text', '$4::text')})
  ), existing AS (
    SELECT payment_intent.id, payment_intent.client_secret, payment_intent.amount_cents
    FROM payment_intent JOIN due ON due.checkout_id = payment_intent.checkout_id
      AND due.cents = payment_intent.amount_cents
    WHERE payment_intent.status IN ('requires_payment_method', 'succeeded')
    ORDER BY payment_intent.created_at DESC LIMIT 1
  ), made AS (
    INSERT INTO payment_intent (id, checkout_id, provider, client_secret, amount_cents, currency)
    SELECT $6::text, checkout_id, $8::text, $7::text, cents, '${CURRENCY}' FROM due
    WHERE $6::text IS NOT NULL AND NOT EXISTS (SELECT 1 FROM existing)
    ON CONFLICT DO NOTHING
    RETURNING id, client_secret, amount_cents, checkout_id
  ), answer AS (
    SELECT client_secret, amount_cents FROM existing
    UNION ALL SELECT client_secret, amount_cents FROM made
  ), test_mode AS (
    UPDATE purchase SET test_mode = true FROM made
    WHERE $8::text = 'test' AND purchase.checkout_id = made.checkout_id AND purchase.paid = false
    RETURNING 1
  ), stored_key AS (
    ${storedPaymentKeyText('$1::text', '$4::text', '$5::text', 'answer')}
  )
  SELECT client_secret, amount_cents, (SELECT count(*)::int FROM stored_key) AS keyed FROM answer`;

const createIntent = keptPlan({
  name: 'create_payment_intent',
  sql: CREATE_INTENT_SQL,
  params: ['text', 'uuid', 'uuid', 'text', 'text', 'text', 'text', 'text'],
  columns: [
    ['client_secret', 'text'],
    ['amount_cents', 'integer'],
    ['keyed', 'integer'],
  ],
});

/** POST /api/create-payment-intent on its usual way (above), or null: the general path. */
export async function createIntentAtOnce(
  db: Db,
  provider: PaymentProvider,
  caller: AuthUser,
  body: { purchaseId?: string; checkoutId?: string },
  claim: IdempotencyClaim | null,
): Promise<PaymentIntentResponse | null> {
  const id = body.checkoutId ?? body.purchaseId ?? '';
  if (!isId(id)) return null;
  // The test processor's ids are made here (one that is not used is never seen).
  const made =
    provider.name === 'test'
      ? await provider.createIntent({ checkoutId: id, amountCents: 0, currency: CURRENCY })
      : null;
  const { rows } = await createIntent.query<{
    client_secret: string;
    amount_cents: number;
    keyed: number;
  }>(db.$client, [
    caller.id,
    body.checkoutId ?? null,
    body.purchaseId ?? null,
    claim?.key ?? null,
    claim?.hash ?? null,
    made?.intentId ?? null,
    made?.clientSecret ?? null,
    provider.name,
  ]);
  const [row] = rows;
  if (!row || (claim && row.keyed === 0)) return null;
  return {
    clientSecret: row.client_secret,
    provider: provider.name,
    amount: row.amount_cents,
    currency: CURRENCY,
  };
}

/**
 * POST /api/test-processor/confirm with a card that passes, for an intent waiting for one whose
 * checkout's live orders total its amount: the intent succeeds with the card's brand and last
 * four digits AND the checkout is paid (what settleConfirmedTestPayment would do right after,
 * with its provider event recorded), in one statement.
 */
const CONFIRM_AND_PAY_SQL = `WITH intent AS (
    SELECT payment_intent.id, payment_intent.checkout_id, payment_intent.amount_cents,
      checkout.user_id
    FROM payment_intent JOIN checkout ON checkout.id = payment_intent.checkout_id
    WHERE payment_intent.client_secret = $1::text AND payment_intent.provider = 'test'
      AND payment_intent.status = 'requires_payment_method'
  )${payGuardCtes('intent')}, confirmed AS (
    UPDATE payment_intent SET status = 'succeeded', last_error_code = NULL,
      card_brand = $2::text, card_last4 = $3::text, updated_at = now()
    WHERE payment_intent.id = (SELECT id FROM intent)
      AND payment_intent.status = 'requires_payment_method' AND (SELECT ok FROM pay_ok)
    RETURNING payment_intent.id, payment_intent.checkout_id, payment_intent.amount_cents
  )${payCtes('confirmed')}, event AS (
    INSERT INTO payment_event (id, provider, type)
    SELECT 'evt_test_' || id, 'test', 'payment_intent.succeeded' FROM confirmed
    ON CONFLICT DO NOTHING RETURNING 1
  )
  SELECT id, amount_cents FROM confirmed`;

const confirmAndPay = keptPlan({
  name: 'confirm_and_pay_test',
  sql: CONFIRM_AND_PAY_SQL,
  params: ['text', 'text', 'text'],
  columns: [
    ['id', 'text'],
    ['amount_cents', 'integer'],
  ],
});

/** POST /api/test-processor/confirm on its usual way (above), or null: the general path. */
export async function confirmAndPayAtOnce(
  db: Db,
  body: TestConfirmBody,
): Promise<TestConfirmResult | null> {
  if (checkTestCard(body.card) !== null) return null;
  const digits = body.card.number.replace(/[\s-]/g, '');
  const rows = await confirmAndPay
    .query<{ id: string; amount_cents: number }>(db.$client, [
      body.clientSecret,
      brandOf(digits),
      digits.slice(-4),
    ])
    .then(
      (result) => result.rows,
      (error: unknown) => {
        // The transaction id is another checkout's (unique): the general path says so.
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) return [];
        throw error;
      },
    );
  const [row] = rows;
  if (!row) return null;
  return {
    status: 200,
    body: { paymentIntent: { id: row.id, status: 'succeeded', amount: row.amount_cents } },
  };
}

/**
 * PATCH /api/purchase/{id} for a payment already recorded (the test processor's confirm, or the
 * provider's webhook, recorded it): the caller's order, its checkout paid with this very intent of
 * this provider; answered with the order (the route answers an order without its timeline), the
 * Idempotency-Key stored when new.
 */
const PAID_ORDER_SQL = `WITH found AS (
    SELECT ${ORDER_COLUMNS_TEXT} FROM purchase JOIN checkout ON checkout.id = purchase.checkout_id
    WHERE purchase.id = $1::uuid AND purchase.user_id = $2::text
      AND checkout.transaction_id = $3::text
      AND EXISTS (SELECT 1 FROM payment_intent WHERE payment_intent.id = $3::text
        AND payment_intent.checkout_id = purchase.checkout_id
        AND payment_intent.provider = $4::text)
      AND NOT ($5::text IS NOT NULL AND ${liveKeyExistsText('$2::text', '$5::text')})
  ), stored_key AS (
    ${storedPaymentKeyText('$2::text', '$5::text', '$6::text', 'found')}
  )
  SELECT found.*, (SELECT count(*)::int FROM stored_key) AS keyed FROM found`;

const paidOrder = keptPlan({
  name: 'paid_order',
  sql: PAID_ORDER_SQL,
  params: ['uuid', 'text', 'text', 'text', 'text', 'text'],
  columns: [...ORDER_COLUMN_TYPES, ['keyed', 'integer']],
});

/** PATCH /api/purchase/{id} on its usual way (above), or null: the general path. */
export async function paidOrderAtOnce(
  db: Db,
  provider: PaymentProvider,
  caller: AuthUser,
  purchaseId: string,
  transactionId: string,
  claim: IdempotencyClaim | null,
): Promise<Purchase | null> {
  if (!isId(purchaseId)) return null;
  const { rows } = await paidOrder.query<OrderRow & { keyed: number }>(db.$client, [
    purchaseId,
    caller.id,
    transactionId,
    provider.name,
    claim?.key ?? null,
    claim?.hash ?? null,
  ]);
  const [row] = rows;
  if (!row || (claim && row.keyed === 0)) return null;
  return toPurchase(row);
}
