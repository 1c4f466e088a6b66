import type { Role } from '../../../shared/user.ts';

/**
 * The caller, as the database knows them on this request (roles are never cached or trusted).
 * The HTTP edge (http/authentication.ts) finds it from the Bearer token; services take it as a
 * plain value and never import the edge.
 */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  emailVerified: boolean;
  /** Enrolled in two-factor sign-in (TOTP). */
  twoFactorEnabled: boolean;
  /** This session itself passed the second factor (a TOTP or backup code): ADR 036. Unset: no. */
  sessionTwoFactorVerified?: boolean;
  /**
   * The staff role this account has but may not use on this session (meanwhile `role` is the
   * customer's): the account must enrol two-factor sign-in (REQUIRE_STAFF_2FA), or, enrolled, this
   * session must verify a code (`twoFactorEnabled` tells which).
   */
  suspendedRole?: Role;
  /** The identity session this request's Bearer token stands for. */
  sessionToken: string;
}
