import type { ErrorCode } from '../../shared/errors.ts';

// Kept apart from the client (and its zod schemas) so the app shell can recognise an ApiError
// without downloading zod.

/** Codes the client adds to the server's: no answer at all, or an answer outside the contract. */
export const ClientErrorCode = {
  Network: 'NETWORK_ERROR',
  InvalidResponse: 'INVALID_RESPONSE',
} as const;
/**
 * Our server's codes, the client's own, or whatever the identity service (better-auth) names its
 * failures (e.g. INVALID_EMAIL_OR_PASSWORD, INVALID_TOKEN): those pass through as they are.
 */
export type ApiErrorCode =
  ErrorCode | (typeof ClientErrorCode)[keyof typeof ClientErrorCode] | (string & {});

/** Every failed call surfaces as this one error, carrying the server's error shape when there is one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: Readonly<Record<string, string>> | undefined;
  readonly requestId: string | undefined;

  constructor(init: {
    status: number;
    code: ApiErrorCode;
    message: string;
    fields?: Record<string, string> | undefined;
    requestId?: string | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
    this.requestId = init.requestId;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** What to tell the user about a failure: an ApiError's (or any Error's) own message. */
export function getErrorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
