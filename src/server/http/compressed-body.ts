import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** A response body with its compressed copies, made once and sent many times. */
export interface CompressedBody {
  raw: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  /** A strong entity tag of `raw`. */
  etag: string;
}

export function etagOf(bytes: Buffer): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}

/** Compresses at a level worth its CPU for a body made at run time (the build uses the best). */
export function compressBody(raw: Buffer): CompressedBody {
  if (raw.length < 1024) return { raw, br: undefined, gzip: undefined, etag: etagOf(raw) };
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 6,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  const gzip = gzipSync(raw, { level: 6 });
  return { raw, br, gzip, etag: etagOf(raw) };
}

export type Encoding = 'br' | 'gzip' | undefined;

/** The best encoding the client accepts (a q=0 refuses it). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return undefined;
  const accepts = (name: string) =>
    acceptEncoding.split(',').some((part) => {
      const [token = '', ...params] = part.trim().toLowerCase().split(';');
      if (token.trim() !== name) return false;
      return !params.some((param) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(param));
    });
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

/**
 * The last Accept-Encoding parsed and what it allows: a browser (or a load test) sends the same
 * header on every request, so the parsing runs once per distinct header, not per request.
 */
let lastAccepted: { header: string | undefined; encoding: Encoding } = {
  header: undefined,
  encoding: undefined,
};

/** The bytes to send and their Content-Encoding, for the client's Accept-Encoding. */
export function pickEncoding(
  body: CompressedBody,
  acceptEncoding: string | undefined,
): { bytes: Buffer; encoding: Encoding } {
  if (lastAccepted.header !== acceptEncoding)
    lastAccepted = { header: acceptEncoding, encoding: preferredEncoding(acceptEncoding) };
  const { encoding } = lastAccepted;
  if (encoding === 'br' && body.br) return { bytes: body.br, encoding };
  if ((encoding === 'br' || encoding === 'gzip') && body.gzip)
    return { bytes: body.gzip, encoding: 'gzip' };
  return { bytes: body.raw, encoding: undefined };
}
