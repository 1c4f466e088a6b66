import { ErrorCode } from '../../../shared/errors.ts';
import { AppError } from '../../errors.ts';

export const REFUND_PROVIDER_UNAVAILABLE_MESSAGE =
  'The payment provider did not answer, so nothing was refunded. Please try again in a moment.';
export const REFUND_PROVIDER_REFUSED_MESSAGE =
  'The payment provider refused the refund, so nothing was refunded.';
export const NO_PROVIDER_MESSAGE =
  'This order was paid through a payment provider this shop no longer has set up, so it cannot be refunded here.';

/** A provider failure during a refund, told to the admin: 503 (try again) or 502 (refused). */
export function refundFailure(error: unknown): AppError {
  if (error instanceof AppError && error.statusCode === 503)
    return new AppError(503, ErrorCode.Unavailable, REFUND_PROVIDER_UNAVAILABLE_MESSAGE);
  return new AppError(502, ErrorCode.BadGateway, REFUND_PROVIDER_REFUSED_MESSAGE);
}
