import type { WebhookEvent } from '../../../shared/webhooks.ts';
import { enqueueText } from '../outbox/index.ts';
import { webhookEventCte } from '../webhooks/index.ts';
import { invoiceMailJob, type InvoiceMailTemplate } from './invoice-mails.ts';

/*
 * What happens to an invoice, as CTE parts of the statement that made it happen (constant SQL
 * text, no parameters), so the invoice's mail and webhook commit with it and are queued once: the
 * outbox skips a dedupe key already queued.
 */

type InvoiceWebhook = Extract<WebhookEvent, `invoice.${string}`>;

/**
 * The CTE `name` queuing `type` for each invoice `source` returns (a CTE or table with its `id`),
 * one per subscribed endpoint. The event id is `<type>:<invoice id>`: each event of an invoice is
 * announced once. The data is the invoice's id; the delivery adds the invoice as it stands then.
 */
export function invoiceWebhookCte(type: InvoiceWebhook, source: string, name: string): string {
  return webhookEventCte(
    name,
    type,
    source,
    `'${type}:' || s.id`,
    `jsonb_build_object('invoiceId', s.id)`,
  );
}

/** The CTE `name` queuing the mail `template` of each invoice of `source`, under `key` (SQL). */
export function invoiceMailCte(
  template: InvoiceMailTemplate,
  source: string,
  name: string,
  key: string,
): string {
  return `${name} AS (
      ${enqueueText(invoiceMailJob, {
        key,
        from: `${source} s`,
        payload: { template: `'${template}'`, invoiceId: 's.id' },
      })}
    )`;
}

const ISSUED_MAIL = 'invoice_issued_mail';
const ISSUED_WEBHOOKS = 'invoice_issued_webhooks';

/**
 * What issuing invoices sets off (issue 37, ADR 059), as CTE parts (each starting with a comma) to
 * append to the statement that inserted them: `source` is a CTE returning the new invoices' `id`.
 * The order statement (a checkout on account) and an approval issue invoices with it, so the
 * invoice's mail (to the buyer and the company's admins and approvers) and its `invoice.issued`
 * webhook commit with the invoice, each queued once per invoice.
 */
export function invoiceIssuedEffectsSql(source: string): string {
  return `, ${invoiceMailCte(
    'invoice.issued',
    source,
    ISSUED_MAIL,
    `'invoice-mail:' || s.id || ':issued'`,
  )}, ${invoiceWebhookCte('invoice.issued', source, ISSUED_WEBHOOKS)}`;
}

/** The names of the CTEs `invoiceIssuedEffectsSql` writes with (each RETURNs a row per row written). */
export function invoiceIssuedEffectCtes(): string[] {
  return [ISSUED_MAIL, ISSUED_WEBHOOKS];
}
