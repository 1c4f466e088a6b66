import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DeletedCountSchema,
  PurchaseBodySchema,
  PurchaseDetailSchema,
  PurchaseListSchema,
  PurchaseParamsSchema,
  PurchaseQuerySchema,
  PurchaseSchema,
  ShipBodySchema,
} from '../../../shared/purchase.ts';
import type { Db } from '../../db/client.ts';
import type { Pricer } from '../pricing/index.ts';
import { callerOf } from '../../http/authentication.ts';
import { idempotencyClaim, placeOnce } from '../idempotency/index.ts';
import type { PlacementConfig } from './purchases.config.ts';
import { replayPurchase } from './replay.ts';
import {
  cancelPurchase,
  getPurchase,
  getReceipt,
  listAllPurchases,
  listCustomerPurchases,
  placePurchase,
  shipPurchase,
} from './purchases.service.ts';

export const purchasesRoutes: FastifyPluginAsyncZod<{
  db: Db;
  pricer: Pricer;
  config: PlacementConfig;
}> = async (app, { db, pricer, config }) => {
  app.post(
    '/purchase',
    { schema: { body: PurchaseBodySchema, response: { 201: PurchaseSchema } } },
    async (request, reply) => {
      const caller = callerOf(request);
      const order = await placeOnce(
        db,
        idempotencyClaim(request, caller.id, 'purchase', request.body),
        (idempotency) =>
          placePurchase(db, pricer, caller, request.body, {
            clientIp: request.ip,
            holdHours: config.orderHoldHours,
            limits: config,
            idempotency,
          }),
        (checkoutId) => replayPurchase(db, checkoutId),
      );
      return reply.code(201).send(order);
    },
  );

  app.get(
    '/purchase',
    { schema: { querystring: PurchaseQuerySchema, response: { 200: PurchaseListSchema } } },
    (request) => listCustomerPurchases(db, callerOf(request), request.query.customerEmail),
  );

  app.get(
    '/purchase1',
    {
      config: { access: { permission: 'orders.view' } },
      schema: { response: { 200: PurchaseListSchema } },
    },
    () => listAllPurchases(db),
  );

  app.get(
    '/purchase/:id',
    { schema: { params: PurchaseParamsSchema, response: { 200: PurchaseDetailSchema } } },
    (request) => getPurchase(db, callerOf(request), request.params.id),
  );

  app.get(
    '/purchase/:id/receipt',
    { schema: { params: PurchaseParamsSchema } },
    async (request, reply) => {
      const pdf = await getReceipt(db, callerOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="receipt-${request.params.id}.pdf"`)
        .send(pdf);
    },
  );

  app.delete(
    '/purchase/:id',
    { schema: { params: PurchaseParamsSchema, response: { 200: DeletedCountSchema } } },
    (request) => cancelPurchase(db, callerOf(request), request.params.id),
  );

  app.put(
    '/purchase/:id',
    {
      config: { access: { permission: 'orders.fulfil' } },
      schema: {
        params: PurchaseParamsSchema,
        body: ShipBodySchema,
        response: { 200: PurchaseSchema },
      },
    },
    (request) => shipPurchase(db, callerOf(request), request.params.id),
  );
};
