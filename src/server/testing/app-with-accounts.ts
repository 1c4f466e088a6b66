import { afterAll, beforeAll } from 'vitest';
import { signUp, signUpAdmin, type SignedIn } from './accounts.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

/** The test app and the three accounts a file's ownership and role checks need. */
export interface AppWithAccounts extends TestApp {
  customer: SignedIn;
  /** A second customer, whose orders and account the first may not touch. */
  other: SignedIn;
  admin: SignedIn;
}

/**
 * Builds the real app (`buildTestApp`) with a customer, another customer and an admin before the
 * file's tests and closes it after them. The returned object is filled in by then: read it inside
 * tests and hooks only.
 */
export function setUpAppWithAccounts(
  options: { customerName?: string; env?: NodeJS.ProcessEnv } = {},
): AppWithAccounts {
  const t = {} as AppWithAccounts;
  beforeAll(async () => {
    const testApp = await buildTestApp({ env: options.env ?? {} });
    Object.assign(t, testApp, {
      customer: await signUp(testApp.app, { name: options.customerName ?? 'Carla Customer' }),
      other: await signUp(testApp.app, { name: 'Otto Other' }),
      admin: await signUpAdmin(testApp),
    });
  });
  afterAll(() => t.close());
  return t;
}
