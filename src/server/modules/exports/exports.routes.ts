import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ORDER_EXPORT_COLUMNS,
  OrderExportQuerySchema,
  PRODUCT_EXPORT_COLUMNS,
} from '../../../shared/order-export.ts';
import type { Db } from '../../db/client.ts';
import { csvDocument } from '../csv/index.ts';
import { exportOrders, exportProducts } from './exports.service.ts';

const today = () => new Date().toISOString().slice(0, 10);
const attachment = (name: string) => `attachment; filename="${name}-${today()}.csv"`;

/** The configuration the exports (PUBLIC_URL: the base of the products' links) reads (config.ts parses it; ADR 046). */
export interface ExportsConfig {
  publicUrl: string;
}

export const exportsConfigOf = (config: ExportsConfig): ExportsConfig => ({
  publicUrl: config.publicUrl,
});

/** CSV downloads for admins, streamed a batch at a time. */
export const exportsRoutes: FastifyPluginAsyncZod<{ db: Db; config: ExportsConfig }> = async (
  app,
  { db, config: { publicUrl } },
) => {
  app.get(
    '/purchase1.csv',
    {
      config: { access: { permission: 'orders.view' } },
      schema: { querystring: OrderExportQuerySchema },
    },
    async (request, reply) => {
      const document = await csvDocument(ORDER_EXPORT_COLUMNS, exportOrders(db, request.query));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment('orders'))
        .header('cache-control', 'no-store')
        .send(Readable.from(document));
    },
  );

  app.get(
    '/products.csv',
    { config: { access: { permission: 'catalogue.manage' } } },
    async (_request, reply) => {
      const document = await csvDocument(PRODUCT_EXPORT_COLUMNS, exportProducts(db, publicUrl));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment('products'))
        .header('cache-control', 'no-store')
        .send(Readable.from(document));
    },
  );
};
