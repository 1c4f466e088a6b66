import { z } from 'zod';

export const ROLE_ADMIN = 'admin';
export const ROLE_CUSTOMER = 'user';
export const ROLE_CATALOGUE = 'catalogue';
export const ROLE_WAREHOUSE = 'warehouse';
export const ROLES = [ROLE_ADMIN, ROLE_CATALOGUE, ROLE_WAREHOUSE, ROLE_CUSTOMER] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** What the Make Admin screen's role picker shows for each role. */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  catalogue: 'Catalogue',
  warehouse: 'Warehouse',
  user: 'Customer',
};

/** A user as GET /api/user shows it (spec section 3), never with secrets. */
export const UserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
});
export type User = z.infer<typeof UserSchema>;
export const UserListSchema = z.array(UserSchema);

/** PUT /api/user/admin/{email}: more than 0 means the role changed. */
export const MakeAdminResponseSchema = z.object({ modifiedCount: z.number().int() });

export const MAKE_ADMIN_SUCCESS_MESSAGE = 'Successfully made an admin';
export const MAKE_ADMIN_FAILURE_MESSAGE = 'Failed to make an admin';

/** PUT /api/user/role/{email}: grant or revoke a staff role. */
export const SetRoleBodySchema = z.object({ role: RoleSchema });
export const SetRoleResponseSchema = z.object({ email: z.string(), role: RoleSchema });
export const LAST_ADMIN_MESSAGE = 'The last admin stays an admin.';
