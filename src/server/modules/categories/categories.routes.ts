import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CategoryBodySchema,
  CategoryListSchema,
  CategoryParamsSchema,
  CategorySchema,
} from '../../../shared/category.ts';
import { ProductDeletedSchema } from '../../../shared/product.ts';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../http/authentication.ts';
import {
  createCategory,
  deleteCategory,
  listCategories,
  updateCategory,
} from './categories.service.ts';

/** GET /api/categories (public, with counts); writes are staff-only (permission: catalogue). */
export const categoriesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/categories',
    { config: { access: 'public' }, schema: { response: { 200: CategoryListSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return listCategories(db);
    },
  );

  app.post(
    '/categories',
    {
      config: { access: { permission: 'catalogue.manage' } },
      schema: { body: CategoryBodySchema, response: { 201: CategorySchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await createCategory(db, callerOf(request), request.body)),
  );

  app.put(
    '/categories/:categoryId',
    {
      config: { access: { permission: 'catalogue.manage' } },
      schema: {
        params: CategoryParamsSchema,
        body: CategoryBodySchema,
        response: { 200: CategorySchema },
      },
    },
    (request) => updateCategory(db, callerOf(request), request.params.categoryId, request.body),
  );

  app.delete(
    '/categories/:categoryId',
    {
      config: { access: { permission: 'catalogue.manage' } },
      schema: { params: CategoryParamsSchema, response: { 200: ProductDeletedSchema } },
    },
    (request) => deleteCategory(db, callerOf(request), request.params.categoryId),
  );
};
