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
    Object.assign(t, await buildTestApp({ env: options.env ?? {} }));
    t.customer = await signUp(t.app, { name: options.customerName ?? 'Carla Customer' });
    t.other = await signUp(t.app, { name: 'Otto Other' });
    t.admin = await signUpAdmin(t);
  });
  // Optional: an app that failed to build has nothing to close, and its own error says why.
  afterAll(() => t.close?.());
  return t;
}
