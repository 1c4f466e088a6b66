import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchesIfNoneMatch } from './conditional-get.ts';
import type { FastPaths } from './fast-path.ts';
import { pickEncoding, type CompressedBody } from './compressed-body.ts';

/** Sends one body from the fast paths: a 304 for its ETag, else the client's encoding. */
export type CompressedSender = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * What a route sends for `body` with `own` headers (type, caching, ETag, Vary) and
 * `pickEncoding`'s choice, as the fast paths send it (ADR 018): a header list per encoding and
 * one for the 304, made here once per body, not per request.
 */
export function compressedSender(
  fast: FastPaths,
  body: CompressedBody,
  own: readonly string[],
): CompressedSender {
  const notModified = fast.headers(own);
  const sent = (bytes: Buffer, encoding?: string) =>
    fast.headers([
      ...own,
      ...(encoding ? ['content-encoding', encoding] : []),
      'content-length',
      String(bytes.length),
    ]);
  const headers = {
    br: body.br && sent(body.br, 'br'),
    gzip: body.gzip && sent(body.gzip, 'gzip'),
    raw: sent(body.raw),
  };
  return (request, response) => {
    if (matchesIfNoneMatch(request.headers['if-none-match'], body.etag)) {
      fast.send(response, 304, notModified);
      return;
    }
    const { bytes, encoding } = pickEncoding(body, request.headers['accept-encoding']);
    const list = headers[encoding ?? 'raw'];
    // Cannot happen (pickEncoding picks a copy that exists); the fast path's caller would then
    // hand the request to the route.
    if (!list) throw new Error(`no headers for the ${encoding} copy`);
    fast.send(response, 200, list, bytes);
  };
}
