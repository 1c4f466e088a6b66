import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  INVOICE_NOT_FOUND_MESSAGE,
  PAYMENT_TOO_LARGE_MESSAGE,
  type Invoice,
  type PaymentBodySchema,
} from '../../../shared/invoices.ts';
import { IdSchema } from '../../../shared/ids.ts';
import { dollarsToCents } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { Invalid, NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import { enqueueText } from '../outbox/index.ts';
import { invoiceWebhookCte } from './invoice-effects.ts';
import { invoiceMailJob } from './invoice-mails.ts';
import { getInvoice } from './invoices.service.ts';

export const PAYMENT_TOO_SMALL_MESSAGE = 'Amount must be at least $0.01';

/**
 * The payment's effects, in its transaction: the `invoice.paid` webhook once the invoice is paid in
 * full (once per invoice), and the mail to the company's admins that the payment was received
 * (once per payment).
 */
const paymentEffects = (invoiceId: string, paymentId: string) => sql`WITH paid_in_full AS (
    SELECT id FROM invoice WHERE id = ${invoiceId} AND status = 'paid'
  ), ${sql.raw(invoiceWebhookCte('invoice.paid', 'paid_in_full', 'paid_webhooks'))},
  payment AS (SELECT ${invoiceId}::uuid AS id, ${paymentId}::uuid AS payment_id)
  ${sql.raw(
    enqueueText(invoiceMailJob, {
      key: `'invoice-mail:payment:' || s.payment_id`,
      from: 'payment s',
      payload: {
        template: `'invoice.payment_received'`,
        invoiceId: 's.id',
        paymentId: 's.payment_id',
      },
    }),
  )}`;

/**
 * Records a payment received against an invoice (staff), in ONE transaction: the company's
 * account row is locked first (FOR NO KEY UPDATE, the order statement's lock order: account →
 * company_account → …), then the invoice's; an amount above what is still owed is refused (400,
 * field `amount`) and changes nothing. Then the payment row, the invoice's paid amount (paid in
 * full: status `paid`, `paid_at`), the company's balance lowered by the amount
 * (`change_company_balance`, its one writer), the audit entry and the effects.
 */
export async function recordInvoicePayment(
  db: Db,
  actor: AuthUser,
  id: string,
  body: z.output<typeof PaymentBodySchema>,
): Promise<Invoice> {
  if (!IdSchema.safeParse(id).success) throw new NotFound(INVOICE_NOT_FOUND_MESSAGE);
  const cents = dollarsToCents(body.amount);
  if (cents < 1)
    throw new Invalid(PAYMENT_TOO_SMALL_MESSAGE, { amount: PAYMENT_TOO_SMALL_MESSAGE });
  await db.transaction(async (tx) => {
    const owner = await tx.execute<{ organization_id: string }>(
      sql`SELECT organization_id FROM invoice WHERE id = ${id}`,
    );
    const organizationId = owner.rows[0]?.organization_id;
    if (!organizationId) throw new NotFound(INVOICE_NOT_FOUND_MESSAGE);
    await tx.execute(sql`SELECT 1 FROM company_account WHERE organization_id = ${organizationId}
      FOR NO KEY UPDATE`);
    const locked = await tx.execute<{ amount_cents: number; paid_cents: number; status: string }>(
      sql`SELECT amount_cents, paid_cents, status FROM invoice WHERE id = ${id} FOR UPDATE`,
    );
    const before = locked.rows[0];
    if (!before) throw new NotFound(INVOICE_NOT_FOUND_MESSAGE);
    const owedCents = before.amount_cents - before.paid_cents;
    if (cents > owedCents)
      throw new Invalid(PAYMENT_TOO_LARGE_MESSAGE, { amount: PAYMENT_TOO_LARGE_MESSAGE });
    const inserted = await tx.execute<{ id: string; received_on: string }>(sql`
      INSERT INTO invoice_payment (invoice_id, amount_cents, reference, received_on, recorded_by)
      VALUES (${id}, ${cents}, ${body.reference}, coalesce(${body.receivedOn ?? null}::date,
        (now() AT TIME ZONE 'UTC')::date), ${actor.id})
      RETURNING id, received_on::text`);
    const payment = inserted.rows[0];
    if (!payment) throw new Error('INSERT … RETURNING gave no row');
    const updated = await tx.execute<{ paid_cents: number; status: string }>(sql`
      UPDATE invoice SET paid_cents = paid_cents + ${cents},
        status = CASE WHEN paid_cents + ${cents} = amount_cents THEN 'paid' ELSE 'open' END,
        paid_at = CASE WHEN paid_cents + ${cents} = amount_cents THEN now() ELSE NULL END
      WHERE id = ${id} RETURNING paid_cents, status`);
    await tx.execute(sql`SELECT change_company_balance(${organizationId}, ${-cents}::bigint)`);
    await recordAudit(tx, actor, {
      action: 'invoice.payment',
      targetType: 'invoice',
      targetId: id,
      before: { paidCents: before.paid_cents, status: before.status },
      after: {
        paymentId: payment.id,
        amountCents: cents,
        reference: body.reference,
        receivedOn: payment.received_on,
        paidCents: updated.rows[0]?.paid_cents,
        status: updated.rows[0]?.status,
      },
    });
    await tx.execute(paymentEffects(id, payment.id));
  });
  return getInvoice(db, actor, id);
}
