import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ModeratedReviewListSchema,
  ModeratedReviewSchema,
  ReviewBodySchema,
  ReviewListSchema,
  ReviewModerationBodySchema,
  ReviewParamsSchema,
  ReviewSchema,
} from '../../../shared/review.ts';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../http/authentication.ts';
import { listAllReviews, listReviews, moderateReview, postReview } from './reviews.service.ts';

export const reviewsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/reviews',
    // Public; a signed-in author also gets their own review back if an admin hid it.
    { config: { access: 'optional' }, schema: { response: { 200: ReviewListSchema } } },
    (request) => listReviews(db, request.user?.id),
  );

  app.post(
    '/reviews',
    { schema: { body: ReviewBodySchema, response: { 201: ReviewSchema } } },
    async (request, reply) => {
      const posted = await postReview(db, callerOf(request), request.body);
      return reply.code(201).send(posted);
    },
  );

  app.get(
    '/reviews/all',
    {
      config: { access: { permission: 'reviews.moderate' } },
      schema: { response: { 200: ModeratedReviewListSchema } },
    },
    () => listAllReviews(db),
  );

  app.patch(
    '/reviews/:id',
    {
      config: { access: { permission: 'reviews.moderate' } },
      schema: {
        params: ReviewParamsSchema,
        body: ReviewModerationBodySchema,
        response: { 200: ModeratedReviewSchema },
      },
    },
    (request) => moderateReview(db, callerOf(request), request.params.id, request.body.hidden),
  );
};
