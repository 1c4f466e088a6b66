import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CompanyParamsSchema } from '../../../shared/companies.ts';
import {
  AgeingReportSchema,
  INVOICE_CSV_COLUMNS,
  InvoiceListQuerySchema,
  InvoiceListSchema,
  InvoiceParamsSchema,
  InvoiceSchema,
  PaymentBodySchema,
  StatementSchema,
} from '../../../shared/invoices.ts';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../http/authentication.ts';
import { csvDocument } from '../csv/index.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { recordInvoicePayment } from './invoice-payments.ts';
import {
  ageingReport,
  companyStatement,
  getInvoice,
  getInvoiceDocument,
  invoiceCsvRows,
  listInvoices,
} from './invoices.service.ts';

/**
 * Invoices of checkouts paid on account (issue 37, ADR 059). Members: their company's (a buyer:
 * their own checkouts'); another company's is not found. Staff (admin.other): all of them, the
 * payments received, the ageing and the CSV.
 */
export const invoicesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const staff = { permission: 'admin.other' } as const;

  app.get(
    '/invoices',
    {
      schema: {
        summary:
          "Invoices, newest first: a member's company's (a buyer's own checkouts'); staff all, by company and status",
        querystring: InvoiceListQuerySchema,
        response: { 200: InvoiceListSchema },
      },
    },
    async (request) => ({ invoices: await listInvoices(db, callerOf(request), request.query) }),
  );

  app.get(
    '/invoices/ageing',
    {
      config: { access: staff },
      schema: {
        summary:
          'What every company owes on open invoices by days past due (current, 1–30, 31–60, over 60), and the totals',
        response: { 200: AgeingReportSchema },
      },
    },
    () => ageingReport(db),
  );

  app.get(
    '/invoices.csv',
    {
      config: { access: staff },
      schema: {
        summary: `The invoices as CSV (${INVOICE_CSV_COLUMNS.join(', ')}), by company and status`,
        querystring: InvoiceListQuerySchema,
      },
    },
    async (request, reply) => {
      const document = await csvDocument(INVOICE_CSV_COLUMNS, invoiceCsvRows(db, request.query));
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="invoices-${new Date().toISOString().slice(0, 10)}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(Readable.from(document));
    },
  );

  app.get(
    '/invoices/:id',
    {
      schema: {
        summary: 'An invoice with its orders and payments',
        params: InvoiceParamsSchema,
        response: { 200: InvoiceSchema },
      },
    },
    (request) => getInvoice(db, callerOf(request), request.params.id),
  );

  app.get(
    '/invoices/:id/pdf',
    {
      schema: { summary: 'An invoice as a PDF', params: InvoiceParamsSchema },
    },
    async (request, reply) => {
      const facts = await getInvoiceDocument(db, callerOf(request), request.params.id);
      const pdf = await renderInvoicePdf(facts);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${facts.invoice.number}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.post(
    '/invoices/:id/payments',
    {
      config: { access: staff },
      schema: {
        summary:
          'Records a payment received (dollars; not more than is still owed): the invoice is paid when payments reach its amount',
        params: InvoiceParamsSchema,
        body: PaymentBodySchema,
        response: { 201: InvoiceSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await recordInvoicePayment(db, callerOf(request), request.params.id, request.body)),
  );

  app.get(
    '/companies/:id/statement',
    {
      schema: {
        summary:
          "A company's statement: credit, balance, overdue, ageing and open invoices (its approvers and admins; staff)",
        params: CompanyParamsSchema,
        response: { 200: StatementSchema },
      },
    },
    (request) => companyStatement(db, callerOf(request), request.params.id),
  );
};
