import { z } from 'zod';
import { invoiceNumber } from '../../../shared/invoices.ts';
import { formatCents } from '../../../shared/money.ts';
import { pageRoutes } from '../../../shared/page-routes.ts';
import type { Db } from '../../db/client.ts';
import { renderShopMail } from '../notifications/index.ts';
import { defineJob } from '../outbox/index.ts';

/*
 * The mails of invoices (issue 37, ADR 059), queued with what caused them (the invoice issued in
 * the order statement or an approval, the overdue sweep, a payment recorded) and rendered when
 * sent from the invoice as it is then, like the order mails.
 */

export const INVOICE_MAIL_TEMPLATES = [
  /** To the buyer and the company's admins and approvers. */
  'invoice.issued',
  /** To the company's admins and approvers: past due, and every 7 days while it stays unpaid. */
  'invoice.overdue',
  /** To the company's admins: a payment staff recorded. */
  'invoice.payment_received',
] as const;
export type InvoiceMailTemplate = (typeof INVOICE_MAIL_TEMPLATES)[number];

const InvoiceMailSchema = z.object({
  template: z.enum(INVOICE_MAIL_TEMPLATES),
  invoiceId: z.string(),
  /** invoice.payment_received: the payment. */
  paymentId: z.string().optional(),
});
export type InvoiceMail = z.infer<typeof InvoiceMailSchema>;

/** Constant text: the invoice, its company, its buyer's address and its recipients. */
const INVOICE_MAIL_SQL = `SELECT i.number, i.amount_cents AS "amountCents", i.tax_cents AS "taxCents",
    i.paid_cents AS "paidCents", i.po_reference AS "poReference", i.status,
    to_char(i.due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "dueOn",
    to_char(i.issued_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "issuedOn",
    c.number AS "checkoutNumber", o.name AS "companyName", buyer.email AS "buyerEmail",
    ARRAY(SELECT u.email FROM member m JOIN "user" u ON u.id = m.user_id
      WHERE m.organization_id = i.organization_id AND m.role IN ('admin', 'approver')
      ORDER BY u.email) AS approvers,
    ARRAY(SELECT u.email FROM member m JOIN "user" u ON u.id = m.user_id
      WHERE m.organization_id = i.organization_id AND m.role = 'admin' ORDER BY u.email) AS admins,
    p.amount_cents AS "paymentCents", p.reference AS "paymentReference",
    p.received_on::text AS "receivedOn"
  FROM invoice i JOIN checkout c ON c.id = i.checkout_id
    JOIN organization o ON o.id = i.organization_id
    LEFT JOIN "user" buyer ON buyer.id = c.user_id
    LEFT JOIN invoice_payment p ON p.id = $2::uuid AND p.invoice_id = i.id
  WHERE i.id = $1::uuid`;

interface InvoiceMailRow {
  number: string;
  amountCents: number;
  taxCents: number;
  paidCents: number;
  poReference: string | null;
  status: string;
  dueOn: string;
  issuedOn: string;
  checkoutNumber: string;
  companyName: string;
  buyerEmail: string | null;
  approvers: string[];
  admins: string[];
  paymentCents: number | null;
  paymentReference: string | null;
  receivedOn: string | null;
}

const unique = (emails: (string | null)[]) => [
  ...new Set(emails.filter((email): email is string => !!email)),
];

/** The mail of `job` (recipients, subject, text and HTML), or null when nobody is left to tell. */
export async function invoiceMail(
  db: Db,
  job: InvoiceMail,
  publicUrl: string,
): Promise<{ to: string; subject: string; text: string; html: string } | null> {
  const { rows } = await db.$client.query<InvoiceMailRow>(INVOICE_MAIL_SQL, [
    job.invoiceId,
    job.paymentId ?? null,
  ]);
  const [row] = rows;
  if (!row) throw new Error(`no invoice for mail ${JSON.stringify(job)}`);
  const number = invoiceNumber(Number(row.number));
  const owedCents = row.amountCents - row.paidCents;
  const details: [string, string][] = [
    ['Invoice', number],
    ['Company', row.companyName],
    ['Order', `C-${row.checkoutNumber}`],
    ...(row.poReference ? ([['PO reference', row.poReference]] as [string, string][]) : []),
    ['Issued', row.issuedOn],
    ['Due date', row.dueOn],
    ['Amount', formatCents(row.amountCents)],
    ['Of which tax', formatCents(row.taxCents)],
    ['Still owed', formatCents(owedCents)],
  ];
  const link = `${publicUrl}${pageRoutes.companyInvoices.href()}`;
  const po = row.poReference ? `, PO ${row.poReference}` : '';
  let to: string[];
  let subject: string;
  let lines: string[];
  if (job.template === 'invoice.issued') {
    to = unique([row.buyerEmail, ...row.approvers]);
    subject = `Invoice ${number}: ${formatCents(row.amountCents)} due ${row.dueOn}${po}`;
    lines = [
      `We issued invoice ${number} to ${row.companyName} for order C-${row.checkoutNumber}, paid on account.`,
      `Please pay ${formatCents(row.amountCents)} by ${row.dueOn}. The invoice's PDF is on your invoices page.`,
    ];
  } else if (job.template === 'invoice.overdue') {
    to = unique(row.approvers);
    subject = `Overdue: invoice ${number}, ${formatCents(owedCents)} was due ${row.dueOn}${po}`;
    lines = [
      `Invoice ${number} of ${row.companyName} was due on ${row.dueOn} and ${formatCents(owedCents)} of it is still unpaid.`,
      'Please pay it as soon as you can. If you paid it already, thank you: it crossed this reminder.',
    ];
  } else {
    to = unique(row.admins);
    const received = formatCents(row.paymentCents ?? 0);
    subject = `Payment received: ${received} for invoice ${number}${po}`;
    lines = [
      `We received ${received} for invoice ${number}${row.receivedOn ? ` on ${row.receivedOn}` : ''}${row.paymentReference ? ` (reference ${row.paymentReference})` : ''}. Thank you.`,
      owedCents === 0
        ? 'The invoice is paid in full.'
        : `${formatCents(owedCents)} of it is still owed, due ${row.dueOn}.`,
    ];
  }
  if (to.length === 0) return null; // nobody of the company left to tell
  return {
    to: to.join(', '),
    ...renderShopMail({ subject, lines, details, link, linkLabel: 'Your invoices' }),
  };
}

/**
 * An invoice's mail (kind `invoice-mail`: the kind `mail` is the order mails', and a kind is
 * registered once).
 */
export const invoiceMailJob = defineJob({
  kind: 'invoice-mail',
  payload: InvoiceMailSchema,
  async handle(job, context) {
    const mail = await invoiceMail(context.db, job, context.publicUrl);
    if (mail) await context.mailer.send(mail);
  },
});
