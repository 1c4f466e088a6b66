import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CodeBatchBodySchema, PromotionBodySchema } from '../../../shared/promotions.ts';
import {
  AdminPromotionSchema,
  CODE_CSV_COLUMNS,
  CodeBatchListSchema,
  CodeBatchParamsSchema,
  CodeBatchSchema,
  PromotionListSchema,
  PromotionParamsSchema,
} from '../../../shared/promotions-admin.ts';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../http/authentication.ts';
import { csvDocument } from '../csv/index.ts';
import {
  assertBatch,
  batchCodeRows,
  createCodeBatch,
  listCodeBatches,
} from './code-batches.service.ts';
import {
  changePromotionStatus,
  createPromotion,
  getPromotion,
  listPromotions,
  updatePromotion,
  type StatusChange,
} from './promotions.service.ts';

/** Promotions and their codes (issue 36): the catalogue team. */
export const promotionsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const access = { permission: 'catalogue.manage' } as const;

  app.get(
    '/admin/promotions',
    {
      config: { access },
      schema: {
        summary: 'Every promotion, newest first, with its uses, revenue and discount given',
        response: { 200: PromotionListSchema },
      },
    },
    async () => ({ promotions: await listPromotions(db) }),
  );

  app.post(
    '/admin/promotions',
    {
      config: { access },
      schema: {
        summary: 'Creates a promotion (money in dollars, percentages in percent)',
        body: PromotionBodySchema,
        response: { 201: AdminPromotionSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createPromotion(db, callerOf(request), request.body)),
  );

  app.get(
    '/admin/promotions/:id',
    {
      config: { access },
      schema: {
        summary: 'A promotion with its usage',
        params: PromotionParamsSchema,
        response: { 200: AdminPromotionSchema },
      },
    },
    (request) => getPromotion(db, request.params.id),
  );

  app.put(
    '/admin/promotions/:id',
    {
      config: { access },
      schema: {
        summary: "Replaces a promotion's definition (not an ended one)",
        params: PromotionParamsSchema,
        body: PromotionBodySchema,
        response: { 200: AdminPromotionSchema },
      },
    },
    (request) => updatePromotion(db, callerOf(request), request.params.id, request.body),
  );

  const statusRoute = (change: StatusChange, summary: string) =>
    app.post(
      `/admin/promotions/:id/${change}`,
      {
        config: { access },
        schema: {
          summary,
          params: PromotionParamsSchema,
          response: { 200: AdminPromotionSchema },
        },
      },
      (request) => changePromotionStatus(db, callerOf(request), request.params.id, change),
    );
  statusRoute('pause', 'Pauses a promotion (it stops applying until resumed)');
  statusRoute('resume', 'Resumes a paused promotion');
  statusRoute('end', 'Ends a promotion for good (it can no longer be changed or resumed)');

  app.post(
    '/admin/promotions/:id/code-batches',
    {
      config: { access },
      schema: {
        summary: 'Generates a batch of unique single-use codes for a promotion with codes',
        params: PromotionParamsSchema,
        body: CodeBatchBodySchema,
        response: { 201: CodeBatchSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createCodeBatch(db, callerOf(request), request.params.id, request.body)),
  );

  app.get(
    '/admin/promotions/:id/code-batches',
    {
      config: { access },
      schema: {
        summary: "A promotion's code batches, newest first, with how many codes were used",
        params: PromotionParamsSchema,
        response: { 200: CodeBatchListSchema },
      },
    },
    async (request) => ({ batches: await listCodeBatches(db, request.params.id) }),
  );

  app.get(
    '/admin/promotions/:id/code-batches/:batchId/codes.csv',
    {
      config: { access },
      schema: {
        summary: "A code batch's codes as CSV (Code, Used)",
        params: CodeBatchParamsSchema,
      },
    },
    async (request, reply) => {
      const { id, batchId } = request.params;
      await assertBatch(db, id, batchId);
      const document = await csvDocument(CODE_CSV_COLUMNS, batchCodeRows(db, batchId));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="codes-${batchId}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(document));
    },
  );
};
