import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Role } from '../../shared/user.ts';
import { user } from '../db/schema.ts';
import { signIn, signUp, TEST_PASSWORD, uniqueEmail, type SignedIn } from './accounts.ts';
import type { TestApp } from './test-app.ts';
import { secretOfTotpUri, totpCode } from './totp.ts';

/** A new account with `role` (set in the database, as an admin's grant would). */
export async function signUpWithRole(t: TestApp, role: Role): Promise<SignedIn> {
  const account = await signUp(t.app, { email: uniqueEmail(role), name: `Test ${role}` });
  await t.database.db.update(user).set({ role }).where(eq(user.email, account.email));
  return account;
}

/**
 * Enrols TOTP as My Profile does (password, then a first code) and returns the base32 secret, the
 * backup codes and the account with its new access token (enrolment replaces the session; the new
 * one has passed the second factor, ADR 036). The first code used this 30 s step: a next code in
 * the same test is `nextTotpCode(secret)`.
 */
export async function enrolTotp(
  app: FastifyInstance,
  account: SignedIn,
): Promise<{ secret: string; backupCodes: string[]; account: SignedIn }> {
  const enable = await app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/enable',
    headers: account.headers,
    payload: { password: TEST_PASSWORD },
  });
  expect(enable.statusCode, enable.body).toBe(200);
  const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
  const secret = secretOfTotpUri(totpURI);
  const verify = await app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/verify-totp',
    headers: account.headers,
    payload: { code: totpCode(secret) },
  });
  expect(verify.statusCode, verify.body).toBe(200);
  const token = verify.headers['set-auth-token'];
  expect(typeof token).toBe('string');
  const renewed = await signInAgain(app, account.email, String(token));
  return { secret, backupCodes, account: renewed };
}

async function signInAgain(app: FastifyInstance, email: string, identityToken: string) {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/user/${encodeURIComponent(email)}`,
    headers: { authorization: `Bearer ${identityToken}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { token } = res.json() as { token: string };
  return { email, name: '', token, headers: { authorization: `Bearer ${token}` } };
}

/** Sign-in with two-factor: the password step, then the code step with the two_factor cookie. */
export async function signInWithCode(
  app: FastifyInstance,
  email: string,
  code: string,
  { backup = false } = {},
): Promise<{ status: number; account?: SignedIn }> {
  const first = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password: TEST_PASSWORD },
  });
  expect(first.statusCode, first.body).toBe(200);
  expect(first.json()).toMatchObject({ twoFactorRedirect: true });
  const cookie = [first.headers['set-cookie']]
    .flat()
    .filter((c): c is string => typeof c === 'string')
    .map((c) => c.split(';')[0])
    .join('; ');
  const second = await app.inject({
    method: 'POST',
    url: `/api/auth/two-factor/${backup ? 'verify-backup-code' : 'verify-totp'}`,
    headers: { cookie },
    payload: { code },
  });
  if (second.statusCode !== 200) return { status: second.statusCode };
  const { token } = second.json() as { token: string };
  return { status: 200, account: await signInAgain(app, email, token) };
}

export { signIn };
