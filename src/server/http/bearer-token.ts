import { createHmac, timingSafeEqual } from 'node:crypto';

// Which session a `Bearer` header stands for, exactly as better-auth 1.7's bearer plugin followed by
// getSession reads it (better-auth/dist/plugins/bearer + better-call's getSignedCookie), without
// building a Request, a Headers object and a cookie header per call. auth.test.ts and
// authentication.test.ts compare the two on valid, tampered and malformed tokens.

const BEARER_SCHEME = 'bearer ';
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function tryDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const hmac = (secret: string, data: string): Buffer =>
  createHmac('sha256', secret).update(data, 'utf8').digest();

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && timingSafeEqual(a, b);

/**
 * The bearer plugin's lenient base64 decoding (@better-auth/utils base64.decode): the URL-safe
 * alphabet when the text has `-` or `_`, stops at the first `=`, null on any other character.
 */
function decodeLenientBase64(text: string): Uint8Array | null {
  const alphabet = text.includes('-') || text.includes('_') ? BASE64_URL : BASE64;
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    if (char === '=') break;
    const value = alphabet.indexOf(char);
    if (value === -1) return null;
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 255);
    }
  }
  return Uint8Array.from(bytes);
}

/** better-call's verifySignature: `atob` (forgiving base64), false on any decoding error. */
function decodeAtob(text: string): Uint8Array | null {
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * The session token (`session.token`) an Authorization header stands for, or null when
 * better-auth would find no session cookie in it. Accepted, as by better-auth:
 * - `Bearer <token>`: the raw session token (no dot). The plugin signs it itself with our secret,
 *   so its checks pass by construction and the token is looked up as it is.
 * - `Bearer <token>.<signature>` (the signed cookie value, URL-encoded or not): HMAC-SHA256 of the
 *   token with the auth secret, checked twice as better-auth does (the plugin's check on the first
 *   dot, getSignedCookie's on the last dot with a 44-character standard base64 signature).
 */
export function sessionTokenOf(authorization: string | undefined, secret: string): string | null {
  // The header as a Headers object holds it: surrounding HTTP whitespace removed.
  const header = authorization?.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
  if (!header || header.slice(0, 7).toLowerCase() !== BEARER_SCHEME) return null;
  const token = header.slice(7).trim();
  if (!token) return null;
  if (!token.includes('.')) return token;

  const value = token.includes('%') ? tryDecode(token) : token;
  // The bearer plugin: part one signed by part two.
  const [data = '', pluginSignature = ''] = value.split('.');
  const pluginBytes = decodeLenientBase64(pluginSignature);
  if (!pluginBytes || !sameBytes(pluginBytes, hmac(secret, data))) return null;
  // getSession's signed cookie: everything before the last dot signed by what follows it.
  const at = value.lastIndexOf('.');
  if (at < 1) return null;
  const signed = value.slice(0, at);
  const signature = value.slice(at + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const cookieBytes = decodeAtob(signature);
  if (!cookieBytes || !sameBytes(cookieBytes, hmac(secret, signed))) return null;
  return signed;
}

/** The signed form better-auth hands out in `set-auth-token` (for tests and tools). */
export function signSessionToken(token: string, secret: string): string {
  return `${token}.${hmac(secret, token).toString('base64')}`;
}
