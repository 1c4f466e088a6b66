import { z } from 'zod';
import { ApiErrorSchema, ErrorCode } from '../../shared/errors.ts';
import { getAccessToken } from './access-token.ts';
import { ApiError, ClientErrorCode } from './api-error.ts';

export {
  ApiError,
  ClientErrorCode,
  getErrorMessage,
  isApiError,
  type ApiErrorCode,
} from './api-error.ts';

const NETWORK_MESSAGE = "We couldn't reach the server. Check your connection and try again.";
const INVALID_RESPONSE_MESSAGE = 'The server sent an unexpected answer. Please try again later.';
const GENERIC_MESSAGE = 'Something went wrong on our side. Please try again.';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Transport = (path: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (path, init) => fetch(path, init);

/** The server renderer answers the pages' API calls inside its own process. */
export function setApiTransport(send: Transport): void {
  transport = send;
}

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** Let the request finish even if the page is left meanwhile (sign-out). */
  keepalive?: boolean;
  /**
   * Whose bearer token to send: by default the stored access token; a string sends that token
   * instead (the identity session right after a sign-in); null sends none (cookies only).
   */
  bearerToken?: string | null | undefined;
  /** Extra request headers (an Idempotency-Key: lib/post-once.ts). */
  headers?: Record<string, string> | undefined;
  /** Sees the headers of a 2xx answer (the identity service's renewed `set-auth-token`). */
  onHeaders?: (headers: Headers) => void;
}

/** Any other JSON error with a message, e.g. the identity service's `{ code, message }`. */
const ForeignErrorSchema = z.object({
  message: z.string().trim().min(1),
  code: z.string().min(1).optional(),
});

/** A card provider's refusal, `{ error: { code, message } }` (Stripe's and our test processor's). */
const ProviderErrorSchema = z.object({ error: ForeignErrorSchema }).transform(({ error }) => error);

function codeForStatus(status: number): ErrorCode {
  if (status === 400) return ErrorCode.BadRequest;
  if (status === 401) return ErrorCode.Unauthorized;
  if (status === 403) return ErrorCode.Forbidden;
  if (status === 404) return ErrorCode.NotFound;
  if (status === 409) return ErrorCode.Conflict;
  if (status === 413) return ErrorCode.PayloadTooLarge;
  if (status === 429) return ErrorCode.TooManyRequests;
  if (status === 503) return ErrorCode.Unavailable;
  return ErrorCode.Internal;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  const body = await readJson(response).catch(() => undefined);
  const parsed = ApiErrorSchema.safeParse(body);
  if (parsed.success) {
    return new ApiError({ status: response.status, ...parsed.data });
  }
  // A 4xx message explains the user's own mistake ("User already exists"); a foreign 5xx message
  // may be an internal detail, so it gets the generic text below.
  const foreign =
    response.status < 500 ? ForeignErrorSchema.or(ProviderErrorSchema).safeParse(body) : null;
  if (foreign?.success) {
    return new ApiError({
      status: response.status,
      code: foreign.data.code ?? codeForStatus(response.status),
      message: foreign.data.message,
    });
  }
  // Not our error shape (a proxy page, an empty body): say something useful anyway.
  return new ApiError({
    status: response.status,
    code: codeForStatus(response.status),
    message: response.status === 404 ? 'Not found.' : GENERIC_MESSAGE,
  });
}

/**
 * The one way the web app talks to the API: JSON in and out, the bearer token when there is one,
 * 2xx answers checked against the contract's schema, everything else thrown as an ApiError.
 */
export async function apiRequest<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  const token = options.bearerToken === undefined ? getAccessToken() : options.bearerToken;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const hasBody = options.body !== undefined;
  if (hasBody) headers.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await transport(path, {
      method,
      headers,
      body: hasBody ? JSON.stringify(options.body) : null,
      credentials: 'same-origin',
      signal: options.signal ?? null,
      keepalive: options.keepalive ?? false,
    });
  } catch (error) {
    // A cancelled query is not a failure: let TanStack Query see the abort as it is.
    if (options.signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: ClientErrorCode.Network, message: NETWORK_MESSAGE });
  }

  if (!response.ok) throw await errorFromResponse(response);
  options.onHeaders?.(response.headers);

  let body: unknown;
  try {
    body = await readJson(response);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: ClientErrorCode.Network, message: NETWORK_MESSAGE });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      code: ClientErrorCode.InvalidResponse,
      message: INVALID_RESPONSE_MESSAGE,
    });
  }
  return parsed.data;
}

export const apiClient = {
  get: <S extends z.ZodType>(path: string, schema: S, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest('GET', path, schema, options),
  post: <S extends z.ZodType>(
    path: string,
    body: unknown,
    schema: S,
    options?: Omit<RequestOptions, 'body'>,
  ) => apiRequest('POST', path, schema, { ...options, body }),
  put: <S extends z.ZodType>(
    path: string,
    body: unknown,
    schema: S,
    options?: Omit<RequestOptions, 'body'>,
  ) => apiRequest('PUT', path, schema, { ...options, body }),
  patch: <S extends z.ZodType>(
    path: string,
    body: unknown,
    schema: S,
    options?: Omit<RequestOptions, 'body'>,
  ) => apiRequest('PATCH', path, schema, { ...options, body }),
  delete: <S extends z.ZodType>(path: string, schema: S, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest('DELETE', path, schema, options),
};

/**
 * GET a file the API makes (a CSV export) with the bearer token, which a plain link cannot send.
 * Resolves to its bytes and the name the server suggests.
 */
export async function apiDownload(path: string): Promise<{ blob: Blob; filename: string }> {
  const headers = new Headers();
  const token = getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(path, { headers, credentials: 'same-origin' });
  } catch {
    throw new ApiError({ status: 0, code: ClientErrorCode.Network, message: NETWORK_MESSAGE });
  }
  if (!response.ok) throw await errorFromResponse(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download';
  return { blob: await response.blob(), filename };
}

export interface UploadOptions {
  /** Called with a whole percentage (0 to 100) as the request body goes out. */
  onProgress?: ((percent: number) => void) | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * POST a multipart form and report the upload's progress, which fetch cannot: XMLHttpRequest,
 * with the same bearer token, contract check and ApiError as apiRequest.
 */
export function apiUpload<S extends z.ZodType>(
  path: string,
  form: FormData,
  schema: S,
  { onProgress, signal }: UploadOptions = {},
): Promise<z.output<S>> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const settle = (finish: () => void) => {
      signal?.removeEventListener('abort', abort);
      finish();
    };
    const networkError = () =>
      new ApiError({ status: 0, code: ClientErrorCode.Network, message: NETWORK_MESSAGE });

    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getAccessToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    // No Content-Type: the browser writes the multipart one, with its boundary.
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onerror = () => settle(() => reject(networkError()));
    xhr.ontimeout = () => settle(() => reject(networkError()));
    xhr.onabort = () =>
      settle(() => reject(signal?.reason ?? new DOMException('Upload cancelled', 'AbortError')));
    xhr.onload = () =>
      settle(() => {
        if (xhr.status < 200 || xhr.status > 599) {
          reject(networkError());
          return;
        }
        const text = xhr.responseText;
        const response = new Response(text === '' ? null : text, { status: xhr.status });
        void answerOf(response, schema).then(resolve, reject);
      });
    signal?.addEventListener('abort', abort, { once: true });
    xhr.send(form);
  });
}

async function answerOf<S extends z.ZodType>(response: Response, schema: S) {
  if (!response.ok) throw await errorFromResponse(response);
  const parsed = schema.safeParse(await readJson(response));
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      code: ClientErrorCode.InvalidResponse,
      message: INVALID_RESPONSE_MESSAGE,
    });
  }
  return parsed.data as z.output<S>;
}
