import { describe, expect, it } from 'vitest';
import { compressBody, pickEncoding, preferredEncoding } from './compressed-body.ts';

const body = compressBody(Buffer.from('<p>a page</p>'.repeat(200)));

describe('the encoding a client gets', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['gzip', 'gzip'],
    ['br, gzip', 'br'],
    ['gzip, deflate, br;q=0', 'gzip'],
    ['br;q=0.0, gzip;q=0', undefined],
    ['identity', undefined],
  ])('Accept-Encoding %s -> %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  it('follows each request header, whatever came before (the last parse is remembered)', () => {
    for (const [header, encoding, bytes] of [
      ['br, gzip', 'br', body.br],
      ['br, gzip', 'br', body.br],
      ['gzip', 'gzip', body.gzip],
      [undefined, undefined, body.raw],
      ['br;q=0, gzip', 'gzip', body.gzip],
      ['br', 'br', body.br],
    ] as const) {
      const picked = pickEncoding(body, header);
      expect(picked.encoding, String(header)).toBe(encoding);
      expect(picked.bytes, String(header)).toBe(bytes);
    }
  });

  it('sends a small body as it is: no compressed copies are made', () => {
    const small = compressBody(Buffer.from('tiny'));
    expect(pickEncoding(small, 'br, gzip')).toEqual({ bytes: small.raw, encoding: undefined });
  });
});
