import { ErrorCode } from '../shared/errors.ts';

/** Expected failures thrown by services; the error handler maps them to the one error shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFound extends AppError {
  constructor(message = 'Not found') {
    super(404, ErrorCode.NotFound, message);
  }
}

export class Unauthorized extends AppError {
  constructor(message = 'Please log in to continue.') {
    super(401, ErrorCode.Unauthorized, message);
  }
}

export class Forbidden extends AppError {
  constructor(message = 'You are not allowed to do that.') {
    super(403, ErrorCode.Forbidden, message);
  }
}

export class Conflict extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(409, ErrorCode.Conflict, message, fields);
  }
}

export class Invalid extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(400, ErrorCode.Validation, message, fields);
  }
}

export class TooManyRequests extends AppError {
  constructor(message = 'Please wait a moment before trying again.') {
    super(429, ErrorCode.TooManyRequests, message);
  }
}

export const UNAVAILABLE_MESSAGE = 'The shop is temporarily unavailable. Please try again shortly.';

/** A backend the request needs (the database) cannot be reached right now. */
export class ServiceUnavailable extends AppError {
  constructor(message = UNAVAILABLE_MESSAGE) {
    super(503, ErrorCode.Unavailable, message);
  }
}

/**
 * The database did not answer in time, refused or lost the connection, or is known to be down
 * (the circuit breaker is open: src/server/db/database-breaker.ts). Always a 503 for the client;
 * `reason` is for the logs only.
 */
export class DatabaseUnavailable extends ServiceUnavailable {
  /** True when the outage was already known: nothing new to log (the breaker logged it once). */
  readonly known: boolean;

  constructor(
    readonly reason: string,
    options: { cause?: unknown; known?: boolean } = {},
  ) {
    super();
    if (options.cause !== undefined) this.cause = options.cause;
    this.known = options.known ?? false;
  }
}

/** Whether the error, or one it wraps (drizzle wraps driver errors), is a DatabaseUnavailable. */
export function findDatabaseUnavailable(error: unknown): DatabaseUnavailable | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    if (e instanceof DatabaseUnavailable) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

// pg and node-postgres errors that mean "the database is not reachable right now".
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** Also when wrapped: drizzle reports a failed query as its own error with the driver's as cause. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (findDatabaseUnavailable(error)) return true; // the pool's typed error (src/server/db/)
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08')))
      return true;
    if (
      typeof message === 'string' &&
      /timeout exceeded when trying to connect|Connection terminated/i.test(message)
    )
      return true;
    e = cause;
  }
  return false;
}

export const BUSY_MESSAGE = 'The shop is very busy right now. Please try again.';

/**
 * The database aborted the transaction because it lost a race with another one (also when
 * wrapped): chosen as a deadlock's victim (40P01) or not serializable (40001). Nothing of it was
 * kept, and trying again is worth it: a 503 for the client, never a 500. The order statement
 * retries once itself (modules/purchases/order-statement.ts); this is the net for every route.
 */
export function isLostRace(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (code === '40P01' || code === '40001') return true;
    e = cause;
  }
  return false;
}

// PostgreSQL's data exceptions (class 22) that a value sent by a client can cause: text it cannot
// store (a NUL, a character outside the encoding), a value too long or out of range, a date, number
// or time zone it cannot read. The contract refuses such input first (src/shared/text.ts, ADR 021);
// these are the safety net for what it misses. Not the whole class: 22012 (division by zero) and
// the like are our own bugs and stay 500s.
const INPUT_REFUSAL_CODES = new Set([
  '22001', // string_data_right_truncation
  '22003', // numeric_value_out_of_range
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
  '22021', // character_not_in_repertoire (a NUL in text)
  '22023', // invalid_parameter_value (a time zone it does not know)
  '22P02', // invalid_text_representation
  '22P05', // untranslatable_character
]);

/** The database refused a value as input (also when wrapped by drizzle): the client's fault. */
export function isDatabaseInputRefusal(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && INPUT_REFUSAL_CODES.has(code)) return true;
    e = cause;
  }
  return false;
}
