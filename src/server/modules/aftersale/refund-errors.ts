import { ErrorCode } from '../../../shared/errors.ts';
import { AppError } from '../../errors.ts';

export const REFUND_PROVIDER_REFUSED_MESSAGE =
  'The payment provider refused the refund, so nothing was refunded.';
export const REFUND_PENDING_MESSAGE =
  'The payment provider did not answer clearly, so this refund is pending: it may have been made. Send the same refund again to finish it (it will not be paid twice), or check the order in a few minutes.';
export const NO_PROVIDER_MESSAGE =
  'This order was paid through a payment provider this shop no longer has set up, so it cannot be refunded here.';

/** 502: the provider clearly refused the refund (nothing refunded; its amount is released). */
export const refundRefused = () =>
  new AppError(502, ErrorCode.BadGateway, REFUND_PROVIDER_REFUSED_MESSAGE);

/** 503: the provider's answer was ambiguous; the refund is pending (docs/decisions/035). */
export const refundPending = () => new AppError(503, ErrorCode.Unavailable, REFUND_PENDING_MESSAGE);
