import { useState } from 'react';
import { useHydrated } from '../use-hydrated.ts';
import { useAuth, type AccountUser } from './session.ts';

export interface SignedInGate {
  /** The signed-in user, once the page is live and the stored session is checked. */
  user: AccountUser | undefined;
  /** True when the visitor is known to be signed out: the page sends them to sign in. */
  signInFirst: boolean;
}

/**
 * For a server-rendered page meant for signed-in users (the product page, ADR 030); the same rule
 * as RequireAuth's, which the browser-rendered screens use. Until the page is live (server HTML, hydration) and while
 * the stored session is checked there is no user and no redirect: the page shows what it can
 * without one. A visitor found signed out is sent to sign in; one who signs out while here is not
 * (whoever signed them out is already taking them elsewhere: a redirect too would race that
 * navigation and could win it).
 */
export function useSignedInGate(): SignedInGate {
  const { status, user } = useAuth();
  const hydrated = useHydrated();
  // Remembered across renders (React's "information from previous renders" pattern).
  const [wasSignedIn, setWasSignedIn] = useState(status === 'signedIn');
  if (status === 'signedIn' && !wasSignedIn) setWasSignedIn(true);
  return { user, signInFirst: hydrated && status === 'signedOut' && !wasSignedIn };
}
