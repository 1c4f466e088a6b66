import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import {
  QuoteAcceptBodySchema,
  QuoteAcceptedSchema,
  QuoteAnswerBodySchema,
  QuoteDeclineBodySchema,
  QuoteListSchema,
  QuoteParamsSchema,
  QuoteRequestBodySchema,
  QuoteSchema,
} from '../../../shared/quote.ts';
import type { Db } from '../../db/client.ts';
import type { Pricer } from '../pricing/index.ts';
import { callerOf } from '../../http/authentication.ts';
import type { PlacementConfig } from '../purchases/index.ts';
import {
  acceptQuote,
  answerQuote,
  declineQuote,
  getQuote,
  listQuotes,
  requestQuote,
  withdrawQuote,
} from './quotes.service.ts';

/** Requests for a quote (issue 23). Customers: their own (another's is 404); admins: all. */
export const quotesRoutes: FastifyPluginAsyncZod<{
  db: Db;
  pool: Pick<pg.Pool, 'connect'>;
  pricer: Pricer;
  config: PlacementConfig;
}> = async (app, { db, pool, pricer, config }) => {
  app.post(
    '/quotes',
    { schema: { body: QuoteRequestBodySchema, response: { 201: QuoteSchema } } },
    async (request, reply) =>
      reply.code(201).send(await requestQuote(db, callerOf(request), request.body)),
  );

  app.get('/quotes', { schema: { response: { 200: QuoteListSchema } } }, (request) =>
    listQuotes(db, callerOf(request)),
  );

  app.get(
    '/quotes/:id',
    { schema: { params: QuoteParamsSchema, response: { 200: QuoteSchema } } },
    (request) => getQuote(db, callerOf(request), request.params.id),
  );

  app.post(
    '/quotes/:id/answer',
    {
      config: { access: 'admin' },
      schema: {
        params: QuoteParamsSchema,
        body: QuoteAnswerBodySchema,
        response: { 200: QuoteSchema },
      },
    },
    (request) => answerQuote(db, callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/quotes/:id/decline',
    {
      schema: {
        params: QuoteParamsSchema,
        body: QuoteDeclineBodySchema,
        response: { 200: QuoteSchema },
      },
    },
    (request) => declineQuote(db, callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/quotes/:id/withdraw',
    { schema: { params: QuoteParamsSchema, response: { 200: QuoteSchema } } },
    (request) => withdrawQuote(db, callerOf(request), request.params.id),
  );

  app.post(
    '/quotes/:id/accept',
    {
      schema: {
        params: QuoteParamsSchema,
        body: QuoteAcceptBodySchema,
        response: { 201: QuoteAcceptedSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await acceptQuote(db, pool, pricer, callerOf(request), request.params.id, request.body, {
          clientIp: request.ip,
          holdHours: config.orderHoldHours,
          limits: config,
        }),
      ),
  );
};
