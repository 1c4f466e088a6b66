import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ContactBodySchema,
  ContactResponseSchema,
  NewsletterBodySchema,
  NewsletterResponseSchema,
} from '../../../shared/contact.ts';
import type { Db } from '../../db/client.ts';
import { saveContactMessage, subscribeToNewsletter } from './contact.service.ts';

export const contactRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/contact',
    {
      config: { access: 'public' },
      schema: { body: ContactBodySchema, response: { 201: ContactResponseSchema } },
    },
    async (request, reply) => {
      await saveContactMessage(db, request.body);
      return reply.code(201).send({ received: true });
    },
  );

  app.post(
    '/newsletter',
    {
      config: { access: 'public' },
      schema: { body: NewsletterBodySchema, response: { 200: NewsletterResponseSchema } },
    },
    async (request) => {
      await subscribeToNewsletter(db, request.body.email);
      return { subscribed: true as const };
    },
  );
};
