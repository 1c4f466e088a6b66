import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { orderAftersale, purchase } from '../../db/schema.ts';
import { enqueue } from '../outbox/index.ts';
import { aftersaleMailJob, type AftersaleMailJob } from './aftersale-mails.ts';

/*
 * The per-order counters of after-sale actions (schema `order_aftersale`): what was paid and how
 * many units, and what of it is refunded, being returned or registered. A paid order gets its row
 * on its first after-sale action; every bound is then ONE guarded UPDATE of that row, so of any
 * number of parallel requests only those that fit pass (the lifecycle machine's pattern).
 */

/**
 * Makes the order's row if it is paid and has none yet (safe to run in parallel). What can be
 * refunded is what the order cost the buyer: its amount, with its tax and shipping (issue 35).
 */
export async function ensureAftersaleRow(tx: Queryable, purchaseId: string): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ${orderAftersale} (purchase_id, paid_cents, quantity)
    SELECT id, amount_cents, quantity FROM ${purchase} WHERE id = ${purchaseId} AND paid
    ON CONFLICT (purchase_id) DO NOTHING`);
}

/** Queues one after-sale mail, once per `key` (the outbox's dedupe key), in the caller's transaction. */
export async function queueAftersaleMail(
  tx: Queryable,
  key: string,
  job: AftersaleMailJob,
): Promise<void> {
  await enqueue(tx, aftersaleMailJob, job, key);
}
