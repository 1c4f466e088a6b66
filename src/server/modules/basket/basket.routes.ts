import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BasketSchema,
  MergeBasketBodySchema,
  PutBasketBodySchema,
} from '../../../shared/basket.ts';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../http/authentication.ts';
import { getBasket, mergeIntoBasket, replaceBasket } from './basket.service.ts';

// The signed-in customer's own basket: every route works on the caller's lines only.
export const basketRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/basket',
    { config: { access: 'user' }, schema: { response: { 200: BasketSchema } } },
    (request) => getBasket(db, callerOf(request).id),
  );

  app.put(
    '/basket',
    {
      config: { access: 'user' },
      schema: { body: PutBasketBodySchema, response: { 200: BasketSchema } },
    },
    (request) => replaceBasket(db, callerOf(request).id, request.body.lines),
  );

  app.post(
    '/basket/merge',
    {
      config: { access: 'user' },
      schema: { body: MergeBasketBodySchema, response: { 200: BasketSchema } },
    },
    (request) => mergeIntoBasket(db, callerOf(request).id, request.body.lines),
  );
};
