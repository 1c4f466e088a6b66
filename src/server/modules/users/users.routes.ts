import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccessTokenResponseSchema,
  AdminCheckResponseSchema,
  EmailParamsSchema,
} from '../../../shared/auth.ts';
import {
  ProfileBodySchema,
  ProfileListSchema,
  ProfileQuerySchema,
  ProfileSchema,
} from '../../../shared/profile.ts';
import { MakeAdminResponseSchema, UserListSchema } from '../../../shared/user.ts';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../http/authentication.ts';
import {
  getProfiles,
  isAdmin,
  issueAccessToken,
  listUsers,
  makeAdmin,
  saveProfile,
} from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.put(
    '/user/:email',
    { schema: { params: EmailParamsSchema, response: { 200: AccessTokenResponseSchema } } },
    (request) => issueAccessToken(callerOf(request), request.params.email),
  );

  app.get(
    '/admin/:email',
    { schema: { params: EmailParamsSchema, response: { 200: AdminCheckResponseSchema } } },
    (request) => isAdmin(db, callerOf(request), request.params.email),
  );

  app.get(
    '/user',
    {
      config: { access: { permission: 'users.manage' } },
      schema: { response: { 200: UserListSchema } },
    },
    () => listUsers(db),
  );

  app.put(
    '/user/admin/:email',
    {
      config: { access: { permission: 'users.manage' } },
      schema: { params: EmailParamsSchema, response: { 200: MakeAdminResponseSchema } },
    },
    (request) => makeAdmin(db, request.params.email, callerOf(request)),
  );

  app.get(
    '/userProfile',
    { schema: { querystring: ProfileQuerySchema, response: { 200: ProfileListSchema } } },
    (request) => getProfiles(db, callerOf(request), request.query.email),
  );

  app.put(
    '/userProfile/:email',
    {
      schema: {
        params: EmailParamsSchema,
        body: ProfileBodySchema,
        response: { 200: ProfileSchema },
      },
    },
    (request) => saveProfile(db, callerOf(request), request.params.email, request.body),
  );
};
