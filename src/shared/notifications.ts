import { z } from 'zod';

/** GET /api/admin/failed-mails: order mails given up after the last retry, newest first. */
export const FailedMailSchema = z.object({
  id: z.number().int(),
  /** The order a mail is about (shipped, cancelled, expired), or null for a checkout's mail. */
  purchaseId: z.string().nullable(),
  /** The checkout a mail is about (placed, paid: one mail per checkout), or null. */
  checkoutId: z.string().nullable(),
  template: z.string().nullable(),
  audience: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  failedAt: z.string().nullable(),
});
export type FailedMail = z.infer<typeof FailedMailSchema>;
export const FailedMailListSchema = z.array(FailedMailSchema);
