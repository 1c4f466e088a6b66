import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './testing/test-app.ts';

// App-wide behaviour: system routes, the SPA fallback, unknown paths, headers and limits.

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'toolhouse-web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(
    join(webRoot, 'index.html'),
    '<!doctype html><title>Toolhouse</title><div id="root"></div>',
  );
  writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await buildTestApp({
    webRoot,
    env: { MAP_TILE_URL: 'https://tiles.example.test/{z}/{x}/{y}.png' },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('system routes', () => {
  it('reports health with the database reachable', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('tells the client only what it may know', async () => {
    const res = await t.app.inject('/api/config');
    expect(res.json()).toEqual({
      mapTileUrl: 'https://tiles.example.test/{z}/{x}/{y}.png',
      socialProviders: { google: false, facebook: false },
      openIdProvider: null,
      payments: { provider: 'test' },
      testModeNotice: false,
    });
  });
});

describe('routing', () => {
  it.each(['/', '/home', '/allProducts', '/blogs', '/no/such/page', '/purchase/123'])(
    'serves the SPA shell for %s',
    async (url) => {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('caches hashed assets for good and other files briefly', async () => {
    expect((await t.app.inject('/assets/index-abc123.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await t.app.inject('/favicon.svg')).headers['cache-control']).toBe(
      'public, max-age=3600',
    );
  });

  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/nope'],
    ['GET', '/api'],
    ['DELETE', '/api/products'],
  ] as const)('answers %s %s with a 404 JSON error', async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', requestId: expect.any(String) });
  });

  it('does not serve the SPA for non-GET requests to page paths', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/allProducts' });
    expect(res.statusCode).toBe(404);
  });
});

describe('security', () => {
  it.each(['/', '/api/products', '/api/nope', '/assets/index-abc123.js'])(
    'sends the security headers on %s',
    async (url) => {
      const res = await t.app.inject(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("img-src 'self' data: https://tiles.example.test");
      expect(csp).not.toContain('unsafe-inline');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-request-id']).toEqual(expect.any(String));
    },
  );

  it('allows no foreign origin (no CORS headers, preflight refused)', async () => {
    const get = await t.app.inject({
      url: '/api/products',
      headers: { origin: 'https://evil.example' },
    });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/contact',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a JSON body over the limit with 413 in the one error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'A', email: 'a@b.co', message: 'x'.repeat(200_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});
