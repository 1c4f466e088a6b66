import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { QuickOrderBodySchema, QuickOrderResultSchema } from '../../../shared/variant.ts';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../http/authentication.ts';
import { quickOrder } from './quick-order.service.ts';

/** POST /api/quick-order: lines of SKU and quantity into the signed-in customer's own basket. */
export const quickOrderRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/quick-order',
    {
      config: { access: 'user' },
      schema: {
        summary: "Adds lines of SKU and quantity to the caller's basket, each line checked",
        body: QuickOrderBodySchema,
        response: { 200: QuickOrderResultSchema },
      },
    },
    (request) => quickOrder(db, callerOf(request).id, request.body.lines),
  );
};
