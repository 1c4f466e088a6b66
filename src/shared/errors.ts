import { z } from 'zod';

/** Every error the API sends has this one shape. */
export const ErrorCode = {
  BadRequest: 'BAD_REQUEST',
  Validation: 'VALIDATION_FAILED',
  Unauthorized: 'UNAUTHORIZED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  TooManyRequests: 'TOO_MANY_REQUESTS',
  Unavailable: 'SERVICE_UNAVAILABLE',
  /** The card was refused by its issuer or the card provider (402). */
  CardDeclined: 'CARD_DECLINED',
  /** A service we depend on (the payment provider) gave an answer we cannot use (502). */
  BadGateway: 'BAD_GATEWAY',
  Internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ApiErrorSchema = z.object({
  code: z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  /** Field name -> message, for input that failed validation. */
  fields: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** The 429 of our own rate limits. */
export const TOO_MANY_REQUESTS_MESSAGE =
  'Too many requests from you in a short time. Please try again later.';
