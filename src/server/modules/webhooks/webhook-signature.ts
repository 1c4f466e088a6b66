import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The Toolhouse-Signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 with the endpoint's
 * secret over "<t>.<raw body>">`. A receiver recomputes v1 from the raw body and the t it got,
 * compares in constant time, and refuses a t too far from its clock (replays).
 */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** A receiver's check (documented, and used by the tests): true when the header is ours. */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = 300,
): boolean {
  const parts = Object.fromEntries(
    header.split(',').map((part) => part.split('=', 2) as [string, string]),
  );
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > toleranceSeconds)
    return false;
  const expected = Buffer.from(signatureHeader(secret, timestamp, body).split('v1=')[1] as string);
  const given = Buffer.from(String(parts.v1 ?? ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
