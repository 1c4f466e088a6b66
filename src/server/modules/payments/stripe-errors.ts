import Stripe from 'stripe';
import type { AppError } from '../../errors.ts';
import {
  CardDeclined,
  PaymentProviderBadAnswer,
  PaymentProviderUnavailable,
} from './provider-errors.ts';

/** Stripe answered, but with something the adapter cannot use (e.g. an intent without a secret). */
export class UnusableStripeAnswer extends Error {
  override readonly name = 'UnusableStripeAnswer';
}

/**
 * Stripe's failures as the customer is told about them: worth a retry (503: unreachable, timed
 * out, Stripe's own 5xx, rate limited), unusable (502: malformed answer, or Stripe refused our
 * request: a key or a parameter of ours is wrong, which a retry will not fix), or a card refusal
 * (402, Stripe's message). Undefined: not Stripe's failure.
 */
export function classifyStripeError(error: unknown): AppError | undefined {
  const options = { cause: error };
  if (error instanceof UnusableStripeAnswer) return new PaymentProviderBadAnswer(options);
  if (!(error instanceof Stripe.errors.StripeError)) return undefined;
  if (error instanceof Stripe.errors.StripeConnectionError) {
    const timedOut = /timeout/i.test(error.message);
    return new PaymentProviderUnavailable(timedOut ? 'timeout' : 'unreachable', options);
  }
  if (error instanceof Stripe.errors.StripeRateLimitError)
    return new PaymentProviderUnavailable('rate_limited', options);
  if (error instanceof Stripe.errors.StripeCardError) return new CardDeclined(error.message);
  if ((error.statusCode ?? 0) >= 500)
    return new PaymentProviderUnavailable('provider_error', options);
  return new PaymentProviderBadAnswer(options);
}

/**
 * A partial refund's failure: Stripe's clear refusal (a 4xx other than a conflict or rate limit, a
 * card error) passes as it is (502/402 through the guard: nothing was refunded); anything else
 * may have refunded (timeout, 5xx, connection lost, an idempotency conflict with a request still
 * running, an unusable answer) and is a 503, which leaves the refund pending (docs/decisions/035).
 */
export function partialRefundError(error: unknown): unknown {
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode ?? 0;
    const refused =
      error instanceof Stripe.errors.StripeCardError ||
      (status >= 400 &&
        status < 500 &&
        status !== 409 &&
        status !== 429 &&
        !(error instanceof Stripe.errors.StripeIdempotencyError));
    if (refused) return error;
  }
  const mapped = classifyStripeError(error);
  if (mapped?.statusCode === 503) return mapped;
  return new PaymentProviderUnavailable('provider_error', { cause: error });
}
