import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StockAlertSchema } from '../../../shared/back-in-stock.ts';
import { ProductParamsSchema } from '../../../shared/product.ts';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../http/authentication.ts';
import { isSubscribed, subscribe, unsubscribe } from './back-in-stock.service.ts';

/** GET/POST/DELETE /api/products/{id}/notify: the caller's back-in-stock alert (signed in). */
export const backInStockRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const schema = { params: ProductParamsSchema, response: { 200: StockAlertSchema } };
  app.get('/products/:productId/notify', { config: { access: 'user' }, schema }, (request) =>
    isSubscribed(db, callerOf(request).id, request.params.productId),
  );
  app.post('/products/:productId/notify', { config: { access: 'user' }, schema }, (request) =>
    subscribe(db, callerOf(request).id, request.params.productId),
  );
  app.delete('/products/:productId/notify', { config: { access: 'user' }, schema }, (request) =>
    unsubscribe(db, callerOf(request).id, request.params.productId),
  );
};
