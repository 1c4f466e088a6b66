import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';

export interface FailedMail {
  id: number;
  purchaseId: string | null;
  checkoutId: string | null;
  template: string | null;
  audience: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  failedAt: string | null;
}

/** The fields of an order mail's payload (purchases/order-jobs.ts) this list shows. */
type OrderMailFields = Partial<
  Record<'purchaseId' | 'checkoutId' | 'template' | 'audience', string>
>;

/** Order mails (job kind `mail`) given up after the last retry, newest first (the admin dashboard). */
export async function listFailedMails(db: Db, limit = 100): Promise<FailedMail[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, 'mail'), eq(outbox.status, 'failed')))
    .orderBy(desc(outbox.id))
    .limit(limit);
  return rows.map((row) => {
    const job = (row.payload ?? {}) as OrderMailFields;
    return {
      id: row.id,
      purchaseId: job.purchaseId ?? null,
      checkoutId: job.checkoutId ?? null,
      template: job.template ?? null,
      audience: job.audience ?? null,
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      failedAt: row.doneAt?.toISOString() ?? null,
    };
  });
}
