import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoiceMailCte, invoiceWebhookCte } from './invoice-effects.ts';

/** An overdue invoice's reminder is mailed again this often while it stays unpaid. */
export const OVERDUE_REMINDER_DAYS = 7;
/** Invoices a sweep marks or reminds at most (the next run takes the rest). */
export const OVERDUE_SWEEP_BATCH = 500;

/**
 * One statement (constant text): open invoices past their due date that were never marked, or were
 * reminded OVERDUE_REMINDER_DAYS ago or more, are marked (`overdue_at` once, `reminded_at` now)
 * with the reminder mail to the company's admins and approvers, and, the first time only, the
 * `invoice.overdue` webhook. The rows are claimed FOR UPDATE SKIP LOCKED and the condition is
 * checked again on the locked row, so with several instances sweeping at once each invoice is
 * marked, mailed and announced by exactly one of them; a second run finds nothing to do.
 */
const OVERDUE_SWEEP_SQL = `WITH due AS (
    SELECT id, overdue_at IS NULL AS first FROM invoice
    WHERE status = 'open' AND due_at < now()
      AND (reminded_at IS NULL OR reminded_at <= now() - interval '${OVERDUE_REMINDER_DAYS} days')
    ORDER BY due_at, id
    LIMIT ${OVERDUE_SWEEP_BATCH}
    FOR UPDATE SKIP LOCKED
  ), marked AS (
    UPDATE invoice SET overdue_at = coalesce(invoice.overdue_at, now()), reminded_at = now()
    FROM due WHERE invoice.id = due.id
    RETURNING invoice.id, due.first
  ), first_marked AS (
    SELECT id FROM marked WHERE first
  ), ${invoiceWebhookCte('invoice.overdue', 'first_marked', 'overdue_webhooks')},
  ${invoiceMailCte(
    'invoice.overdue',
    'marked',
    'overdue_mails',
    // One reminder per invoice per run that marked it (the transaction's id is the run's).
    `'invoice-mail:' || s.id || ':overdue:' || pg_current_xact_id()::text`,
  )}
  SELECT count(*)::int AS marked, (SELECT count(*) FROM overdue_mails)::int AS mailed,
    (SELECT count(*) FROM overdue_webhooks)::int AS announced
  FROM marked`;

/** Marks and reminds what is overdue now; how many invoices it marked or reminded. */
export async function sweepOverdueInvoices(db: Db): Promise<number> {
  const result = await db.execute<{ marked: number }>(sql.raw(OVERDUE_SWEEP_SQL));
  return Number(result.rows[0]?.marked ?? 0);
}
