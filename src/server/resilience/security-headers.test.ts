import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, TEST_PASSWORD } from '../testing/accounts.ts';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';

// The security headers on every kind of answer, and no secret in any of them (docs/architecture.md, Where things are: security).
// The built client is checked for secrets by e2e/security.spec.ts.

const AUTH_SECRET = 'resilience-auth-secret-0123456789abcdef';
const SECRETS = {
  AUTH_SECRET,
  GOOGLE_CLIENT_SECRET: 'google-client-secret-resilience',
  FACEBOOK_CLIENT_SECRET: 'facebook-client-secret-resilience',
  STRIPE_SECRET_KEY: 'sk_test_resilienceSecretKey123',
  STRIPE_WEBHOOK_SECRET: 'whsec_resilienceWebhookSecret123',
};
/** Any Stripe secret or webhook key, or one of the configured secrets. */
const LEAK = new RegExp(
  [/\bsk_(test|live)_[0-9a-z]+/i.source, /whsec_[0-9a-z]+/i.source, ...Object.values(SECRETS)].join(
    '|',
  ),
);

const webRoot = mkdtempSync(join(tmpdir(), 'toolhouse-web-'));
writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Toolhouse</title>');
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    webRoot,
    env: {
      ...SECRETS,
      GOOGLE_CLIENT_ID: 'google-client-id',
      FACEBOOK_CLIENT_ID: 'facebook-client-id',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_resiliencePublishable',
    },
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const expectSecurityHeaders = (headers: Record<string, unknown>, what: string) => {
  expect(headers['content-security-policy'], what).toMatch(/frame-ancestors 'none'/);
  expect(headers['content-security-policy'], what).toMatch(/script-src 'self'/);
  expect(headers['content-security-policy'], what).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBeTruthy();
  expect(headers['x-powered-by'], what).toBeUndefined();
};

describe('every kind of answer', () => {
  it('carries the security headers and no secret', async () => {
    const account = await signUp(t.app);
    const products = await t.app.inject({ url: '/api/products' });
    const img = (products.json() as { img: string }[])[0]?.img ?? '';
    expect(img).toMatch(/^\/images\//);

    const answers = {
      'API JSON': products,
      'API 404': await t.app.inject({ url: '/api/nothing-here' }),
      'SPA page': await t.app.inject({ url: '/dashboard/my-orders' }),
      'SPA root': await t.app.inject({ url: '/' }),
      image: await t.app.inject({ url: img }),
      'missing image': await t.app.inject({ url: `/images/${'a'.repeat(64)}.webp` }),
      'public config': await t.app.inject({ url: '/api/config' }),
      health: await t.app.inject({ url: '/api/health' }),
      '401': await t.app.inject({ method: 'POST', url: '/api/purchase', payload: {} }),
      '400': await t.app.inject({
        method: 'POST',
        url: '/api/purchase',
        headers: account.headers,
        payload: { productId: 1 },
      }),
      '413': await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ message: 'x'.repeat(200_000) }),
      }),
      '415': await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'text/plain' },
        payload: 'hello',
      }),
      'sign-in': await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: account.email, password: TEST_PASSWORD },
      }),
      session: await t.app.inject({ url: '/api/auth/get-session', headers: account.headers }),
      'my orders': await t.app.inject({
        url: `/api/purchase?customerEmail=${account.email}`,
        headers: account.headers,
      }),
      profile: await t.app.inject({
        url: `/api/userProfile?email=${account.email}`,
        headers: account.headers,
      }),
    };

    expect(answers['API JSON'].statusCode).toBe(200);
    expect(answers['API 404'].statusCode).toBe(404);
    expect(answers['SPA page'].headers['content-type']).toMatch(/text\/html/);
    expect(answers.image.headers['content-type']).toBe('image/webp');
    expect(answers['401'].statusCode).toBe(401);
    expect(answers['400'].statusCode).toBe(400);
    expect(answers['413'].statusCode).toBe(413);
    expect(answers['415'].statusCode).toBe(415);
    expect(answers['sign-in'].statusCode).toBe(200);

    for (const [what, res] of Object.entries(answers)) {
      expectSecurityHeaders(res.headers, what);
      expect(res.body, what).not.toMatch(LEAK);
      expect(JSON.stringify(res.headers), what).not.toMatch(LEAK);
    }
  });
});
