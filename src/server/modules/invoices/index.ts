// Invoices of checkouts paid on account (issue 37, docs/decisions/059). In the catalogue tier so
// the order statement can issue them: it reads the tables itself, never modules/purchases.
export { invoiceIssuedEffectCtes, invoiceIssuedEffectsSql } from './invoice-effects.ts';
export { invoiceMailJob } from './invoice-mails.ts';
export { OVERDUE_REMINDER_DAYS, sweepOverdueInvoices } from './invoice-overdue.ts';
export { invoicesRoutes } from './invoices.routes.ts';
