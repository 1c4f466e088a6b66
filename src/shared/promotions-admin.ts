import { z } from 'zod';
import { singleLineText } from './text.ts';
import { IdSchema } from './ids.ts';
import { PromotionSchema } from './promotions.ts';

// The staff side of promotions (issue 36): the Promotions screen's API, /api/admin/promotions. The
// definition's body and answer are the contract's (promotions.ts); here are the paths, the usage
// each answer carries and the code batches.

export const promotionsPaths = {
  promotions: '/api/admin/promotions',
  promotion: (id: string) => `/api/admin/promotions/${encodeURIComponent(id)}`,
  pause: (id: string) => `/api/admin/promotions/${encodeURIComponent(id)}/pause`,
  resume: (id: string) => `/api/admin/promotions/${encodeURIComponent(id)}/resume`,
  end: (id: string) => `/api/admin/promotions/${encodeURIComponent(id)}/end`,
  codeBatches: (id: string) => `/api/admin/promotions/${encodeURIComponent(id)}/code-batches`,
  codesCsv: (id: string, batchId: string) =>
    `/api/admin/promotions/${encodeURIComponent(id)}/code-batches/${encodeURIComponent(batchId)}/codes.csv`,
} as const;

export const PromotionParamsSchema = z.object({
  id: singleLineText('Promotion id', { keepSpaces: true }),
});
export const CodeBatchParamsSchema = PromotionParamsSchema.extend({
  batchId: singleLineText('Batch id', { keepSpaces: true }),
});

/** A promotion as the staff API answers it, with what it brought (uses not released only). */
export const AdminPromotionSchema = PromotionSchema.extend({
  /** Dollars: what the orders of the checkouts using it cost the buyers (not cancelled or expired). */
  revenue: z.number(),
  /** Dollars: its discount on the lines plus the shipping it took off, over those uses. */
  discountGiven: z.number(),
});
export type AdminPromotion = z.infer<typeof AdminPromotionSchema>;

export const PromotionListSchema = z.object({ promotions: z.array(AdminPromotionSchema) });

/** A batch of single-use codes, with how many of them were used. */
export const CodeBatchSchema = z.object({
  id: IdSchema,
  promotionId: IdSchema,
  prefix: z.string(),
  count: z.number().int(),
  used: z.number().int(),
  createdAt: z.string(),
});
export type CodeBatch = z.infer<typeof CodeBatchSchema>;

export const CodeBatchListSchema = z.object({ batches: z.array(CodeBatchSchema) });

/** The columns of a batch's CSV. */
export const CODE_CSV_COLUMNS = ['Code', 'Used'] as const;

export const CODES_NEED_CODE_MODE_MESSAGE =
  'Codes can only be generated for a promotion whose code mode is "code"';
export const CODE_BATCH_NOT_FOUND_MESSAGE = 'Code batch not found';
