import { queryKeys } from '../query-keys.ts';

// What the session state and the identity calls share; its own module so that neither imports
// the other (the identity calls are loaded on demand by the session).

/** The signed-in user: the spec's session email and displayName. */
export interface AccountUser {
  email: string;
  name: string;
}

/** An identity session just opened: its token proves who the user is to PUT /api/user/{email}. */
export interface IdentitySignIn {
  token: string;
  user: AccountUser;
}

/** The query cache key of the auth state. */
export const SESSION_QUERY_KEY = queryKeys.session;
