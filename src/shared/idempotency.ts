import { z } from 'zod';

/** The header a client sends once per submit so a retry never orders twice (issue 27). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** 1 to 255 visible ASCII characters (a UUID is what the web app sends). */
export const IdempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{1,255}$/);

export const IDEMPOTENCY_KEY_INVALID_MESSAGE =
  'The Idempotency-Key header must be 1 to 255 visible ASCII characters.';

export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'This Idempotency-Key was already used for a different request.';
