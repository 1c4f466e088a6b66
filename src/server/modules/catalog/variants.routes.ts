import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ProductDetailSchema, ProductParamsSchema } from '../../../shared/product.ts';
import {
  ProductVariantsBodySchema,
  SKU_PATTERN,
  VARIANT_NOT_FOUND_MESSAGE,
  VariantSchema,
  VariantSkuParamsSchema,
} from '../../../shared/variant.ts';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../errors.ts';
import { callerOf } from '../../http/authentication.ts';
import { versionsFromIfMatch } from './catalog.service.ts';
import type { CatalogCache } from './catalog-cache.ts';
import { variantBySku } from './product-variants.ts';
import { replaceProductVariants } from './variants-admin.service.ts';

/** Issue 34: one variant by its SKU (public), and the staff's editor of a product's variants. */
export const variantsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  catalog: Pick<CatalogCache, 'sales'>;
}> = async (app, { db, catalog }) => {
  app.get(
    '/variants/:sku',
    {
      config: { access: 'public' },
      schema: { params: VariantSkuParamsSchema, response: { 200: VariantSchema } },
    },
    async (request) => {
      if (!SKU_PATTERN.test(request.params.sku)) throw new NotFound(VARIANT_NOT_FOUND_MESSAGE);
      return variantBySku(db, request.params.sku, (await catalog.sales.view()).sales);
    },
  );

  app.put(
    '/products/:productId/variants',
    {
      config: { access: { permission: 'catalogue.manage' } },
      schema: {
        params: ProductParamsSchema,
        body: ProductVariantsBodySchema,
        response: { 200: ProductDetailSchema },
      },
    },
    async (request, reply) => {
      const detail = await replaceProductVariants(
        db,
        callerOf(request),
        request.params.productId,
        request.body,
        versionsFromIfMatch(request.headers['if-match']),
      );
      reply.header('etag', `"${detail.version}"`);
      return detail;
    },
  );
};
