import { afterAll, beforeAll, vi } from 'vitest';
import { buildTestApp, type TestApp } from './test-app.ts';
import { startFakeStripe, type FakeStripeServer } from '../modules/payments/fake-stripe-server.ts';

/** Stripe's configuration in these tests: test-mode keys no real Stripe knows. */
export const STRIPE_TEST_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_offline',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_offline',
  STRIPE_WEBHOOK_SECRET: 'whsec_test_secret',
};

export interface StripeTestApp extends TestApp {
  /** What the app's Stripe calls reach; a test may replace it (a restart on the same port). */
  stripe: FakeStripeServer;
}

/**
 * The test app with Stripe configured, offline: the SDK's calls to api.stripe.com go over real
 * HTTP to a local fake of Stripe's API (the global fetch is redirected before the app builds its
 * Stripe client, which takes it then). Built before the file's tests, closed after them. The
 * returned object is filled in by then: read it inside tests and hooks only.
 */
export function setUpAppWithFakeStripe(): StripeTestApp {
  const t = {} as StripeTestApp;
  beforeAll(async () => {
    t.stripe = await startFakeStripe();
    const realFetch = globalThis.fetch;
    const local = `http://${t.stripe.host}:${t.stripe.port}`;
    vi.stubGlobal('fetch', (input: string | URL, init?: RequestInit) =>
      realFetch(String(input).replace('https://api.stripe.com', local), init),
    );
    Object.assign(t, await buildTestApp({ env: STRIPE_TEST_ENV }));
  });
  afterAll(async () => {
    // Optional: an app that failed to build has nothing to close, and its own error says why.
    await t.close?.();
    vi.unstubAllGlobals();
    await t.stripe?.close();
  });
  return t;
}
