import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeletedCountSchema } from '../../../shared/purchase.ts';
import {
  ListBodySchema,
  ListParamsSchema,
  ListToBasketSchema,
  SavedListListSchema,
  SavedListSchema,
} from '../../../shared/saved-lists.ts';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../http/authentication.ts';
import {
  createList,
  deleteList,
  getList,
  listLists,
  putListInBasket,
  updateList,
} from './saved-lists.service.ts';

/** A company's saved lists (issue 37): any member of the caller's company; others' are 404. */
export const savedListsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const config = { access: 'user' } as const;

  app.get(
    '/lists',
    {
      config,
      schema: {
        summary: "The caller's company's saved lists by name (none when they have no company)",
        response: { 200: SavedListListSchema },
      },
    },
    (request) => listLists(db, callerOf(request).id),
  );

  app.post(
    '/lists',
    {
      config,
      schema: {
        summary: "Creates a saved list of the caller's company (lines by SKU)",
        body: ListBodySchema,
        response: { 201: SavedListSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createList(db, callerOf(request).id, request.body)),
  );

  app.get(
    '/lists/:id',
    {
      config,
      schema: {
        summary: "A saved list of the caller's company",
        params: ListParamsSchema,
        response: { 200: SavedListSchema },
      },
    },
    (request) => getList(db, callerOf(request).id, request.params.id),
  );

  app.put(
    '/lists/:id',
    {
      config,
      schema: {
        summary: "Replaces a saved list's name and lines",
        params: ListParamsSchema,
        body: ListBodySchema,
        response: { 200: SavedListSchema },
      },
    },
    (request) => updateList(db, callerOf(request).id, request.params.id, request.body),
  );

  app.delete(
    '/lists/:id',
    {
      config,
      schema: {
        summary: 'Deletes a saved list',
        params: ListParamsSchema,
        response: { 200: DeletedCountSchema },
      },
    },
    async (request) => {
      await deleteList(db, callerOf(request).id, request.params.id);
      return { deletedCount: 1 };
    },
  );

  app.post(
    '/lists/:id/basket',
    {
      config,
      schema: {
        summary:
          "Adds every line of a saved list to the caller's basket; deleted or withdrawn variants are skipped and named",
        params: ListParamsSchema,
        response: { 200: ListToBasketSchema },
      },
    },
    (request) => putListInBasket(db, callerOf(request).id, request.params.id),
  );
};
