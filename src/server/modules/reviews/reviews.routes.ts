import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReviewListSchema } from '../../../shared/review.ts';
import type { Db } from '../../db/client.ts';
import { listReviews } from './reviews.service.ts';

export const reviewsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/reviews',
    { config: { access: 'public' }, schema: { response: { 200: ReviewListSchema } } },
    () => listReviews(db),
  );
};
