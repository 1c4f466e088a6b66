import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getAccessToken, takeAccessToken } from '../access-token.ts';
import { useHydrated } from '../use-hydrated.ts';
import { SESSION_QUERY_KEY, type AccountUser, type IdentitySignIn } from './account.ts';

export { SESSION_QUERY_KEY, type AccountUser } from './account.ts';

// The auth state every screen reads (spec section 4: loading, signed out, signed in). It lives in
// the query cache under one key; the identity calls are loaded only when they are needed.

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: async ({ signal }): Promise<AccountUser | null> => {
      const { restoreSession } = await import('./identity-api.ts');
      return restoreSession(signal);
    },
    // Without a stored token the answer is known at once: no request, no loading state.
    initialData: () => (getAccessToken() ? undefined : null),
    // Sign-in and sign-out write the answer themselves; it is never stale.
    staleTime: Infinity,
    gcTime: Infinity,
  });

export type AuthState =
  | { status: 'loading'; user: undefined }
  | { status: 'signedOut'; user: undefined }
  | { status: 'signedIn'; user: AccountUser };

export type Auth = AuthState & {
  /** Stores the access token for a new identity session; rejects (and stays signed out) on failure. */
  signIn: (identity: IdentitySignIn) => Promise<AccountUser>;
  /** Forgets the stored token and the user's cached data at once, then revokes the session. */
  signOut: (token?: string | null) => Promise<void>;
};

export function useAuth(): Auth {
  const queryClient = useQueryClient();
  const session = useQuery(sessionQueryOptions());
  // The server knows no stored token: it renders public pages signed out, and so does hydration.
  const hydrated = useHydrated();

  const signIn = useCallback(
    async (identity: IdentitySignIn) => {
      const { completeSignIn } = await import('./identity-api.ts');
      return completeSignIn(queryClient, identity);
    },
    [queryClient],
  );
  const signOut = useCallback(
    async (token: string | null = takeAccessToken()) => {
      const { endSession } = await import('./identity-api.ts');
      await endSession(queryClient, token);
    },
    [queryClient],
  );

  if (!hydrated) return { status: 'signedOut', user: undefined, signIn, signOut };
  if (session.isPending) return { status: 'loading', user: undefined, signIn, signOut };
  // A session that could not be checked (offline) counts as signed out; a reload tries again.
  if (!session.data) return { status: 'signedOut', user: undefined, signIn, signOut };
  return { status: 'signedIn', user: session.data, signIn, signOut };
}

/** The user of a screen that only renders behind RequireAuth. */
export function useSignedInUser(): AccountUser {
  const { user } = useAuth();
  if (!user) throw new Error('useSignedInUser is only for screens behind RequireAuth');
  return user;
}
