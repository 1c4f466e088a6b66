import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProductListSchema, ProductParamsSchema, ProductSchema } from '../../../shared/product.ts';
import type { Db } from '../../db/client.ts';
import { getProduct, listProducts } from './catalog.service.ts';

export const catalogRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/products',
    { config: { access: 'public' }, schema: { response: { 200: ProductListSchema } } },
    () => listProducts(db),
  );

  app.get(
    '/products/:productId',
    {
      config: { access: 'public' },
      schema: { params: ProductParamsSchema, response: { 200: ProductSchema } },
    },
    (request) => getProduct(db, request.params.productId),
  );
};
