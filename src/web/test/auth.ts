import { ACCESS_TOKEN_STORAGE_KEY } from '../../shared/constants.ts';
import { jsonResponse } from './fetch-mock.ts';

// The identity service's answers, as better-auth 1.7 shapes them (more fields than the app uses).

export interface TestAccount {
  email: string;
  name: string;
}

export const customer: TestAccount = { email: 'ana@example.com', name: 'Ana Lima' };
export const admin: TestAccount = { email: 'boss@example.com', name: 'Bea Boss' };

function identityUser(account: TestAccount) {
  return {
    id: `id-${account.email}`,
    ...account,
    emailVerified: true,
    image: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

/** 200 from sign-in/email (and sign-up/email): the identity session's token and the user. */
export function identitySignInResponse(account: TestAccount, token = 'identity-token') {
  return jsonResponse({ redirect: false, token, user: identityUser(account) });
}

/** 200 from get-session; `null` (the answer for an unknown or expired session) when no account. */
export function sessionResponse(account: TestAccount | null, token = 'access-token') {
  if (!account) return jsonResponse(null);
  return jsonResponse({
    session: { id: 's1', token, userId: `id-${account.email}`, expiresAt: '2099-01-01T00:00:00Z' },
    user: identityUser(account),
  });
}

/** What a page load finds when the user signed in earlier. */
export function storeAccessToken(token = 'access-token'): void {
  window.localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
}

export function storedAccessToken(): string | null {
  return window.localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY);
}
