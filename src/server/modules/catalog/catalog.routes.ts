import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  InsertedIdSchema,
  ProductBodySchema,
  ProductDeletedSchema,
  ProductParamsSchema,
  ProductSchema,
} from '../../../shared/product.ts';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../errors.ts';
import { callerOf } from '../../plugins/authentication.ts';
import {
  createProduct,
  deleteProduct,
  PRODUCT_NOT_FOUND_MESSAGE,
  updateProduct,
  versionsFromIfMatch,
} from './catalog.service.ts';
import { createCatalogCache, matchesIfNoneMatch } from './catalog-cache.ts';

/** The product's version as an entity tag, so a client may edit with `If-Match` instead. */
const etagOf = (version: number) => `"${version}"`;

export const catalogRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // The list goes out as cached bytes (a ProductListSchema array, serialized once per change).
  const catalog = createCatalogCache(db);
  app.get('/products', { config: { access: 'public' } }, async (request, reply) => {
    const { body, etag } = await catalog.current();
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });

  // One product: its cached bytes, as fresh as the list (a malformed id is as unknown as a missing one).
  app.get(
    '/products/:productId',
    { config: { access: 'public' }, schema: { params: ProductParamsSchema } },
    async (request, reply) => {
      const found = await catalog.product(request.params.productId);
      if (!found) throw new NotFound(PRODUCT_NOT_FOUND_MESSAGE);
      reply.header('etag', found.etag).header('cache-control', 'no-cache');
      if (matchesIfNoneMatch(request.headers['if-none-match'], found.etag))
        return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(found.body);
    },
  );

  app.post(
    '/products',
    {
      config: { access: 'admin' },
      schema: { body: ProductBodySchema, response: { 201: InsertedIdSchema } },
    },
    async (request, reply) => {
      const created = await createProduct(db, callerOf(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/products/:productId',
    {
      config: { access: 'admin' },
      schema: {
        params: ProductParamsSchema,
        body: ProductBodySchema,
        response: { 200: ProductSchema },
      },
    },
    async (request, reply) => {
      const updated = await updateProduct(
        db,
        callerOf(request),
        request.params.productId,
        request.body,
        versionsFromIfMatch(request.headers['if-match']),
      );
      reply.header('etag', etagOf(updated.version));
      return updated;
    },
  );

  app.delete(
    '/products/:productId',
    {
      config: { access: 'admin' },
      schema: { params: ProductParamsSchema, response: { 200: ProductDeletedSchema } },
    },
    (request) => deleteProduct(db, callerOf(request), request.params.productId),
  );
};
