import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StockAlertQuerySchema, StockAlertSchema } from '../../../shared/back-in-stock.ts';
import { ProductParamsSchema } from '../../../shared/product.ts';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../http/authentication.ts';
import { isSubscribed, subscribe, unsubscribe } from './back-in-stock.service.ts';

/**
 * GET/POST/DELETE /api/products/{id}/notify[?sku=]: the caller's back-in-stock alert (signed in)
 * for a variant of the product (issue 34: the SKU's, or the product's default).
 */
export const backInStockRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const schema = {
    params: ProductParamsSchema,
    querystring: StockAlertQuerySchema,
    response: { 200: StockAlertSchema },
  };
  app.get('/products/:productId/notify', { config: { access: 'user' }, schema }, (request) =>
    isSubscribed(db, callerOf(request).id, request.params.productId, request.query.sku),
  );
  app.post('/products/:productId/notify', { config: { access: 'user' }, schema }, (request) =>
    subscribe(db, callerOf(request).id, request.params.productId, request.query.sku),
  );
  app.delete('/products/:productId/notify', { config: { access: 'user' }, schema }, (request) =>
    unsubscribe(db, callerOf(request).id, request.params.productId, request.query.sku),
  );
};
