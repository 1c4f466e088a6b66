import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestApp } from './test-app.ts';
import { startFakeStripe, type FakeStripeServer } from './fake-stripe-server.ts';

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
 * The test app with Stripe configured, offline: STRIPE_API_URL points the app's Stripe client at a
 * local fake of Stripe's API over real HTTP (the path an operator uses for a mock or a proxy).
 * `moreEnv` adds settings (`{ TAX_PROVIDER: 'stripe' }`: Stripe Tax at the same fake).
 * Built before the file's tests, closed after them. The returned object is filled in by then: read
 * it inside tests and hooks only.
 */
export function setUpAppWithFakeStripe(moreEnv: Record<string, string> = {}): StripeTestApp {
  const t = {} as StripeTestApp;
  beforeAll(async () => {
    t.stripe = await startFakeStripe();
    const env = {
      ...STRIPE_TEST_ENV,
      STRIPE_API_URL: `http://${t.stripe.host}:${t.stripe.port}`,
      ...moreEnv,
    };
    Object.assign(t, await buildTestApp({ env }));
  });
  afterAll(async () => {
    // Optional: an app that failed to build has nothing to close, and its own error says why.
    await t.close?.();
    await t.stripe?.close();
  });
  return t;
}
