import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { canApprove, COMPANY_NOT_FOUND_MESSAGE } from '../../../shared/companies.ts';
import { IdSchema } from '../../../shared/ids.ts';
import {
  INVOICE_NOT_FOUND_MESSAGE,
  invoiceNumber,
  type Invoice,
  type InvoiceListQuerySchema,
  type Statement,
} from '../../../shared/invoices.ts';
import { can } from '../../../shared/permissions.ts';
import type { PostalAddress } from '../../../shared/postal-address.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { Forbidden, NotFound } from '../../errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { membershipOf } from '../companies/index.ts';
import type { CsvCell } from '../csv/index.ts';

/*
 * Invoices of checkouts paid on account (issue 37, ADR 059): who sees which, the company's
 * statement and the staff's ageing. Read with SQL of its own (this module sits in the catalogue
 * tier and never imports modules/purchases).
 *
 * Who sees an invoice: staff with admin.other, every one; a company's admins and approvers, the
 * company's; a buyer, those of their own checkouts. Any other is not found (404), never forbidden.
 */

export const STATEMENT_FORBIDDEN_MESSAGE =
  "Only your company's approvers and admins see its statement";

/** Who the caller is to invoices. */
export type InvoiceViewer =
  | { kind: 'staff' }
  | { kind: 'member'; userId: string; organizationId: string; approves: boolean }
  | { kind: 'none' };

export async function viewerOf(db: Queryable, caller: AuthUser): Promise<InvoiceViewer> {
  if (can(caller.role, 'admin.other')) return { kind: 'staff' };
  const membership = await membershipOf(db, caller.id);
  if (!membership) return { kind: 'none' };
  return {
    kind: 'member',
    userId: caller.id,
    organizationId: membership.organizationId,
    approves: canApprove(membership.role),
  };
}

/** The invoices `viewer` may see, as a condition on `i` (invoice) and `c` (its checkout). */
function visibleTo(viewer: InvoiceViewer): SQL {
  if (viewer.kind === 'staff') return sql`true`;
  if (viewer.kind === 'none') return sql`false`;
  return viewer.approves
    ? sql`i.organization_id = ${viewer.organizationId}`
    : sql`i.organization_id = ${viewer.organizationId} AND c.user_id = ${viewer.userId}`;
}

/** Open and past its due date: overdue, whether or not the sweep has marked it yet. */
export const OVERDUE_SQL = sql`(i.status = 'open' AND i.due_at < now())`;

/** The list's status filter: stored status, or `overdue` (open and past due). */
function statusFilter(status: z.output<typeof InvoiceListQuerySchema>['status']): SQL {
  if (status === 'overdue') return OVERDUE_SQL;
  if (status) return sql`i.status = ${status}`;
  return sql`true`;
}

interface InvoiceRow extends Record<string, unknown> {
  id: string;
  number: string;
  organization_id: string;
  company_name: string;
  checkout_number: string;
  po_reference: string | null;
  amount_cents: number;
  tax_cents: number;
  paid_cents: number;
  status: 'open' | 'paid';
  overdue: boolean;
  issued_at: string | Date;
  due_at: string | Date;
  paid_at: string | Date | null;
  payments: {
    id: string;
    amount_cents: number;
    reference: string;
    received_on: string;
    created_at: string;
  }[];
  orders: {
    id: string;
    product_name: string;
    sku: string;
    quantity: number;
    amount_cents: number;
  }[];
}

const INVOICE_COLUMNS = sql`i.id, i.number::text AS number, i.organization_id,
    o.name AS company_name, c.number::text AS checkout_number, i.po_reference, i.amount_cents,
    i.tax_cents, i.paid_cents, i.status, ${OVERDUE_SQL} AS overdue, i.issued_at, i.due_at,
    i.paid_at,
    coalesce((SELECT jsonb_agg(jsonb_build_object('id', p.id, 'amount_cents', p.amount_cents,
        'reference', p.reference, 'received_on', p.received_on::text,
        'created_at', p.created_at) ORDER BY p.created_at, p.id)
      FROM invoice_payment p WHERE p.invoice_id = i.id), '[]'::jsonb) AS payments,
    coalesce((SELECT jsonb_agg(jsonb_build_object('id', pu.id, 'product_name', pu.product_name,
        'sku', pu.sku, 'quantity', pu.quantity, 'amount_cents', pu.amount_cents)
        ORDER BY pu.product_name, pu.id)
      FROM purchase pu WHERE pu.checkout_id = i.checkout_id), '[]'::jsonb) AS orders
  FROM invoice i JOIN organization o ON o.id = i.organization_id
    JOIN checkout c ON c.id = i.checkout_id`;

const iso = (value: string | Date) => new Date(value).toISOString();
const dollars = (cents: number) => cents / 100;

function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    number: invoiceNumber(Number(row.number)),
    companyId: row.organization_id,
    companyName: row.company_name,
    checkoutNumber: Number(row.checkout_number),
    poReference: row.po_reference,
    amount: dollars(row.amount_cents),
    tax: dollars(row.tax_cents),
    paid: dollars(row.paid_cents),
    due: dollars(row.amount_cents - row.paid_cents),
    status: row.status,
    overdue: row.overdue,
    issuedAt: iso(row.issued_at),
    dueAt: iso(row.due_at),
    paidAt: row.paid_at ? iso(row.paid_at) : null,
    payments: row.payments.map((payment) => ({
      id: payment.id,
      amount: dollars(payment.amount_cents),
      reference: payment.reference,
      receivedOn: payment.received_on,
      createdAt: iso(payment.created_at),
    })),
    orders: row.orders.map((order) => ({
      id: order.id,
      productName: order.product_name,
      sku: order.sku,
      quantity: order.quantity,
      amount: dollars(order.amount_cents),
    })),
  };
}

/** The most invoices a list answers (newest first); the CSV has them all. */
export const INVOICE_LIST_MAX = 500;

/**
 * The invoices the caller may see, newest first: staff all of them (one company's with
 * `companyId`); a member their company's (a buyer: their own checkouts'), whatever they send.
 */
export async function listInvoices(
  db: Db,
  caller: AuthUser,
  query: z.output<typeof InvoiceListQuerySchema>,
): Promise<Invoice[]> {
  const viewer = await viewerOf(db, caller);
  const company =
    viewer.kind === 'staff' && query.companyId
      ? sql`i.organization_id = ${query.companyId}`
      : sql`true`;
  const result = await db.execute<InvoiceRow>(sql`SELECT ${INVOICE_COLUMNS}
    WHERE ${visibleTo(viewer)} AND ${company} AND ${statusFilter(query.status)}
    ORDER BY i.number DESC LIMIT ${INVOICE_LIST_MAX}`);
  return result.rows.map(toInvoice);
}

/** One invoice the caller may see; any other (or an id that is none) is not found. */
export async function getInvoice(db: Db, caller: AuthUser, id: string): Promise<Invoice> {
  if (!IdSchema.safeParse(id).success) throw new NotFound(INVOICE_NOT_FOUND_MESSAGE);
  const viewer = await viewerOf(db, caller);
  const result = await db.execute<InvoiceRow>(sql`SELECT ${INVOICE_COLUMNS}
    WHERE i.id = ${id} AND ${visibleTo(viewer)}`);
  const [row] = result.rows;
  if (!row) throw new NotFound(INVOICE_NOT_FOUND_MESSAGE);
  return toInvoice(row);
}

/** What an invoice's PDF shows besides the invoice: its company's details and its terms. */
export interface InvoiceDocumentFacts {
  invoice: Invoice;
  taxNumber: string;
  billingAddress: PostalAddress | null;
  termsDays: number;
}

export async function getInvoiceDocument(
  db: Db,
  caller: AuthUser,
  id: string,
): Promise<InvoiceDocumentFacts> {
  const invoice = await getInvoice(db, caller, id);
  const result = await db.execute<{
    tax_number: string | null;
    billing_address: PostalAddress | null;
    terms_days: number;
  }>(sql`SELECT ca.tax_number, ca.billing_address,
      round(extract(epoch FROM i.due_at - i.issued_at) / 86400)::int AS terms_days
    FROM invoice i LEFT JOIN company_account ca ON ca.organization_id = i.organization_id
    WHERE i.id = ${id}`);
  const [row] = result.rows;
  return {
    invoice,
    taxNumber: row?.tax_number ?? '',
    billingAddress: row?.billing_address ?? null,
    termsDays: row?.terms_days ?? 0,
  };
}

// ---- Ageing: what is owed by days past due ----

/**
 * The buckets of what is still owed on open invoices (docs/features.md, "Invoices and
 * statements"): `current` not yet due; `days30` past due by up to 30 days; `days60` by more than
 * 30 and up to 60; `days90` by more than 60 (the "90+": over 90 days since issued at Net 30).
 */
const AGEING_COLUMNS = sql`
    coalesce(sum(i.amount_cents - i.paid_cents) FILTER (WHERE i.due_at >= now()), 0)::bigint AS current,
    coalesce(sum(i.amount_cents - i.paid_cents) FILTER (WHERE i.due_at < now()
      AND i.due_at >= now() - interval '30 days'), 0)::bigint AS days30,
    coalesce(sum(i.amount_cents - i.paid_cents) FILTER (WHERE i.due_at < now() - interval '30 days'
      AND i.due_at >= now() - interval '60 days'), 0)::bigint AS days60,
    coalesce(sum(i.amount_cents - i.paid_cents) FILTER (WHERE i.due_at < now() - interval '60 days'), 0)::bigint AS days90`;

interface AgeingRow extends Record<string, unknown> {
  current: string;
  days30: string;
  days60: string;
  days90: string;
}

function toAgeing(row: AgeingRow | undefined) {
  const current = Number(row?.current ?? 0);
  const days30 = Number(row?.days30 ?? 0);
  const days60 = Number(row?.days60 ?? 0);
  const days90 = Number(row?.days90 ?? 0);
  return {
    current: dollars(current),
    days30: dollars(days30),
    days60: dollars(days60),
    days90: dollars(days90),
    total: dollars(current + days30 + days60 + days90),
  };
}

/** Staff: every company with something owed, by age, and the totals. */
export async function ageingReport(db: Db) {
  const result = await db.execute<
    AgeingRow & { organization_id: string; company_name: string }
  >(sql`SELECT i.organization_id, o.name AS company_name, ${AGEING_COLUMNS}
    FROM invoice i JOIN organization o ON o.id = i.organization_id
    WHERE i.status = 'open'
    GROUP BY i.organization_id, o.name
    ORDER BY o.name, i.organization_id`);
  const companies = result.rows.map((row) => ({
    companyId: row.organization_id,
    companyName: row.company_name,
    ...toAgeing(row),
  }));
  const sum = (key: 'current' | 'days30' | 'days60' | 'days90') =>
    result.rows.reduce((total, row) => total + Number(row[key]), 0);
  return {
    companies,
    totals: toAgeing({
      current: String(sum('current')),
      days30: String(sum('days30')),
      days60: String(sum('days60')),
      days90: String(sum('days90')),
    }),
  };
}

/**
 * A company's statement: its credit, balance, what is overdue, the ageing and its open invoices.
 * Staff (admin.other) and the company's approvers and admins; its buyers are refused (403); any
 * other caller finds no such company (404).
 */
export async function companyStatement(
  db: Db,
  caller: AuthUser,
  companyId: string,
): Promise<Statement> {
  const viewer = await viewerOf(db, caller);
  if (viewer.kind !== 'staff') {
    if (viewer.kind === 'none' || viewer.organizationId !== companyId)
      throw new NotFound(COMPANY_NOT_FOUND_MESSAGE);
    if (!viewer.approves) throw new Forbidden(STATEMENT_FORBIDDEN_MESSAGE);
  }
  const account = await db.execute<{
    credit_limit_cents: string | null;
    terms_days: number | null;
    balance_cents: string | null;
    credit_status: string | null;
  }>(sql`SELECT ca.credit_limit_cents, ca.terms_days, ca.balance_cents, ca.credit_status
    FROM organization o LEFT JOIN company_account ca ON ca.organization_id = o.id
    WHERE o.id = ${companyId}`);
  const [company] = account.rows;
  if (!company) throw new NotFound(COMPANY_NOT_FOUND_MESSAGE);
  const ageing = await db.execute<AgeingRow & { overdue: string }>(sql`SELECT ${AGEING_COLUMNS},
      coalesce(sum(i.amount_cents - i.paid_cents) FILTER (WHERE ${OVERDUE_SQL}), 0)::bigint AS overdue
    FROM invoice i WHERE i.organization_id = ${companyId} AND i.status = 'open'`);
  const open = await db.execute<InvoiceRow>(sql`SELECT ${INVOICE_COLUMNS}
    WHERE i.organization_id = ${companyId} AND i.status = 'open'
    ORDER BY i.due_at, i.number`);
  const limitCents = Number(company.credit_limit_cents ?? 0);
  const balanceCents = Number(company.balance_cents ?? 0);
  const approved = company.credit_status === 'approved';
  return {
    companyId,
    creditLimit: dollars(limitCents),
    termsDays: company.terms_days ?? 0,
    balance: dollars(balanceCents),
    available: approved ? dollars(Math.max(0, limitCents - balanceCents)) : 0,
    overdue: dollars(Number(ageing.rows[0]?.overdue ?? 0)),
    ageing: toAgeing(ageing.rows[0]),
    openInvoices: open.rows.map(toInvoice),
  };
}

// ---- CSV (staff) ----

/** Rows fetched per round trip of the CSV. */
export const INVOICE_CSV_BATCH = 1000;
const money = (cents: number) => (cents / 100).toFixed(2);

interface CsvRow extends Record<string, unknown> {
  number: string;
  company_name: string;
  checkout_number: string;
  po_reference: string | null;
  issued: string;
  due: string;
  amount_cents: number;
  tax_cents: number;
  paid_cents: number;
  status: string;
  overdue: boolean;
}

/**
 * Every invoice (one company's, one status) in number order, a batch per query (keyset paging on
 * the number, as modules/exports walks its tables), as the cells of INVOICE_CSV_COLUMNS. Days are
 * UTC.
 */
export async function* invoiceCsvRows(
  db: Db,
  query: z.output<typeof InvoiceListQuerySchema>,
): AsyncGenerator<CsvCell[][]> {
  const company = query.companyId ? sql`i.organization_id = ${query.companyId}` : sql`true`;
  let after = 0;
  for (;;) {
    const result = await db.execute<CsvRow>(sql`SELECT i.number::text AS number,
        o.name AS company_name, c.number::text AS checkout_number, i.po_reference,
        to_char(i.issued_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS issued,
        to_char(i.due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS due,
        i.amount_cents, i.tax_cents, i.paid_cents, i.status, ${OVERDUE_SQL} AS overdue
      FROM invoice i JOIN organization o ON o.id = i.organization_id
        JOIN checkout c ON c.id = i.checkout_id
      WHERE ${company} AND ${statusFilter(query.status)} AND i.number > ${after}
      ORDER BY i.number LIMIT ${INVOICE_CSV_BATCH}`);
    const rows = result.rows;
    if (rows.length === 0) return;
    yield rows.map((row) => [
      invoiceNumber(Number(row.number)),
      row.company_name,
      `C-${row.checkout_number}`,
      row.po_reference ?? '',
      row.issued,
      row.due,
      money(row.amount_cents),
      money(row.tax_cents),
      money(row.paid_cents),
      money(row.amount_cents - row.paid_cents),
      row.status,
      row.overdue ? 'yes' : 'no',
    ]);
    if (rows.length < INVOICE_CSV_BATCH) return;
    after = Number(rows[rows.length - 1]?.number);
  }
}
