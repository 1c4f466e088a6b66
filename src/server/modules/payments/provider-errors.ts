import { ErrorCode } from '../../../shared/errors.ts';
import {
  PAYMENT_UNAVAILABLE_MESSAGE,
  PAYMENTS_NOT_SET_UP_MESSAGE,
} from '../../../shared/payment.ts';
import { AppError } from '../../errors.ts';

/**
 * Failures of the payment provider, as the customer is told about them. Thrown by the provider
 * guard (provider-guard.ts), so the payments service needs no knowledge of any provider's errors.
 */

/** 503: the provider is unreachable, too slow, failing (5xx) or rate limiting us. Worth a retry. */
export class PaymentProviderUnavailable extends AppError {
  constructor(
    readonly reason: 'unreachable' | 'timeout' | 'provider_error' | 'rate_limited',
    options?: { cause?: unknown },
  ) {
    super(503, ErrorCode.Unavailable, PAYMENT_UNAVAILABLE_MESSAGE);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/** 502: the provider answered, but not with anything we can use (malformed, refused our request). */
export class PaymentProviderBadAnswer extends AppError {
  constructor(options?: { cause?: unknown }) {
    super(502, ErrorCode.BadGateway, PAYMENT_UNAVAILABLE_MESSAGE);
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}

/** 402: the card was refused; the provider's own message is shown as it is. */
export class CardDeclined extends AppError {
  constructor(message: string) {
    super(402, ErrorCode.CardDeclined, message);
  }
}

/** 503: this deployment takes no payments (production without Stripe and without test opt-in). */
export class PaymentsNotSetUp extends AppError {
  constructor() {
    super(503, ErrorCode.Unavailable, PAYMENTS_NOT_SET_UP_MESSAGE);
  }
}
