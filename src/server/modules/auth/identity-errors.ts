import { ErrorCode, type ApiError } from '../../../shared/errors.ts';

/** For answers without a code of their own (its rate limiter's 429, say). */
const CODE_FOR_STATUS: Record<number, ErrorCode> = {
  401: ErrorCode.Unauthorized,
  403: ErrorCode.Forbidden,
  404: ErrorCode.NotFound,
  429: ErrorCode.TooManyRequests,
};

/**
 * better-auth's 4xx answer (`{ code, message }`) in the one error shape: with the request id, and
 * its generic codes named as ours. Its specific codes (INVALID_TOKEN, USER_ALREADY_EXISTS, …) pass
 * through, since the web client tells those cases apart. Null when the body is not such an error.
 */
export function inOneErrorShape(body: Buffer, status: number, requestId: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const { code, message, fields } = parsed as {
    code?: unknown;
    message?: unknown;
    fields?: unknown;
  };
  if (typeof message !== 'string') return null;
  const shaped: Omit<ApiError, 'code'> & { code: string } = {
    code:
      code === 'VALIDATION_ERROR'
        ? ErrorCode.Validation
        : typeof code === 'string' && code
          ? code
          : (CODE_FOR_STATUS[status] ?? ErrorCode.BadRequest),
    message,
    ...(isFieldMessages(fields) && { fields }),
    requestId,
  };
  return JSON.stringify(shaped);
}

function isFieldMessages(value: unknown): value is Record<string, string> {
  return (
    !!value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every((message) => typeof message === 'string')
  );
}
