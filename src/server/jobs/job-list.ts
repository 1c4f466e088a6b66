import { aftersaleMailJob } from '../modules/aftersale/index.ts';
import { backInStockJob } from '../modules/back-in-stock/index.ts';
import { invoiceMailJob } from '../modules/invoices/index.ts';
import { jobRegistry } from '../modules/outbox/index.ts';
import { cancelIntentJob, orderMailJob } from '../modules/purchases/index.ts';
import { quoteMailJob } from '../modules/quotes/index.ts';
import { taxExemptionMailJob } from '../modules/tax-exemptions/index.ts';
import { webhookJob } from '../modules/webhooks/index.ts';

/**
 * Every job the outbox worker carries out (ADR 042), in one place: a module declares its jobs with
 * `defineJob` in its own folder and adds them here. A kind queued but missing here is retried and
 * then fails with "unknown outbox job kind".
 */
export const outboxJobs = jobRegistry([
  orderMailJob,
  cancelIntentJob,
  webhookJob,
  aftersaleMailJob,
  quoteMailJob,
  backInStockJob,
  taxExemptionMailJob,
  invoiceMailJob,
]);
