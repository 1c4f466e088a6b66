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
import { callerOf } from '../../http/authentication.ts';
import {
  createProduct,
  deleteProduct,
  PRODUCT_NOT_FOUND_MESSAGE,
  updateProduct,
  versionsFromIfMatch,
} from './catalog.service.ts';
import type { Eventually } from '../../db/data-version-check.ts';
import type { FastPaths } from '../../http/fast-path.ts';
import { registerHotRead, type HotAnswer } from '../../http/hot-read.ts';
import type { CatalogCache, CatalogSnapshot } from './catalog-cache.ts';
import { variantsRoutes } from './variants.routes.ts';

/** The product's version as an entity tag, so a client may edit with `If-Match` instead. */
const etagOf = (version: number) => `"${version}"`;

const JSON_TYPE = 'application/json; charset=utf-8';

/** Each snapshot's answer (bytes and headers), made once per snapshot. */
function createSnapshotAnswers() {
  const answers = new WeakMap<CatalogSnapshot, HotAnswer>();
  const answerOf = (snapshot: CatalogSnapshot) => {
    let answer = answers.get(snapshot);
    if (!answer) {
      const { body, etag } = snapshot;
      answer = {
        body: { raw: body, br: undefined, gzip: undefined, etag },
        headers: ['etag', etag, 'cache-control', 'no-cache', 'content-type', JSON_TYPE],
      };
      answers.set(snapshot, answer);
    }
    return answer;
  };
  return (found: Eventually<CatalogSnapshot | undefined>): Eventually<HotAnswer | undefined> =>
    found instanceof Promise
      ? found.then((snapshot) => snapshot && answerOf(snapshot))
      : found && answerOf(found);
}

export const catalogRoutes: FastifyPluginAsyncZod<{
  db: Db;
  catalog: CatalogCache;
  fast?: FastPaths | undefined;
}> = async (app, { db, catalog, fast }) => {
  const answerOf = createSnapshotAnswers();

  // The list goes out as cached bytes (a ProductListSchema array, serialized once per change),
  // also ahead of Fastify (hot-read.ts).
  registerHotRead(app, fast, {
    url: '/products',
    config: { access: 'public' },
    find: () => answerOf(catalog.current()),
  });

  // One product: its cached bytes, as fresh as the list. The id needs no validator of its own: it
  // is looked up among the ids of the cached products only, so anything else, malformed or not,
  // is a 404 in the one error shape (the same answer as before, without a parse per request).
  registerHotRead(app, fast, {
    url: '/products/:productId',
    config: { access: 'public' },
    find: (_url, productId) => answerOf(catalog.product(productId)),
    otherwise: () => {
      throw new NotFound(PRODUCT_NOT_FOUND_MESSAGE);
    },
  });

  app.post(
    '/products',
    {
      config: { access: { permission: 'catalogue.manage' } },
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
      config: { access: { permission: 'catalogue.manage' } },
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
      config: { access: { permission: 'catalogue.manage' } },
      schema: { params: ProductParamsSchema, response: { 200: ProductDeletedSchema } },
    },
    (request) => deleteProduct(db, callerOf(request), request.params.productId),
  );

  // Issue 34: GET /api/variants/{sku} and PUT /api/products/{id}/variants.
  await app.register(variantsRoutes, { db, catalog });
};
