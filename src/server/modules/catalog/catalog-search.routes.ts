import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProductSearchQuerySchema, toProductSearch } from '../../../shared/product-search.ts';
import type { Db } from '../../db/client.ts';
import { matchesIfNoneMatch } from '../../http/conditional-get.ts';
import type { CatalogCache } from './catalog-cache.ts';
import { createProductSearchCache } from './catalog-search-cache.ts';

/** GET /api/products/search (a static path, so it wins over /products/:productId). */
export const catalogSearchRoutes: FastifyPluginAsyncZod<{
  db: Db;
  catalog: Pick<CatalogCache, 'sales'>;
}> = async (app, { db, catalog }) => {
  const answers = createProductSearchCache(db, catalog.sales);
  app.get(
    '/products/search',
    { config: { access: 'public' }, schema: { querystring: ProductSearchQuerySchema } },
    async (request, reply) => {
      const { body, etag } = await answers.answer(toProductSearch(request.query));
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
};
