import { z } from 'zod';

/** GET /api/admin/failed-mails: order mails given up after the last retry, newest first. */
export const FailedMailSchema = z.object({
  id: z.number().int(),
  purchaseId: z.string().nullable(),
  template: z.string().nullable(),
  audience: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  failedAt: z.string().nullable(),
});
export type FailedMail = z.infer<typeof FailedMailSchema>;
export const FailedMailListSchema = z.array(FailedMailSchema);
