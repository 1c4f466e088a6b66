import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ContactBodySchema,
  ContactResponseSchema,
  NewsletterBodySchema,
  NewsletterResponseSchema,
} from '../../../shared/contact.ts';
import type { Db } from '../../db/client.ts';
import { enforceRateLimit } from '../rate-limit/index.ts';
import { saveContactMessage, subscribeToNewsletter } from './contact.service.ts';

export const contactRoutes: FastifyPluginAsyncZod<{
  db: Db;
  formRateLimitPerHour: number;
}> = async (app, { db, formRateLimitPerHour }) => {
  // Public forms: counted per client IP (an anonymous sender can always drop an account token).
  const perHour = { max: formRateLimitPerHour, windowSeconds: 60 * 60 };
  app.post(
    '/contact',
    {
      config: { access: 'public' },
      schema: { body: ContactBodySchema, response: { 201: ContactResponseSchema } },
    },
    async (request, reply) => {
      await enforceRateLimit(db, `contact:ip:${request.ip}`, perHour);
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
      await enforceRateLimit(db, `newsletter:ip:${request.ip}`, perHour);
      await subscribeToNewsletter(db, request.body.email);
      return { subscribed: true as const };
    },
  );
};
