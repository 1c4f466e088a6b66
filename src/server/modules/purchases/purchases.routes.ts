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
  ShipmentResultSchema,
  ShipOrdersBodySchema,
} from '../../../shared/purchase.ts';
import type { Carrier } from '../../../shared/carriers.ts';
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
} from './purchases.service.ts';
import { shipOrders, shipPurchase } from './shipments.service.ts';

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
        summary:
          'Ships a paid order (the spec Ship), in a parcel of its own: with carrier and tracking number, or both left out for none',
        params: PurchaseParamsSchema,
        body: ShipBodySchema,
        response: { 200: PurchaseSchema },
      },
    },
    (request) => shipPurchase(db, callerOf(request), request.params.id, trackingOf(request.body)),
  );

  // Issue 35: several orders of one checkout in one parcel (docs/decisions/051).
  app.post(
    '/shipments',
    {
      config: { access: { permission: 'orders.fulfil' } },
      schema: {
        summary:
          'Ships paid orders of one checkout in one parcel, with carrier and tracking number',
        body: ShipOrdersBodySchema,
        response: { 201: ShipmentResultSchema },
      },
    },
    async (request, reply) => {
      const { orderIds } = request.body;
      const result = await shipOrders(db, callerOf(request), orderIds, trackingOf(request.body));
      return reply.code(201).send(result);
    },
  );
};

/** The parcel's tracking from a ship body: both fields (the schema refuses one alone) or none. */
function trackingOf(body: { carrier?: Carrier; trackingNumber?: string } | undefined) {
  return body?.carrier && body.trackingNumber
    ? { carrier: body.carrier, trackingNumber: body.trackingNumber }
    : null;
}
