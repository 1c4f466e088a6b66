import { describe, expect, it } from 'vitest';
import {
  STAFF_SESSION_CODE_REQUIRED_MESSAGE,
  STAFF_TWO_FACTOR_REQUIRED_MESSAGE,
} from '../../../shared/permissions.ts';
import { signIn, signUp } from '../../testing/accounts.ts';
import { enrolTotp, signInWithCode, signUpWithRole } from '../../testing/staff.ts';
import { setUpTestApp } from '../../testing/test-app.ts';
import { nextTotpCode } from '../../testing/totp.ts';

describe('two-factor sign-in (TOTP)', () => {
  const t = setUpTestApp();

  it('enrols with the password and a first code, then sign-in asks for a code', async () => {
    const customer = await signUp(t.app);
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      headers: customer.headers,
      payload: { password: 'not-the-password' },
    });
    expect(wrongPassword.statusCode).toBe(400);

    const { secret, backupCodes, account } = await enrolTotp(t.app, customer);
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me/permissions',
      headers: account.headers,
    });
    expect(me.json()).toMatchObject({ role: 'user', twoFactorEnabled: true });

    // The password alone no longer signs in.
    await expect(signIn(t.app, customer.email)).rejects.toThrow();
    expect((await signInWithCode(t.app, customer.email, '000000')).status).toBe(401);
    // The next step's code: enrolment used this step's, and a code works once.
    const withCode = await signInWithCode(t.app, customer.email, nextTotpCode(secret));
    expect(withCode.status).toBe(200);
    const orders = await t.app.inject({
      method: 'GET',
      url: `/api/purchase?customerEmail=${customer.email}`,
      headers: withCode.account?.headers,
    });
    expect(orders.statusCode).toBe(200);

    // A backup code works once.
    const code = backupCodes[0] ?? '';
    expect((await signInWithCode(t.app, customer.email, code, { backup: true })).status).toBe(200);
    expect((await signInWithCode(t.app, customer.email, code, { backup: true })).status).toBe(401);
  });

  it('a code needs the first step: no two_factor cookie, no session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      payload: { code: '123456' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('REQUIRE_STAFF_2FA=true', () => {
  const t = setUpTestApp({ env: { REQUIRE_STAFF_2FA: 'true' } });

  it('refuses staff routes to a staff account until it enrols, with a clear message', async () => {
    const warehouse = await signUpWithRole(t, 'warehouse');
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/purchase1',
      headers: warehouse.headers,
    });
    expect(before.statusCode).toBe(403);
    expect(before.json()).toMatchObject({ message: STAFF_TWO_FACTOR_REQUIRED_MESSAGE });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me/permissions',
      headers: warehouse.headers,
    });
    expect(me.json()).toMatchObject({ twoFactorEnabled: false, twoFactorRequired: true });

    // Nor does its role count where a service checks it (another customer's orders).
    const customer = await signUp(t.app);
    // Another session of the account (a stolen password, say), opened before enrolment.
    const earlier = await signIn(t.app, warehouse.email);
    const theirs = `/api/purchase?customerEmail=${encodeURIComponent(customer.email)}`;
    const held = await t.app.inject({ method: 'GET', url: theirs, headers: warehouse.headers });
    expect(held.statusCode).toBe(403);

    const { account, secret } = await enrolTotp(t.app, warehouse);
    const allowed = await t.app.inject({ method: 'GET', url: theirs, headers: account.headers });
    expect(allowed.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/purchase1',
      headers: account.headers,
    });
    expect(after.statusCode).toBe(200);

    // The earlier session did not pass the second factor: enrolment gives it nothing.
    const earlierStaff = await t.app.inject({
      method: 'GET',
      url: '/api/purchase1',
      headers: earlier.headers,
    });
    expect(earlierStaff.statusCode).toBe(403);
    expect(earlierStaff.json()).toMatchObject({ message: STAFF_SESSION_CODE_REQUIRED_MESSAGE });
    expect(
      (await t.app.inject({ method: 'GET', url: theirs, headers: earlier.headers })).statusCode,
    ).toBe(403);
    // Until it verifies a code itself.
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      headers: earlier.headers,
      payload: { code: nextTotpCode(secret) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/purchase1', headers: earlier.headers }))
        .statusCode,
    ).toBe(200);
  });

  it('customers are not asked to enrol', async () => {
    const customer = await signUp(t.app);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me/permissions',
      headers: customer.headers,
    });
    expect(me.json()).toMatchObject({ twoFactorRequired: false });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/purchase?customerEmail=${customer.email}`,
      headers: customer.headers,
    });
    expect(res.statusCode).toBe(200);
  });
});
