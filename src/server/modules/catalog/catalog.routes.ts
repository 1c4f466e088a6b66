import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
import { matchesIfNoneMatch } from '../../http/conditional-get.ts';
import type { FastAnswer, FastPaths } from '../../http/fast-path.ts';
import type { CatalogCache, CatalogSnapshot, ProductSnapshot } from './catalog-cache.ts';

/** The product's version as an entity tag, so a client may edit with `If-Match` instead. */
const etagOf = (version: number) => `"${version}"`;

const JSON_TYPE = 'application/json; charset=utf-8';

/** Cached bytes with their ETag; 304 when the client has them. No promise, no serialization. */
function sendSnapshot(request: FastifyRequest, reply: FastifyReply, snapshot: CatalogSnapshot) {
  reply.header('etag', snapshot.etag).header('cache-control', 'no-cache');
  if (matchesIfNoneMatch(request.headers['if-none-match'], snapshot.etag)) reply.code(304).send();
  else reply.type(JSON_TYPE).send(snapshot.body);
}

function sendProduct(
  request: FastifyRequest,
  reply: FastifyReply,
  found: ProductSnapshot | undefined,
) {
  if (!found) throw new NotFound(PRODUCT_NOT_FOUND_MESSAGE);
  sendSnapshot(request, reply, found);
}

/**
 * The two cached reads answered ahead of Fastify (fast-path.ts, ADR 018): the same bytes and
 * headers as the routes below, the header lists made once per snapshot. While the cache's check
 * runs, the answer waits for it as the route would (without the route's per-request work); an
 * unknown id or a failed check goes to the route (the one error shape, the outage rules).
 */
function registerFastReads(fast: FastPaths, prefix: string, catalog: CatalogCache) {
  const made = new WeakMap<CatalogSnapshot, { ok: string[]; notModified: string[] }>();
  const send = (request: IncomingMessage, response: ServerResponse, snapshot: CatalogSnapshot) => {
    let headers = made.get(snapshot);
    if (!headers) {
      const own = ['etag', snapshot.etag, 'cache-control', 'no-cache'];
      const ok = [...own, 'content-type', JSON_TYPE, 'content-length', `${snapshot.body.length}`];
      headers = { ok: fast.headers(ok), notModified: fast.headers(own) };
      made.set(snapshot, headers);
    }
    if (matchesIfNoneMatch(request.headers['if-none-match'], snapshot.etag))
      fast.send(response, 304, headers.notModified);
    else fast.send(response, 200, headers.ok, snapshot.body);
  };
  const answer =
    <T extends CatalogSnapshot>(
      read: (segment: string) => T | undefined | Promise<T | undefined>,
    ): FastAnswer =>
    (request, response, pass, segment) => {
      const found = read(segment);
      const then = (snapshot: T | undefined) =>
        snapshot ? send(request, response, snapshot) : pass();
      // A failure of the answer itself (none is known) must not become an unhandled rejection.
      if (found instanceof Promise) found.then(then, pass).catch(() => response.destroy());
      else then(found);
    };
  fast.get(
    `${prefix}/products`,
    answer(() => catalog.current()),
  );
  fast.getUnder(
    `${prefix}/products/`,
    answer((productId) => catalog.product(productId)),
  );
}

export const catalogRoutes: FastifyPluginAsyncZod<{
  db: Db;
  catalog: CatalogCache;
  fast?: FastPaths | undefined;
}> = async (app, { db, catalog, fast }) => {
  if (fast) registerFastReads(fast, app.prefix, catalog);

  // The list goes out as cached bytes (a ProductListSchema array, serialized once per change).
  // A hit is answered synchronously: no promise, no tick (the cache's check is recent).
  app.get('/products', { config: { access: 'public' } }, (request, reply) => {
    const current = catalog.current();
    if (current instanceof Promise)
      return current.then((snapshot) => sendSnapshot(request, reply, snapshot));
    sendSnapshot(request, reply, current);
  });

  // One product: its cached bytes, as fresh as the list. The id needs no validator of its own: it
  // is looked up among the ids of the cached products only, so anything else, malformed or not,
  // is a 404 in the one error shape (the same answer as before, without a parse per request).
  app.get<{ Params: { productId: string } }>(
    '/products/:productId',
    { config: { access: 'public' } },
    (request, reply) => {
      const found = catalog.product(request.params.productId);
      if (found instanceof Promise)
        return found.then((product) => sendProduct(request, reply, product));
      sendProduct(request, reply, found);
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
