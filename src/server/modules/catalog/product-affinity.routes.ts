import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MyPlatformsSchema } from '../../../shared/back-in-stock.ts';
import { ProductListSchema, ProductParamsSchema } from '../../../shared/product.ts';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../http/authentication.ts';
import type { CatalogCache } from './catalog-cache.ts';
import { goesWellWith, myPlatforms } from './product-affinity.service.ts';

/** "Works with your … batteries" (signed in, per caller) and "Goes well with" (public). */
export const productAffinityRoutes: FastifyPluginAsyncZod<{
  db: Db;
  catalog: Pick<CatalogCache, 'sales'>;
}> = async (app, { db, catalog }) => {
  app.get(
    '/my/platforms',
    { config: { access: 'user' }, schema: { response: { 200: MyPlatformsSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return myPlatforms(db, callerOf(request).id);
    },
  );
  app.get(
    '/products/:productId/related',
    {
      config: { access: 'public' },
      schema: { params: ProductParamsSchema, response: { 200: ProductListSchema } },
    },
    async (request) =>
      goesWellWith(db, request.params.productId, (await catalog.sales.view()).sales),
  );
};
