import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '../../../shared/errors.ts';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_INVALID_MESSAGE,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  IdempotencyKeySchema,
} from '../../../shared/idempotency.ts';
import type { Db } from '../../db/client.ts';
import { AppError, Invalid } from '../../errors.ts';

/** How long a key answers its first result (issue 27); the jobs plugin sweeps older ones. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/** A request's key and what it asked for, as the order statement keeps them. */
export interface IdempotencyClaim {
  userId: string;
  key: string;
  /** sha256 of the route and the validated body. */
  hash: string;
}

/**
 * The request's Idempotency-Key (or null when it sent none) with the hash of what it asks:
 * `scope` (the route) and the validated body. A malformed key is a 400.
 */
export function idempotencyClaim(
  request: FastifyRequest,
  userId: string,
  scope: string,
  body: unknown,
): IdempotencyClaim | null {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined) return null;
  const parsed = IdempotencyKeySchema.safeParse(header);
  if (!parsed.success) throw new Invalid(IDEMPOTENCY_KEY_INVALID_MESSAGE);
  const hash = createHash('sha256')
    .update(`${scope}\n${JSON.stringify(body)}`)
    .digest('hex');
  return { userId, key: parsed.data, hash };
}

/**
 * The live key within the TTL (an older order row of it is removed first), or null: the checkout
 * it placed, or null when a payment call or refund used it (one namespace of keys per account,
 * so such a key is another request here).
 */
async function findKey(
  db: Db,
  claim: IdempotencyClaim,
): Promise<{ checkoutId: string | null; hash: string } | null> {
  const { rows } = await db.$client.query<{ checkout_id: string | null; request_hash: string }>(
    `WITH expired AS (
       DELETE FROM idempotency_key WHERE user_id = $1 AND key = $2
         AND created_at <= now() - $3 * interval '1 hour'
     )
     SELECT checkout_id, request_hash FROM idempotency_key
     WHERE user_id = $1 AND key = $2 AND created_at > now() - $3 * interval '1 hour'
     UNION ALL
     SELECT NULL, request_hash FROM payment_idempotency_key
     WHERE user_id = $1 AND key = $2 AND created_at > now() - $3 * interval '1 hour'
     LIMIT 1`,
    [claim.userId, claim.key, IDEMPOTENCY_KEY_TTL_HOURS],
  );
  const [row] = rows;
  return row ? { checkoutId: row.checkout_id, hash: row.request_hash } : null;
}

/**
 * Places at most once per key (docs/decisions/029). Without a key, `place(null)`. With one: a key
 * seen before answers `replay(checkoutId)` of the checkout it placed (another body, or a key a
 * payment call or refund of this account used: 422); else
 * `place(claim)`, whose statement stores the key with the order. When that fails (a concurrent
 * repeat took the key first, or found the basket already ordered) and the key now exists, the
 * repeat is answered from the first.
 */
export async function placeOnce<T>(
  db: Db,
  claim: IdempotencyClaim | null,
  place: (claim: IdempotencyClaim | null) => Promise<T>,
  replay: (checkoutId: string) => Promise<T>,
): Promise<T> {
  if (!claim) return place(null);
  const answer = (found: { checkoutId: string | null; hash: string }) => {
    if (found.hash !== claim.hash || found.checkoutId === null)
      throw new AppError(422, ErrorCode.Validation, IDEMPOTENCY_KEY_REUSED_MESSAGE);
    return replay(found.checkoutId);
  };
  const seen = await findKey(db, claim);
  if (seen) return answer(seen);
  try {
    return await place(claim);
  } catch (error) {
    const first = await findKey(db, claim).catch(() => null);
    if (first) return answer(first);
    throw error;
  }
}

/** Removes keys past their TTL (the jobs plugin runs it); returns how many. */
export async function sweepIdempotencyKeys(db: Db): Promise<number> {
  const { rowCount } = await db.$client.query(
    `DELETE FROM idempotency_key WHERE created_at <= now() - $1 * interval '1 hour'`,
    [IDEMPOTENCY_KEY_TTL_HOURS],
  );
  return rowCount ?? 0;
}
