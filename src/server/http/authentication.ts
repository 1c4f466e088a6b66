import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import {
  can,
  isStaffRole,
  STAFF_SESSION_CODE_REQUIRED_MESSAGE,
  STAFF_TWO_FACTOR_REQUIRED_MESSAGE,
  type Permission,
} from '../../shared/permissions.ts';
import { ROLE_ADMIN, ROLE_CUSTOMER } from '../../shared/user.ts';
import type pg from 'pg';
import { Forbidden, ServiceUnavailable, Unauthorized } from '../errors.ts';
import type { Auth, AuthUser } from '../modules/auth/index.ts';
import { createSessionLookup, type SessionLookup } from './session-lookup.ts';

/**
 * Who may call a route: secure by default, so a route must say `public` to be open. `optional` is
 * public too, but a valid Bearer token identifies the caller (an invalid one counts as none).
 * A staff route names the permission it needs (src/shared/permissions.ts), e.g.
 * `{ permission: 'orders.fulfil' }`; `admin` means the full admin role.
 */
export type Access = 'public' | 'optional' | 'user' | 'admin' | { permission: Permission };

/** Whether a route is for staff only (a staff account without two-factor is refused on these). */
export const isStaffAccess = (access: Access | undefined): boolean =>
  access === 'admin' || (typeof access === 'object' && access !== null);

/** May `caller` pass `access` (after authentication)? */
export function allows(caller: AuthUser, access: Access): boolean {
  if (access === 'admin') return caller.role === ROLE_ADMIN;
  if (typeof access === 'object') return can(caller.role, access.permission);
  return true;
}

export interface AuthenticationOptions {
  /** REQUIRE_STAFF_2FA: staff routes refuse a staff account until it enrols two-factor sign-in. */
  requireStaffTwoFactor?: boolean;
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
export async function authenticate(
  lookup: SessionLookup,
  request: FastifyRequest,
): Promise<AuthUser | null> {
  try {
    return await lookup(request.headers.authorization);
  } catch (error) {
    // The session store (our database) did not answer: temporarily unavailable, not "logged out"
    // (the client would drop its token) and not a 500.
    request.log.error({ err: error }, 'identity lookup failed');
    throw new ServiceUnavailable();
  }
}

/**
 * Whether `caller`'s staff role is on hold on this session (ADR 036). Staff powers need a session
 * that passed the second factor itself: an account enrolled in two-factor sign-in uses its staff
 * role only on a session that verified a code (the sign-in's second step, enrolment, or a code
 * entered later: a Google, Facebook or OpenID sign-in, or a session opened before enrolment);
 * with REQUIRE_STAFF_2FA, an account not enrolled may not use it at all. Meanwhile it is refused
 * on staff routes and acts as a customer everywhere else (a service's own staff check, e.g.
 * reading another customer's order, must not let it through either).
 */
export function staffRoleOnHold(caller: AuthUser, requireStaffTwoFactor: boolean): boolean {
  if (!isStaffRole(caller.role) || caller.sessionTwoFactorVerified) return false;
  return caller.twoFactorEnabled || requireStaffTwoFactor;
}

/** Checks every route of this scope that is not public, before its body is even parsed. */
export function registerAuthentication(
  api: FastifyInstance,
  auth: Auth,
  pool: pg.Pool,
  { requireStaffTwoFactor = false }: AuthenticationOptions = {},
): void {
  const lookup = createSessionLookup(auth, pool);
  api.decorateRequest('user', null);
  const effective = (caller: AuthUser): AuthUser =>
    staffRoleOnHold(caller, requireStaffTwoFactor)
      ? { ...caller, role: ROLE_CUSTOMER, suspendedRole: caller.role }
      : caller;
  const authorize = async (request: FastifyRequest, access: Access) => {
    const found = await authenticate(lookup, request);
    const caller = found && effective(found);
    if (access === 'optional') {
      request.user = caller;
      return;
    }
    if (!caller) throw new Unauthorized();
    if (caller.suspendedRole && isStaffAccess(access) && allows(found, access))
      throw new Forbidden(
        caller.twoFactorEnabled
          ? STAFF_SESSION_CODE_REQUIRED_MESSAGE
          : STAFF_TWO_FACTOR_REQUIRED_MESSAGE,
      );
    if (!allows(caller, access)) throw new Forbidden();
    request.user = caller;
  };
  const check: onRequestHookHandler = (request, _reply, done) => {
    authorize(request, request.routeOptions.config.access ?? 'user').then(() => done(), done);
  };
  // Attached to each route that is not public only (secure by default: a route without `access`
  // gets it), so a public route (the cached catalogue) pays nothing, not even a hook call.
  api.addHook('onRoute', (route) => {
    if ((route.config?.access ?? 'user') === 'public') return;
    const own = route.onRequest;
    route.onRequest = [...(own ? [own].flat() : []), check];
  });
}

/** The caller of a route that is not public (the hook above guarantees one). */
export function callerOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw new Unauthorized();
  return request.user;
}
