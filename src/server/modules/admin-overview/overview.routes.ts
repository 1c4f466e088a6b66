import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OverviewQuerySchema, OverviewSchema } from '../../../shared/admin-overview.ts';
import type { Db } from '../../db/client.ts';
import { shopOverview } from './overview.service.ts';

export const overviewRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/overview',
    {
      config: { access: 'admin' },
      schema: { querystring: OverviewQuerySchema, response: { 200: OverviewSchema } },
    },
    (request) => shopOverview(db, request.query.days, request.query.tz),
  );
};
