import type { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '../../shared/idempotency.ts';
import { apiClient, ClientErrorCode, isApiError } from './api-client.ts';

/** A fresh random key (randomUUID needs a secure context; getRandomValues does not). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Worth the one retry: the answer never came (network) or the shop was briefly unavailable. */
const retryable = (error: unknown) =>
  isApiError(error) && (error.code === ClientErrorCode.Network || error.status === 503);

/**
 * A submit that creates or changes something (an order, a payment): one Idempotency-Key per call,
 * and one retry with the SAME key after a network error or a 503, so a request whose commit applied
 * before the answer was lost is answered, never applied twice (docs/decisions/029).
 */
export async function sendOnce<S extends z.ZodType>(
  method: 'POST' | 'PATCH',
  path: string,
  body: unknown,
  schema: S,
  { signal }: { signal?: AbortSignal } = {},
): Promise<z.output<S>> {
  const options = { headers: { [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey() }, signal };
  const send = () =>
    method === 'POST'
      ? apiClient.post(path, body, schema, options)
      : apiClient.patch(path, body, schema, options);
  try {
    return await send();
  } catch (error) {
    if (!retryable(error) || signal?.aborted) throw error;
    return send();
  }
}

/** POST through sendOnce (placing an order, refunding one). */
export function postOnce<S extends z.ZodType>(
  path: string,
  body: unknown,
  schema: S,
): Promise<z.output<S>> {
  return sendOnce('POST', path, body, schema);
}
