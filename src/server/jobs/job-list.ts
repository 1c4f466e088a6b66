import { aftersaleMailJob } from '../modules/aftersale/aftersale-mails.ts';
import { backInStockJob } from '../modules/back-in-stock/back-in-stock.service.ts';
import { jobRegistry } from '../modules/outbox/jobs.ts';
import { cancelIntentJob, orderMailJob } from '../modules/purchases/order-jobs.ts';
import { quoteMailJob } from '../modules/quotes/quote-mails.ts';
import { webhookJob } from '../modules/webhooks/webhooks.service.ts';

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
]);
