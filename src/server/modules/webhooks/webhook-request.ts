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
  timeoutMs?: number;
}

export interface WebhookAnswer {
  statusCode: number;
}

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Redirects followed, each to an address checked like the first. */
const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function send(
  url: URL,
  pinned: ResolvedAddress,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<{ statusCode: number; location: string | undefined }> {
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
        timeout: timeoutMs,
        agent: false,
      },
      (res: IncomingMessage) => {
        res.resume(); // the answer's body is not ours to keep
        res.on('end', () =>
          resolve({ statusCode: res.statusCode ?? 0, location: res.headers.location }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * POSTs a webhook body to `target`, resolving and checking the address of every hop (the first
 * and each redirect) before connecting to exactly that address. Throws RefusedAddressError for an
 * address that may not be reached, other errors for network failures; answers the final status.
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
  let url = new URL(target);
  for (let hop = 0; ; hop += 1) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new Error(`not an http(s) URL: ${url.protocol}`);
    const pinned = await resolveAllowed(url.hostname, lookup, isAllowed);
    const answer = await send(url, pinned, headers, body, options.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
    if (!REDIRECTS.has(answer.statusCode) || !answer.location) return answer;
    if (hop >= MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects`);
    url = new URL(answer.location, url);
  }
}
