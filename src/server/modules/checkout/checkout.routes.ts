import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckoutBodySchema,
  CheckoutParamsSchema,
  CheckoutPlacedSchema,
  CheckoutSchema,
} from '../../../shared/checkout.ts';
import type { Db } from '../../db/client.ts';
import type { Pricer } from '../pricing/index.ts';
import { callerOf } from '../../http/authentication.ts';
import { idempotencyClaim, placeOnce } from '../idempotency/index.ts';
import { replayCheckout, type PlacementConfig } from '../purchases/index.ts';
import { getCheckout, placeCheckout } from './checkout.service.ts';

/** The checkout (issue 22): the stored basket placed as one checkout, and reading a checkout. */
export const checkoutRoutes: FastifyPluginAsyncZod<{
  db: Db;
  pricer: Pricer;
  config: PlacementConfig;
}> = async (app, { db, pricer, config }) => {
  app.post(
    '/checkout',
    { schema: { body: CheckoutBodySchema, response: { 201: CheckoutPlacedSchema } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const placed = await placeOnce(
        db,
        idempotencyClaim(request, caller.id, 'checkout', request.body),
        (idempotency) =>
          placeCheckout(db, pricer, caller, request.body, {
            clientIp: request.ip,
            holdHours: config.orderHoldHours,
            limits: config,
            idempotency,
          }),
        (checkoutId) => replayCheckout(db, checkoutId),
      );
      return reply.code(201).send(placed);
    },
  );

  app.get(
    '/checkouts/:id',
    { schema: { params: CheckoutParamsSchema, response: { 200: CheckoutSchema } } },
    (request) => getCheckout(db, callerOf(request), request.params.id),
  );
};
