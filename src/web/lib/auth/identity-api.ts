import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiPaths } from '../../../shared/api-paths.ts';
import { AccessTokenResponseSchema } from '../../../shared/auth.ts';
import { apiClient, isApiError } from '../api-client.ts';
import { clearAccessToken, getAccessToken, setAccessToken } from '../access-token.ts';
import { isSameForEveryone } from '../query-client.ts';
import { SESSION_QUERY_KEY, type AccountUser, type IdentitySignIn } from './account.ts';

export type { IdentitySignIn } from './account.ts';

// The calls every signed-in screen depends on: restoring the session, trading an identity session
// for our access token, signing out. Loaded on demand, so the app shell stays free of zod.

/** The part of better-auth's user the storefront uses (better-auth sends more; it is dropped). */
export const IdentityUserSchema = z.object({ email: z.string().min(1), name: z.string() });

/** GET /api/auth/get-session: null when the session is unknown or expired. */
const SessionResponseSchema = z
  .object({ session: z.object({ token: z.string().min(1) }), user: IdentityUserSchema })
  .nullable();

const STORAGE_BLOCKED_MESSAGE =
  'Your browser does not let this site store data, so we cannot keep you signed in.';

/**
 * The identity session named by `bearerToken`, or, with null, by the identity cookie (set when a
 * social sign-in comes back to the shop).
 */
export async function getIdentitySession(
  bearerToken: string | null,
  options: { signal?: AbortSignal } = {},
): Promise<IdentitySignIn | null> {
  const answer = await apiClient.get(apiPaths.auth.session, SessionResponseSchema, {
    ...options,
    bearerToken,
  });
  return answer && { token: answer.session.token, user: toAccountUser(answer.user) };
}

function toAccountUser(user: AccountUser): AccountUser {
  return { email: user.email, name: user.name };
}

/** Page load: the stored token's user, or null (and the token forgotten) when it is no longer valid. */
export async function restoreSession(signal?: AbortSignal): Promise<AccountUser | null> {
  const token = getAccessToken();
  if (!token) return null;
  try {
    const session = await getIdentitySession(token, { signal });
    if (session) return session.user;
  } catch (error) {
    // Anything but "this token is not valid" (offline, a 5xx) may pass: keep the token for a retry.
    if (!(isApiError(error) && error.status === 401)) throw error;
  }
  clearAccessToken();
  return null;
}

/** PUT /api/user/{email} with the identity session as Bearer: the access token for our API. */
function exchangeAccessToken({ token, user }: IdentitySignIn) {
  const body = { email: user.email }; // the spec's payload; the server trusts only the session
  return apiClient.put(apiPaths.accessToken(user.email), body, AccessTokenResponseSchema, {
    bearerToken: token,
  });
}

/** Revokes the session on the identity service; failures do not matter to the caller. */
async function signOutIdentity(token: string): Promise<void> {
  try {
    await apiClient.post(apiPaths.auth.signOut, {}, z.unknown(), {
      bearerToken: token,
      keepalive: true,
    });
  } catch {
    // Signed out locally either way; an unrevoked session expires on its own.
  }
}

/** Cached answers belong to the user who asked: a new or no user must not see them. */
function forgetAccountData(queryClient: QueryClient): void {
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] && !isSameForEveryone(query),
  });
}

/**
 * After any sign-in or registration: obtain and store the access token, then show the user as
 * signed in. On failure the user stays signed out and the identity session is closed again.
 */
export async function completeSignIn(
  queryClient: QueryClient,
  identity: IdentitySignIn,
): Promise<AccountUser> {
  let accessToken: string;
  try {
    ({ token: accessToken } = await exchangeAccessToken(identity));
    setAccessToken(accessToken);
    if (getAccessToken() !== accessToken) throw new Error(STORAGE_BLOCKED_MESSAGE);
  } catch (error) {
    void signOutIdentity(identity.token);
    throw error;
  }
  // A restore still in flight must not overwrite the new user.
  await queryClient.cancelQueries({ queryKey: SESSION_QUERY_KEY });
  forgetAccountData(queryClient);
  const user = toAccountUser(identity.user);
  queryClient.setQueryData<AccountUser | null>(SESSION_QUERY_KEY, user);
  return user;
}

/**
 * Sign Out: forget every cached answer at once, then revoke `token` (taken from storage by the
 * caller) on the server.
 */
export async function endSession(queryClient: QueryClient, token: string | null): Promise<void> {
  clearAccessToken();
  await queryClient.cancelQueries({ queryKey: SESSION_QUERY_KEY });
  queryClient.setQueryData<AccountUser | null>(SESSION_QUERY_KEY, null);
  forgetAccountData(queryClient);
  if (token) await signOutIdentity(token);
}
