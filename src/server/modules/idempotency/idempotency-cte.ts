import { IDEMPOTENCY_KEY_TTL_HOURS } from './idempotency.service.ts';

type Param = (name: 'userId' | 'idempotencyKey' | 'idempotencyHash') => string;

/**
 * The order statement's CTE that keeps the request's Idempotency-Key with the checkout it placed
 * (`placed_checkout`), in the same statement and so the same commit: the key exists exactly when
 * the order does (docs/decisions/029). A key already taken makes the statement fail as a whole
 * (unique violation), so a concurrent repeat places nothing and is answered from the first.
 */
export function rememberedKeyCte(param: Param): string {
  return `remembered_key AS (
    INSERT INTO idempotency_key (user_id, key, request_hash, checkout_id)
    SELECT ${param('userId')}, ${param('idempotencyKey')}, ${param('idempotencyHash')}, id
    FROM placed_checkout WHERE ${param('idempotencyKey')} IS NOT NULL
  )`;
}

/** How long a key answers its first result, in SQL (IDEMPOTENCY_KEY_TTL_HOURS). */
const LIVE = `now() - ${IDEMPOTENCY_KEY_TTL_HOURS} * interval '1 hour'`;

/**
 * SQL text: whether the account `userId` has used `key` within the TTL, on any route (payment
 * keys and order keys are one namespace per account). For the one-statement payment calls
 * (modules/payments/payment-statements.ts), which take their fast way only for a new key.
 */
export function liveKeyExistsText(userId: string, key: string): string {
  return `(EXISTS (SELECT 1 FROM payment_idempotency_key
      WHERE user_id = ${userId} AND key = ${key} AND created_at > ${LIVE})
    OR EXISTS (SELECT 1 FROM idempotency_key
      WHERE user_id = ${userId} AND key = ${key} AND created_at > ${LIVE}))`;
}

/**
 * A CTE body storing a payment call's key once per row of `from` (one), taking over a row of it
 * past the TTL, as insertKey does; RETURNs a row when stored. Nothing when `key` is null.
 */
export function storedPaymentKeyText(
  userId: string,
  key: string,
  hash: string,
  from: string,
): string {
  return `INSERT INTO payment_idempotency_key (user_id, key, request_hash)
    SELECT ${userId}, ${key}, ${hash} FROM ${from} WHERE ${key} IS NOT NULL
    ON CONFLICT (user_id, key) DO UPDATE
      SET request_hash = EXCLUDED.request_hash, refund_id = NULL, created_at = now()
      WHERE payment_idempotency_key.created_at <= ${LIVE}
    RETURNING 1`;
}
