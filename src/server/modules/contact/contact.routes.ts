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

/** The configuration the contact form and the newsletter sign-up (FORM_RATE_LIMIT_PER_HOUR: per client IP per hour, each; 0: no limit) reads (config.ts parses it; ADR 046). */
export interface ContactConfig {
  formRateLimitPerHour: number;
}

export const contactConfigOf = (config: ContactConfig): ContactConfig => ({
  formRateLimitPerHour: config.formRateLimitPerHour,
});

export const contactRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: ContactConfig;
}> = async (app, { db, config: { formRateLimitPerHour } }) => {
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
