import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PRODUCT_IMPORT_MAX_BYTES,
  ProductImportBodySchema,
  ProductImportReportSchema,
} from '../../../shared/product-import.ts';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../http/authentication.ts';
import { applyProductImport, previewProductImport } from './product-import.service.ts';

/** JSON around the file adds a little; a file at the limit still gets its own message. */
const BODY_LIMIT = PRODUCT_IMPORT_MAX_BYTES + 64 * 1024;

/** The configuration the product import (PUBLIC_URL: the base of the products' links) reads (config.ts parses it; ADR 046). */
export interface ProductImportConfig {
  publicUrl: string;
}

export const productImportConfigOf = (config: ProductImportConfig): ProductImportConfig => ({
  publicUrl: config.publicUrl,
});

/** Product import (catalogue staff): a dry run, then apply all rows or none. */
export const productImportRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: ProductImportConfig;
}> = async (app, { db, config: { publicUrl } }) => {
  app.post(
    '/product-import/preview',
    {
      bodyLimit: BODY_LIMIT,
      config: { access: { permission: 'catalogue.manage' } },
      schema: {
        summary: 'Dry run of a product CSV: what each row would do',
        body: ProductImportBodySchema,
        response: { 200: ProductImportReportSchema },
      },
    },
    async (request) => previewProductImport(db, request.body.csv, publicUrl),
  );

  app.post(
    '/product-import/apply',
    {
      bodyLimit: BODY_LIMIT,
      config: { access: { permission: 'catalogue.manage' } },
      schema: {
        summary: 'Imports a product CSV: every row or none',
        body: ProductImportBodySchema,
        response: { 200: ProductImportReportSchema },
      },
    },
    async (request) => applyProductImport(db, callerOf(request), request.body.csv, publicUrl),
  );
};
