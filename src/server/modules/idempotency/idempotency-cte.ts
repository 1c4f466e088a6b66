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
