import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MyPricesQuerySchema,
  MyPricesSchema,
  PriceListBodySchema,
  PriceListListSchema,
  PriceListParamsSchema,
  PriceListSchema,
} from '../../../shared/price-lists.ts';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../http/authentication.ts';
import { myContractPrices } from './contract-prices.service.ts';
import {
  createPriceList,
  deletePriceList,
  getPriceList,
  listPriceLists,
  updatePriceList,
} from './price-lists.service.ts';

/** Contract price lists (issue 37): staff keep them; a member reads their own prices. */
export const priceListsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const access = { permission: 'admin.other' } as const;

  app.get(
    '/price-lists',
    {
      config: { access },
      schema: {
        summary: 'Every contract price list, by name, with its prices, discounts and companies',
        response: { 200: PriceListListSchema },
      },
    },
    async () => ({ priceLists: await listPriceLists(db) }),
  );

  app.post(
    '/price-lists',
    {
      config: { access },
      schema: {
        summary:
          'Creates a contract price list: fixed prices by SKU (dollars), percents off by category',
        body: PriceListBodySchema,
        response: { 201: PriceListSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createPriceList(db, callerOf(request), request.body)),
  );

  app.get(
    '/price-lists/:id',
    {
      config: { access },
      schema: {
        summary: 'A contract price list',
        params: PriceListParamsSchema,
        response: { 200: PriceListSchema },
      },
    },
    (request) => getPriceList(db, request.params.id),
  );

  app.put(
    '/price-lists/:id',
    {
      config: { access },
      schema: {
        summary: "Replaces a contract price list's name, prices and discounts",
        params: PriceListParamsSchema,
        body: PriceListBodySchema,
        response: { 200: PriceListSchema },
      },
    },
    (request) => updatePriceList(db, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/price-lists/:id',
    {
      config: { access },
      schema: {
        summary: 'Deletes a contract price list (its companies fall back to no list)',
        params: PriceListParamsSchema,
      },
    },
    async (request, reply) => {
      await deletePriceList(db, callerOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/contract-prices',
    {
      config: { access: 'user' },
      schema: {
        summary:
          "The caller's contract unit prices (quantity 1) per variant of the products, where they differ from the public price",
        querystring: MyPricesQuerySchema,
        response: { 200: MyPricesSchema },
      },
    },
    async (request, reply) => {
      const prices = await myContractPrices(db, callerOf(request).id, request.query.productIds);
      return reply.header('cache-control', 'private, no-store').send(prices);
    },
  );
};
