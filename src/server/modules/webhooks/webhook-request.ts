import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  isPublicAddress,
  resolveAllowed,
  systemLookup,
  type Lookup,
  type ResolvedAddress,
} from './webhook-address.ts';

export interface WebhookRequestOptions {
  /** WEBHOOK_ALLOW_PRIVATE: any address may be reached. */
  allowPrivate?: boolean;
  /** DNS (tests answer it themselves). */
  lookup?: Lookup;
  /** Which resolved addresses may be reached; default: public ones only. */
  isAllowedAddress?: (address: string) => boolean;
  /**
   * WEBHOOK_TIMEOUT_SECONDS: the whole delivery (resolving, connecting, sending, the answer read
   * to its end) within this, however the receiver paces its bytes; then it is aborted.
   */
  deadlineMs?: number;
}

export interface WebhookAnswer {
  statusCode: number;
}

export const WEBHOOK_DEADLINE_MS = 10_000;

/** The delivery outlasted its deadline and was aborted. */
export class DeadlineError extends Error {}

function send(
  url: URL,
  pinned: ResolvedAddress,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
): Promise<WebhookAnswer> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        // The connection goes to the address we checked, never to a second DNS answer.
        host: pinned.address,
        family: pinned.family,
        port: url.port || (url.protocol === 'https:' ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        // TLS still checks the certificate against the host name.
        servername: url.hostname.replace(/^\[|\]$/g, ''),
        headers: {
          ...headers,
          host: url.host,
          'content-length': String(Buffer.byteLength(body)),
        },
        // Aborting destroys the socket, whether the answer has begun or not.
        signal,
        agent: false,
      },
      (res: IncomingMessage) => {
        res.resume(); // the answer's body is not ours to keep
        res.on('end', () => resolve({ statusCode: res.statusCode ?? 0 }));
        res.on('error', reject);
        res.on('close', () => {
          if (!res.complete) reject(new Error('the receiver closed the answer before its end'));
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * POSTs a webhook body to `target` once: resolves its host, checks every address it resolves to
 * and connects to exactly that address. Redirects are not followed (a 3xx is the answer: the
 * signed body never goes to another host, and a 303 never turns into a GET). The whole exchange
 * has a deadline, not only an idle timeout, so a receiver trickling bytes cannot hold it. Throws
 * RefusedAddressError for an address that may not be reached, DeadlineError past the deadline,
 * other errors for network failures; answers the status.
 */
export async function postWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: WebhookRequestOptions = {},
): Promise<WebhookAnswer> {
  const lookup = options.lookup ?? systemLookup;
  const isAllowed = options.allowPrivate
    ? () => true
    : (options.isAllowedAddress ?? isPublicAddress);
  const deadlineMs = options.deadlineMs ?? WEBHOOK_DEADLINE_MS;
  const url = new URL(target);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`not an http(s) URL: ${url.protocol}`);
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new DeadlineError(`no complete answer within ${deadlineMs} ms (aborted)`);
      abort.abort(error);
      reject(error);
    }, deadlineMs);
  });
  const exchange = (async () => {
    const pinned = await resolveAllowed(url.hostname, lookup, isAllowed);
    abort.signal.throwIfAborted();
    return send(url, pinned, headers, body, abort.signal);
  })();
  try {
    return await Promise.race([exchange, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
