import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROLE_ADMIN, type Role } from '../../shared/user.ts';
import { Forbidden, ServiceUnavailable, Unauthorized } from '../errors.ts';
import type { Auth } from '../modules/auth/auth.ts';

/**
 * Who may call a route: secure by default, so a route must say `public` to be open. `optional` is
 * public too, but a valid Bearer token identifies the caller (an invalid one counts as none).
 */
export type Access = 'public' | 'optional' | 'user' | 'admin';

/** The caller, as the database knows them on this request (roles are never cached or trusted). */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  emailVerified: boolean;
  /** The identity session this request's Bearer token stands for. */
  sessionToken: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** The Bearer token's session, or null. Only the Authorization header counts on our API. */
export async function authenticate(auth: Auth, request: FastifyRequest): Promise<AuthUser | null> {
  const authorization = request.headers.authorization;
  if (!authorization || !/^bearer\s+\S/i.test(authorization)) return null;
  let found;
  try {
    found = await auth.api.getSession({ headers: new Headers({ authorization }) });
  } catch (error) {
    // better-auth logs the cause and reports only "failed to get session": the session store (our
    // database) did not answer. Temporarily unavailable, not "logged out" (the client would drop
    // its token) and not a 500.
    const { statusCode } = error as { statusCode?: unknown };
    if (typeof statusCode === 'number' && statusCode >= 500) throw new ServiceUnavailable();
    throw error;
  }
  if (!found) return null;
  return {
    id: found.user.id,
    email: found.user.email.toLowerCase(),
    name: found.user.name,
    role: found.user.role === ROLE_ADMIN ? ROLE_ADMIN : 'user',
    emailVerified: found.user.emailVerified,
    sessionToken: found.session.token,
  };
}

/** Checks every route of this scope before its body is even parsed. */
export function registerAuthentication(api: FastifyInstance, auth: Auth): void {
  api.decorateRequest('user', null);
  api.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access ?? 'user';
    if (access === 'public') return;
    if (access === 'optional') {
      request.user = await authenticate(auth, request);
      return;
    }
    const caller = await authenticate(auth, request);
    if (!caller) throw new Unauthorized();
    if (access === 'admin' && caller.role !== ROLE_ADMIN) throw new Forbidden();
    request.user = caller;
  });
}

/** The caller of a route that is not public (the hook above guarantees one). */
export function callerOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw new Unauthorized();
  return request.user;
}
