import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EmailParamsSchema } from '../../../shared/auth.ts';
import { isStaffRole, MyPermissionsSchema, permissionsOf } from '../../../shared/permissions.ts';
import { SetRoleBodySchema, SetRoleResponseSchema } from '../../../shared/user.ts';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../http/authentication.ts';
import { setRole } from './roles.service.ts';

/** The configuration the staff roles read (REQUIRE_STAFF_2FA) reads (config.ts parses it; ADR 046). */
export interface RolesConfig {
  requireStaffTwoFactor: boolean;
}

export const rolesConfigOf = (config: RolesConfig): RolesConfig => ({
  requireStaffTwoFactor: config.requireStaffTwoFactor,
});

/** Staff roles: what the caller may do, and granting or revoking a role. */
export const rolesRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: RolesConfig;
}> = async (app, { db, config: { requireStaffTwoFactor } }) => {
  app.get('/me/permissions', { schema: { response: { 200: MyPermissionsSchema } } }, (request) => {
    const caller = callerOf(request);
    // A staff role on hold (two-factor to turn on, or a code to enter on this session: ADR 036)
    // is still the user's role.
    const role = caller.suspendedRole ?? caller.role;
    return {
      role,
      permissions: [...permissionsOf(role)],
      twoFactorEnabled: caller.twoFactorEnabled,
      twoFactorRequired: requireStaffTwoFactor && isStaffRole(role) && !caller.twoFactorEnabled,
      sessionCodeRequired: caller.suspendedRole !== undefined && caller.twoFactorEnabled,
    };
  });

  app.put(
    '/user/role/:email',
    {
      config: { access: { permission: 'users.manage' } },
      schema: {
        params: EmailParamsSchema,
        body: SetRoleBodySchema,
        response: { 200: SetRoleResponseSchema },
      },
    },
    (request) => setRole(db, request.params.email, request.body.role, callerOf(request)),
  );
};
