import { z } from 'zod';

export const ROLE_ADMIN = 'admin';
export const ROLE_CUSTOMER = 'user';
export const RoleSchema = z.enum([ROLE_ADMIN, ROLE_CUSTOMER]);
export type Role = z.infer<typeof RoleSchema>;

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
