import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MyAftersaleSchema,
  RecallBodySchema,
  RecallListSchema,
  RecallParamsSchema,
  RecallSchema,
  ReceiveReturnBodySchema,
  RefundBodySchema,
  RefundReturnBodySchema,
  RefundSchema,
  RejectReturnBodySchema,
  ReturnBodySchema,
  ReturnListSchema,
  ReturnParamsSchema,
  ReturnSchema,
  SerialBodySchema,
  SerialParamsSchema,
  WarrantySchema,
  REFUND_PERMISSION,
} from '../../../shared/aftersale.ts';
import { dollarsToCents } from '../../../shared/money.ts';
import { PurchaseParamsSchema } from '../../../shared/purchase.ts';
import type { Db } from '../../db/client.ts';
import { Invalid } from '../../errors.ts';
import { callerOf } from '../../http/authentication.ts';
import { idempotencyClaim } from '../idempotency/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { myAftersale } from './my-aftersale.service.ts';
import { acknowledgeRecall, createRecall, liftRecall, listRecalls } from './recalls.service.ts';
import { getCreditNote, refundOrder } from './refunds.service.ts';
import {
  approveReturn,
  listReturns,
  receiveReturn,
  refundReturn,
  rejectReturn,
  requestReturn,
} from './returns.service.ts';
import { lookUpSerial, registerSerial } from './warranty.service.ts';
import type { AftersaleConfig } from './aftersale.config.ts';

/**
 * After the sale (issue 25). Refunds (also of a return), recalls and the serial lookup are for
 * admins; returns are the warehouse's (orders.view to list, orders.fulfil to handle).
 */
export const aftersaleRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: AftersaleConfig;
  provider: PaymentProvider | null;
}> = async (app, { db, config, provider }) => {
  // Refunds (REFUND_PERMISSION: admins).
  app.post(
    '/purchase/:id/refunds',
    {
      config: { access: { permission: REFUND_PERMISSION } },
      schema: {
        params: PurchaseParamsSchema,
        body: RefundBodySchema,
        response: { 201: RefundSchema },
      },
    },
    async (request, reply) => {
      const { amount, quantity, refundShipping, reason } = request.body;
      const caller = callerOf(request);
      const { id } = request.params;
      const claim = idempotencyClaim(request, caller.id, `refund ${id}`, request.body);
      const made = await refundOrder(
        db,
        provider,
        caller,
        id,
        {
          amountCents: amount === undefined ? undefined : dollarsToCents(amount),
          quantity,
          withShipping: refundShipping,
          reason,
        },
        claim,
      );
      return reply.code(201).send(made);
    },
  );
  app.get(
    '/refunds/:id/credit-note',
    { schema: { params: ReturnParamsSchema } },
    async (request, reply) => {
      const pdf = await getCreditNote(db, callerOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="credit-note-${request.params.id}.pdf"`,
        )
        .send(pdf);
    },
  );

  // Returns: the customer asks; staff (warehouse) decide, receive and refund.
  app.post(
    '/purchase/:id/returns',
    {
      schema: {
        params: PurchaseParamsSchema,
        body: ReturnBodySchema,
        response: { 201: ReturnSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await requestReturn(db, callerOf(request), request.params.id, request.body)),
  );
  app.get(
    '/returns',
    {
      config: { access: { permission: 'orders.view' } },
      schema: { response: { 200: ReturnListSchema } },
    },
    () => listReturns(db),
  );
  app.post(
    '/returns/:id/approve',
    {
      config: { access: { permission: 'orders.fulfil' } },
      schema: { params: ReturnParamsSchema, response: { 200: ReturnSchema } },
    },
    (request) => approveReturn(db, callerOf(request), request.params.id),
  );
  app.post(
    '/returns/:id/reject',
    {
      config: { access: { permission: 'orders.fulfil' } },
      schema: {
        params: ReturnParamsSchema,
        body: RejectReturnBodySchema,
        response: { 200: ReturnSchema },
      },
    },
    (request) => rejectReturn(db, callerOf(request), request.params.id, request.body.reason),
  );
  app.post(
    '/returns/:id/receive',
    {
      config: { access: { permission: 'orders.fulfil' } },
      schema: {
        params: ReturnParamsSchema,
        body: ReceiveReturnBodySchema,
        response: { 200: ReturnSchema },
      },
    },
    (request) => receiveReturn(db, callerOf(request), request.params.id, request.body.restock),
  );
  app.post(
    '/returns/:id/refund',
    {
      config: { access: { permission: REFUND_PERMISSION } },
      // No body is the default refund; a body of JSON null is a bad body (400), as on every route.
      preValidation: (request, _reply, done) => {
        done(
          request.body === null && request.headers['content-type'] !== undefined
            ? new Invalid('The request body must be an object')
            : undefined,
        );
      },
      schema: {
        params: ReturnParamsSchema,
        body: RefundReturnBodySchema,
        response: { 200: ReturnSchema },
      },
    },
    (request) =>
      refundReturn(
        db,
        provider,
        callerOf(request),
        request.params.id,
        request.body?.refundShipping ?? false,
      ),
  );

  // Warranty: the customer registers serials; admins look one up.
  app.post(
    '/purchase/:id/serials',
    {
      schema: {
        params: PurchaseParamsSchema,
        body: SerialBodySchema,
        response: { 201: WarrantySchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await registerSerial(
            db,
            callerOf(request),
            request.params.id,
            request.body.serial,
            config.warrantyYears,
          ),
        ),
  );
  app.get(
    '/warranty/:serial',
    {
      config: { access: 'admin' },
      schema: { params: SerialParamsSchema, response: { 200: WarrantySchema } },
    },
    (request) => lookUpSerial(db, request.params.serial),
  );

  // Recalls: admins create and follow them; customers read theirs.
  app.post(
    '/recalls',
    {
      config: { access: 'admin' },
      schema: { body: RecallBodySchema, response: { 201: RecallSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await createRecall(db, callerOf(request), request.body)),
  );
  app.get(
    '/recalls',
    { config: { access: 'admin' }, schema: { response: { 200: RecallListSchema } } },
    () => listRecalls(db),
  );
  // Issue 39: the recall's withdrawal ends; the product is back on sale (unless another recall
  // still withdraws it).
  app.post(
    '/recalls/:id/lift',
    {
      config: { access: 'admin' },
      schema: { params: RecallParamsSchema, response: { 200: RecallSchema } },
    },
    (request) => liftRecall(db, callerOf(request), request.params.id),
  );
  app.post(
    '/recalls/:id/acknowledge',
    {
      schema: {
        params: RecallParamsSchema,
        response: { 200: z.object({ acknowledged: z.literal(true) }) },
      },
    },
    async (request) => {
      await acknowledgeRecall(db, callerOf(request), request.params.id);
      return { acknowledged: true as const };
    },
  );

  // What My Orders shows after the sale.
  app.get('/aftersale/mine', { schema: { response: { 200: MyAftersaleSchema } } }, (request) =>
    myAftersale(db, callerOf(request)),
  );
};
