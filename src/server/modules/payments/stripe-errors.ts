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
