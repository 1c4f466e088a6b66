import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { orderAftersale, outbox, purchase } from '../../db/schema.ts';

/*
 * The per-order counters of after-sale actions (schema `order_aftersale`): what was paid and how
 * many units, and what of it is refunded, being returned or registered. A paid order gets its row
 * on its first after-sale action; every bound is then ONE guarded UPDATE of that row, so of any
 * number of parallel requests only those that fit pass (the lifecycle machine's pattern).
 */

/** Makes the order's row if it is paid and has none yet (safe to run in parallel). */
export async function ensureAftersaleRow(tx: Queryable, purchaseId: string): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${orderAftersale} (purchase_id, paid_cents, quantity)
    SELECT id, total_cents, quantity FROM ${purchase} WHERE id = ${purchaseId} AND paid
    ON CONFLICT (purchase_id) DO NOTHING`);
}

/** The outbox job kind of the after-sale mails (rendered when sent: aftersale-mails.ts). */
export const AFTERSALE_MAIL = 'aftersale-mail';

export type AftersaleMailJob =
  | { template: 'refund'; refundId: string }
  | { template: 'return.approved' | 'return.rejected'; returnId: string }
  | { template: 'recall'; recallId: string; userId: string };

/** Queues one after-sale mail, once per `key` (the outbox's dedupe key), in the caller's transaction. */
export async function queueAftersaleMail(
  tx: Queryable,
  key: string,
  job: AftersaleMailJob,
): Promise<void> {
  await tx
    .insert(outbox)
    .values({ kind: AFTERSALE_MAIL, dedupeKey: key, payload: job })
    .onConflictDoNothing({ target: outbox.dedupeKey });
}
