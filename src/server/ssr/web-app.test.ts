import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';

// The build writes .br and .gz copies beside the text files of dist/web (scripts/build.mjs).
let t: TestApp;
let webRoot: string;
const html = `<!doctype html><html><body>${'<p>shell</p>'.repeat(200)}</body></html>`;
const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'toolhouse-web-'));
  mkdirSync(join(webRoot, 'assets'));
  for (const [file, content] of [
    ['index.html', html],
    ['assets/index-abc123.js', js],
  ] as const) {
    writeFileSync(join(webRoot, file), content);
    writeFileSync(join(webRoot, `${file}.br`), brotliCompressSync(content));
    writeFileSync(join(webRoot, `${file}.gz`), gzipSync(content));
  }
  t = await buildTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('precompressed static files', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip', 'gzip'],
  ])('sends the %s copy with the caching of its source', async (accept, encoding) => {
    // Pages are rendered (and compressed) by the server renderer: see ssr/pages.test.ts.
    for (const [url, cacheControl] of [
      ['/assets/index-abc123.js', 'public, max-age=31536000, immutable'],
    ] as const) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': accept } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe(encoding);
      expect(res.headers['cache-control'], url).toBe(cacheControl);
      expect(String(res.headers.vary), url).toMatch(/accept-encoding/i);
    }
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    const res = await t.app.inject({ url: '/assets/index-abc123.js', headers: {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(js);
    const shell = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(shell.body).toBe(html);
    expect(shell.headers['cache-control']).toBe('no-cache');
  });
});
