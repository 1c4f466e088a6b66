import { z } from 'zod';
import { singleLineText } from './text.ts';

// Invoices of checkouts paid on account (issue 37, docs/decisions/059), their payments, a
// company's statement and the staff's ageing. Money in dollars; the database keeps cents.

/** As stored: `open` until paid in full. Overdue is an open invoice past its due date (`overdue`). */
export const INVOICE_STATUSES = ['open', 'paid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** "INV-000042". */
export const invoiceNumber = (number: number) => `INV-${String(number).padStart(6, '0')}`;

export const INVOICE_NOT_FOUND_MESSAGE = 'Invoice not found';
export const PAYMENT_TOO_LARGE_MESSAGE = 'Amount must not be more than what is still owed';

export const invoicePaths = {
  invoices: '/api/invoices',
  invoice: (id: string) => `/api/invoices/${encodeURIComponent(id)}`,
  pdf: (id: string) => `/api/invoices/${encodeURIComponent(id)}/pdf`,
  /** Staff: record a payment received. */
  payments: (id: string) => `/api/invoices/${encodeURIComponent(id)}/payments`,
  /** Staff: every company's open balance by age. */
  ageing: '/api/invoices/ageing',
  /** Staff: the invoices as CSV. */
  csv: '/api/invoices.csv',
} as const;

export const InvoiceParamsSchema = z.object({
  id: singleLineText('Invoice id', { keepSpaces: true }).max(100),
});

export const InvoicePaymentSchema = z.object({
  id: z.string(),
  amount: z.number(),
  reference: z.string(),
  /** YYYY-MM-DD. */
  receivedOn: z.string(),
  createdAt: z.string(),
});

export const InvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  checkoutNumber: z.number().int(),
  poReference: z.string().nullable(),
  amount: z.number(),
  tax: z.number(),
  paid: z.number(),
  /** What is still owed. */
  due: z.number(),
  status: z.enum(INVOICE_STATUSES),
  overdue: z.boolean(),
  issuedAt: z.string(),
  dueAt: z.string(),
  paidAt: z.string().nullable(),
  payments: z.array(InvoicePaymentSchema),
  /** The orders it bills. */
  orders: z.array(
    z.object({
      id: z.string(),
      productName: z.string(),
      sku: z.string(),
      quantity: z.number().int(),
      amount: z.number(),
    }),
  ),
});
export type Invoice = z.infer<typeof InvoiceSchema>;
export const InvoiceListSchema = z.object({ invoices: z.array(InvoiceSchema) });

export const InvoiceListQuerySchema = z.object({
  /** Staff: one company's; members get their own company's whatever they send. */
  companyId: singleLineText('Company id', { keepSpaces: true }).max(100).optional(),
  status: z.enum(['open', 'paid', 'overdue']).optional(),
});

export const PaymentBodySchema = z.object({
  amount: z
    .number({ error: 'Amount must be a number' })
    .positive('Amount must be more than 0')
    .max(21_000_000, 'Amount is too large'),
  reference: singleLineText('Reference')
    .max(100, 'Reference must be at most 100 characters')
    .default(''),
  /** YYYY-MM-DD; today when omitted. */
  receivedOn: z.iso.date('Received on must be a date').optional(),
});

/**
 * The ageing buckets of what is still owed on open invoices, by days past due: `current` not yet
 * due; `days30` 1 to 30 days past due; `days60` 31 to 60; `days90` more than 60 (the issue's
 * "90+": more than 90 days since issued, at Net 30). Exactly: past due by more than 0 and at most
 * 30 × 24 hours, more than 30 and at most 60 days, more than 60 days.
 */
export const AGEING_BUCKETS = ['current', 'days30', 'days60', 'days90'] as const;
export const AGEING_LABELS: Record<(typeof AGEING_BUCKETS)[number], string> = {
  current: 'Current',
  days30: '1–30 days',
  days60: '31–60 days',
  days90: 'Over 60 days',
};
export const AgeingSchema = z.object({
  current: z.number(),
  days30: z.number(),
  days60: z.number(),
  /** More than 60 days past due. */
  days90: z.number(),
  total: z.number(),
});

export const StatementSchema = z.object({
  companyId: z.string(),
  creditLimit: z.number(),
  termsDays: z.number().int(),
  /** What the company owes and reserves (open invoices and on-account orders awaiting approval). */
  balance: z.number(),
  available: z.number(),
  overdue: z.number(),
  ageing: AgeingSchema,
  openInvoices: z.array(InvoiceSchema),
});
export type Statement = z.infer<typeof StatementSchema>;

export const AgeingReportSchema = z.object({
  companies: z.array(AgeingSchema.extend({ companyId: z.string(), companyName: z.string() })),
  totals: AgeingSchema,
});

/** GET /api/invoices.csv (staff): its columns, in order; money in dollars. */
export const INVOICE_CSV_COLUMNS = [
  'Number',
  'Company',
  'Checkout',
  'PO reference',
  'Issued',
  'Due date',
  'Amount',
  'Tax',
  'Paid',
  'Due',
  'Status',
  'Overdue',
] as const;
