import type { LoggerOptions } from 'pino';
import { findDatabaseUnavailable } from '../errors.ts';

const WARN = 40;

/** Whether a log call's arguments carry a failure of an outage the breaker already reported. */
function isKnownOutage(args: unknown[]): boolean {
  return args.some((arg) => {
    if (!arg || typeof arg !== 'object') return false;
    const { err, error } = arg as { err?: unknown; error?: unknown };
    return [arg, err, error].some((e) => findDatabaseUnavailable(e)?.known === true);
  });
}

/**
 * A pino hook: while the database is known to be down, the failures it causes (every request's
 * 503, every background job's run: hold expiry, the outbox, any job added later) are logged at
 * debug, not error. The breaker logs the outage once when it starts and once when it ends.
 */
export const quietKnownOutages: NonNullable<LoggerOptions['hooks']>['logMethod'] = function (
  args,
  method,
  level,
) {
  if (level >= WARN && isKnownOutage(args)) return this.debug(...(args as [string]));
  return method.apply(this, args);
};
