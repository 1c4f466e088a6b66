import { z } from 'zod';

// Staff roles and what each may do: the one map the server checks (http/authentication.ts) and the
// web reads (the dashboard shows each role only what it can do). Routes declare a permission, never
// a role, so a new role is a new line here.

export const PERMISSIONS = [
  /** Products, categories, images, prices, stock, import. */
  'catalogue.manage',
  /** Every customer's orders (list, detail, export). */
  'orders.view',
  /** Ship an order; cancel an unpaid one; handle returns. */
  'orders.fulfil',
  /** Accounts and their roles. */
  'users.manage',
  /** Review moderation. */
  'reviews.moderate',
  /** The audit log. */
  'audit.view',
  /** Refunds, quotes answers, recalls, webhooks, site speed, failed mail: admin-only matters. */
  'admin.other',
] as const;
export const PermissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof PermissionSchema>;

export const STAFF_ROLES = ['admin', 'catalogue', 'warehouse'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const ROLE_PERMISSIONS: Record<string, readonly Permission[]> = {
  admin: PERMISSIONS,
  catalogue: ['catalogue.manage'],
  warehouse: ['orders.view', 'orders.fulfil'],
  user: [],
};

/** What `role` may do; an unknown role may do nothing. */
export function permissionsOf(role: string): readonly Permission[] {
  return ROLE_PERMISSIONS[role] ?? [];
}

export function can(role: string, permission: Permission): boolean {
  return permissionsOf(role).includes(permission);
}

/** Any staff role (it may call some staff route). */
export function isStaffRole(role: string): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

/** GET /api/me/permissions. */
export const MyPermissionsSchema = z.object({
  role: z.string(),
  permissions: z.array(PermissionSchema),
  twoFactorEnabled: z.boolean(),
  /** True when the staff routes refuse this account until it enrols two-factor sign-in. */
  twoFactorRequired: z.boolean(),
  /**
   * True when the account is enrolled but this session has not passed the second factor (a
   * Google, Facebook or OpenID sign-in, or a session from before enrolment): the staff routes
   * refuse it until it verifies a code (POST /api/auth/two-factor/verify-totp with its token).
   */
  sessionCodeRequired: z.boolean(),
});
export type MyPermissions = z.infer<typeof MyPermissionsSchema>;

/** The message of the 403 a staff account without two-factor sign-in gets (REQUIRE_STAFF_2FA). */
export const STAFF_TWO_FACTOR_REQUIRED_MESSAGE =
  'Staff accounts must turn on two-factor sign-in in My Profile before using staff screens.';

/** The message of the 403 a staff session that has not passed the second factor gets (ADR 036). */
export const STAFF_SESSION_CODE_REQUIRED_MESSAGE =
  'Enter a code from your authenticator app to use staff screens with this sign-in.';
