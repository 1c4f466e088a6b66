import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_SESSION_CODE_REQUIRED_MESSAGE } from '../../../shared/permissions.ts';
import { user } from '../../db/schema.ts';
import { signIn, signUp, TEST_PASSWORD, type SignedIn } from '../../testing/accounts.ts';
import { signInWithOpenId, startTestOpenIdProvider } from '../../testing/openid.ts';
import { enrolTotp, signInWithCode } from '../../testing/staff.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { nextTotpCode, totpCode } from '../../testing/totp.ts';
import {
  CODE_ALREADY_USED_MESSAGE,
  DISABLE_NEEDS_CODE_MESSAGE,
  TOO_MANY_CODES_MESSAGE,
} from './second-factor.ts';

// ADR 036: staff powers follow the session, not the account. Default configuration
// (REQUIRE_STAFF_2FA off): an account enrolled in two-factor sign-in still needs a session that
// verified a code; the REQUIRE_STAFF_2FA cases are in two-factor.test.ts.

let t: TestApp;
let oidc: Awaited<ReturnType<typeof startTestOpenIdProvider>>;
beforeAll(async () => {
  oidc = await startTestOpenIdProvider('http://localhost:3000');
  t = await buildTestApp({ env: oidc.env });
});
afterAll(async () => {
  await t?.close();
  await oidc?.stop();
});

let counter = 0;
/**
 * An admin with a proven e-mail that the OpenID provider also vouches for (`<login>@example.com`):
 * its OpenID sign-in links to the account.
 */
async function signUpAdminFor(login: string): Promise<SignedIn> {
  const account = await signUp(t.app, { email: `${login}@example.com`, name: 'Test Admin' });
  await t.database.db
    .update(user)
    .set({ role: 'admin', emailVerified: true })
    .where(eq(user.email, account.email));
  return account;
}
const uniqueLogin = (prefix: string) =>
  `${prefix}${process.pid}${Date.now().toString(36)}${(counter += 1)}`;

const verifyCode = (account: SignedIn, code: string, backup = false) =>
  t.app.inject({
    method: 'POST',
    url: `/api/auth/two-factor/${backup ? 'verify-backup-code' : 'verify-totp'}`,
    headers: account.headers,
    payload: { code },
  });
const listUsers = (account: SignedIn) =>
  t.app.inject({ method: 'GET', url: '/api/user', headers: account.headers });
const permissionsOf = async (account: SignedIn) =>
  (
    await t.app.inject({ method: 'GET', url: '/api/me/permissions', headers: account.headers })
  ).json();

describe('a second factor per session', () => {
  it('an OpenID sign-in of an enrolled admin has no staff power until it verifies a code', async () => {
    const login = uniqueLogin('oidcadmin');
    const { secret } = await enrolTotp(t.app, await signUpAdminFor(login));
    const customer = await signUp(t.app);

    const viaOpenId = await signInWithOpenId(t.app, t.config.publicUrl, login);
    const refused = await listUsers(viaOpenId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: STAFF_SESSION_CODE_REQUIRED_MESSAGE });
    expect(await permissionsOf(viaOpenId)).toMatchObject({
      role: 'admin',
      twoFactorEnabled: true,
      sessionCodeRequired: true,
    });
    // Nor where a service decides staff power itself (another customer's orders).
    const theirs = `/api/purchase?customerEmail=${encodeURIComponent(customer.email)}`;
    const held = await t.app.inject({ method: 'GET', url: theirs, headers: viaOpenId.headers });
    expect(held.statusCode).toBe(403);

    expect((await verifyCode(viaOpenId, '000000')).statusCode).toBe(401);
    expect((await listUsers(viaOpenId)).statusCode).toBe(403);
    const verified = await verifyCode(viaOpenId, nextTotpCode(secret));
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await listUsers(viaOpenId)).statusCode).toBe(200);
    const allowed = await t.app.inject({ method: 'GET', url: theirs, headers: viaOpenId.headers });
    expect(allowed.statusCode).toBe(200);
    expect(await permissionsOf(viaOpenId)).toMatchObject({ sessionCodeRequired: false });
  });

  it('a session opened before enrolment gains no staff power when the owner enrols', async () => {
    const owner = await signUpAdminFor(uniqueLogin('owner'));
    const stolen = await signIn(t.app, owner.email);
    expect((await listUsers(stolen)).statusCode).toBe(200);

    const { account: enrolled } = await enrolTotp(t.app, owner);
    // Enrolment verified the owner's own session.
    expect((await listUsers(enrolled)).statusCode).toBe(200);
    const refused = await listUsers(stolen);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: STAFF_SESSION_CODE_REQUIRED_MESSAGE });
    // A customer's own pages still work for it.
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/purchase?customerEmail=${encodeURIComponent(owner.email)}`,
      headers: stolen.headers,
    });
    expect(own.statusCode).toBe(200);

    // Nor may it turn two-factor off with the password, to sign in again without a code.
    const disable = (account: SignedIn) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/disable',
        headers: account.headers,
        payload: { password: TEST_PASSWORD },
      });
    const refusedDisable = await disable(stolen);
    expect(refusedDisable.statusCode).toBe(403);
    expect(refusedDisable.json()).toMatchObject({ message: DISABLE_NEEDS_CODE_MESSAGE });
    expect(await permissionsOf(enrolled)).toMatchObject({ twoFactorEnabled: true });
    // The owner's verified session may.
    expect((await disable(enrolled)).statusCode).toBe(200);
  });

  it('a backup code verifies a session, once', async () => {
    const login = uniqueLogin('backup');
    const { backupCodes } = await enrolTotp(t.app, await signUpAdminFor(login));
    const code = backupCodes[0] ?? '';
    const first = await signInWithOpenId(t.app, t.config.publicUrl, login);
    const second = await signInWithOpenId(t.app, t.config.publicUrl, login);

    expect((await verifyCode(first, code, true)).statusCode).toBe(200);
    expect((await listUsers(first)).statusCode).toBe(200);
    const again = await verifyCode(second, code, true);
    expect(again.statusCode).toBe(401);
    expect((await listUsers(second)).statusCode).toBe(403);
  });
});

describe('a TOTP code works once', () => {
  it('the same code does not sign in twice', async () => {
    const account = await signUp(t.app);
    const { secret } = await enrolTotp(t.app, account);
    const code = nextTotpCode(secret);
    expect((await signInWithCode(t.app, account.email, code)).status).toBe(200);
    expect((await signInWithCode(t.app, account.email, code)).status).toBe(401);
  });

  it('nor verifies two sessions when sent for both at once', async () => {
    const login = uniqueLogin('once');
    const admin = await signUpAdminFor(login);
    const { secret } = await enrolTotp(t.app, admin);
    const sessions = await Promise.all([
      signInWithOpenId(t.app, t.config.publicUrl, login),
      signInWithOpenId(t.app, t.config.publicUrl, login),
    ]);
    const code = nextTotpCode(secret);
    const answers = await Promise.all(sessions.map((session) => verifyCode(session, code)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    const refused = answers.find((answer) => answer.statusCode === 401);
    expect(refused?.json()).toMatchObject({ message: CODE_ALREADY_USED_MESSAGE });
    const staff = await Promise.all(sessions.map((session) => listUsers(session)));
    expect(staff.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
  });
});

describe('codes are limited per account', () => {
  it('5 wrong codes from any addresses, then 429 for that account, even with the right code', async () => {
    const login = uniqueLogin('limited');
    const { secret, account } = await enrolTotp(t.app, await signUpAdminFor(login));
    const session = await signInWithOpenId(t.app, t.config.publicUrl, login);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/verify-totp',
        headers: session.headers,
        payload: { code: '000000' },
        remoteAddress: `10.39.0.${attempt}`,
      });
      expect(wrong.statusCode).toBe(401);
    }
    const limited = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: session.headers,
      payload: { code: nextTotpCode(secret) },
      remoteAddress: '10.39.1.1',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: TOO_MANY_CODES_MESSAGE,
    });
    // The sign-in's second step counts for the same account.
    expect((await signInWithCode(t.app, account.email, totpCode(secret))).status).toBe(429);
    expect((await listUsers(session)).statusCode).toBe(403);

    // Another account is not affected.
    const other = await signUp(t.app);
    const { secret: otherSecret } = await enrolTotp(t.app, other);
    expect((await signInWithCode(t.app, other.email, nextTotpCode(otherSecret))).status).toBe(200);
  });
});
