import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReviewBodySchema, ReviewListSchema, ReviewSchema } from '../../../shared/review.ts';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../plugins/authentication.ts';
import { listReviews, postReview } from './reviews.service.ts';

export const reviewsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/reviews',
    { config: { access: 'public' }, schema: { response: { 200: ReviewListSchema } } },
    () => listReviews(db),
  );

  app.post(
    '/reviews',
    { schema: { body: ReviewBodySchema, response: { 201: ReviewSchema } } },
    async (request, reply) => {
      const posted = await postReview(db, callerOf(request), request.body);
      return reply.code(201).send(posted);
    },
  );
};
