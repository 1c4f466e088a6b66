import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  WebhookDeliveryListSchema,
  WebhookEndpointBodySchema,
  WebhookEndpointCreatedSchema,
  WebhookEndpointListSchema,
  WebhookParamsSchema,
} from '../../../shared/webhooks.ts';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../http/authentication.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
} from './webhooks.service.ts';

/** Outgoing webhooks (admins): endpoints and each one's delivery log. */
export const webhooksRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/webhooks',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Registered webhook endpoints',
        response: { 200: WebhookEndpointListSchema },
      },
    },
    async () => listWebhookEndpoints(db),
  );

  app.post(
    '/admin/webhooks',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Registers a webhook endpoint (its signing secret is in this answer only)',
        body: WebhookEndpointBodySchema,
        response: { 201: WebhookEndpointCreatedSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createWebhookEndpoint(db, callerOf(request), request.body)),
  );

  app.delete(
    '/admin/webhooks/:webhookId',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Deletes a webhook endpoint',
        params: WebhookParamsSchema,
        response: { 200: z.object({ deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      await deleteWebhookEndpoint(db, callerOf(request), request.params.webhookId);
      return { deleted: true as const };
    },
  );

  app.get(
    '/admin/webhooks/:webhookId/deliveries',
    {
      config: { access: 'admin' },
      schema: {
        summary: "The endpoint's latest delivery attempts, newest first",
        params: WebhookParamsSchema,
        response: { 200: WebhookDeliveryListSchema },
      },
    },
    async (request) => listWebhookDeliveries(db, request.params.webhookId),
  );
};
