import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Mailer } from '../modules/mail/index.ts';
import { drainDestinations, drainOutbox, type OutboxContext } from '../modules/outbox/index.ts';
import type { PaymentProvider } from '../modules/payments/index.ts';
import { sweepIdempotencyKeys, sweepPaymentIdempotencyKeys } from '../modules/idempotency/index.ts';
import { sweepCheckoutQuotes } from '../modules/pricing/index.ts';
import { reconcilePendingRefunds } from '../modules/aftersale/index.ts';
import { expireStaleHolds } from '../modules/purchases/index.ts';
import { expireQuotes } from '../modules/quotes/index.ts';
import { sweepOverdueInvoices } from '../modules/invoices/index.ts';
import { pruneWebhookDeliveries } from '../modules/webhooks/index.ts';
import { startIntervalJob, type IntervalJob, type RunningJob } from './interval-job.ts';
import { outboxJobs } from './job-list.ts';

const OUTBOX_POLL_MS = 1_000;
/**
 * The mail lane's steps (ADR 048): up to 100 jobs claimed at once; the order mails among them read
 * in one statement and sent 32 at a time (their job's handleMany), other kinds carried out 32 at a
 * time; recorded sent together. Its database work goes through the worker's own pool
 * (OUTBOX_DB_CONNECTIONS).
 */
const MAIL_LANE = { lane: 'mail', batchSize: 100, concurrency: 32 } as const;
const HOLD_EXPIRY_INTERVAL_MS = 60_000;
const IDEMPOTENCY_SWEEP_INTERVAL_MS = 15 * 60_000;
const WEBHOOK_LOG_PRUNE_INTERVAL_MS = 60 * 60_000;
const REFUND_RECONCILE_INTERVAL_MS = 60_000;
const OVERDUE_INVOICES_INTERVAL_MS = 15 * 60_000;

/**
 * The outbox worker (ADR 013), in two lanes (ADR 039) that never wait for each other: the mails
 * (and every other kind but webhooks), a step at a time, and the webhooks, one delivery per
 * endpoint at once, each within its deadline. Every instance runs both; claims keep them apart.
 * Closing waits for the work in flight only: the rest of a backlog stays due for the next
 * instance to start.
 */
export function outboxWorkerJobs(
  context: OutboxContext,
  intervalMs = OUTBOX_POLL_MS,
): IntervalJob[] {
  return [
    {
      failureMessage: 'outbox step failed',
      intervalMs,
      run: async (_log, stopping) => {
        await drainOutbox(context, MAIL_LANE, stopping);
      },
    },
    {
      failureMessage: 'webhook delivery step failed',
      intervalMs,
      run: async (_log, stopping) => {
        await drainDestinations(context, { pollMs: intervalMs }, stopping);
      },
    },
  ];
}

/**
 * Expires unpaid orders whose hold has run out and returns their stock. Correctness never depends
 * on it: the order lists expire stale holds themselves before they answer.
 */
export function holdExpiryJob(
  expire: () => Promise<number>,
  intervalMs = HOLD_EXPIRY_INTERVAL_MS,
): IntervalJob {
  return {
    failureMessage: 'expiring unpaid orders failed',
    intervalMs,
    run: async (log) => {
      const expired = await expire();
      if (expired > 0) log.info({ expired }, 'expired unpaid orders and returned their stock');
    },
  };
}

/** Removes Idempotency-Keys past their 24 h (docs/decisions/029) and expired checkout quotes. */
export function idempotencySweepJob(
  sweep: () => Promise<number>,
  intervalMs = IDEMPOTENCY_SWEEP_INTERVAL_MS,
): IntervalJob {
  return {
    failureMessage: 'sweeping expired idempotency keys failed',
    intervalMs,
    run: async (log) => {
      const swept = await sweep();
      if (swept > 0) log.debug({ swept }, 'swept expired idempotency keys');
    },
  };
}

/** Deletes webhook delivery log rows past WEBHOOK_LOG_DAYS, in batches (webhook-log-prune.ts). */
export function webhookLogPruneJob(
  prune: (stopping: () => boolean) => Promise<number>,
  intervalMs = WEBHOOK_LOG_PRUNE_INTERVAL_MS,
): IntervalJob {
  return {
    failureMessage: 'pruning the webhook delivery log failed',
    intervalMs,
    run: async (log, stopping) => {
      const pruned = await prune(stopping);
      if (pruned > 0) log.info({ pruned }, 'pruned old webhook deliveries');
    },
  };
}

/** Quotes whose quoted price ran out become expired (mailed); accepting checks expiry itself. */
export function quoteExpiryJob(
  expire: () => Promise<number>,
  intervalMs = HOLD_EXPIRY_INTERVAL_MS,
): IntervalJob {
  return {
    failureMessage: 'expiring quotes failed',
    intervalMs,
    run: async (log) => {
      const expired = await expire();
      if (expired > 0) log.info({ expired }, 'expired quotes');
    },
  };
}

/**
 * Asks the payment provider about refunds left pending by an ambiguous answer and settles them
 * (refund-reconciliation.ts, docs/decisions/035): succeeded if it has them, released if not.
 */
export function refundReconciliationJob(
  reconcile: (stopping: () => boolean) => Promise<number>,
  intervalMs = REFUND_RECONCILE_INTERVAL_MS,
): IntervalJob {
  return {
    failureMessage: 'reconciling pending refunds failed',
    intervalMs,
    run: async (log, stopping) => {
      const settled = await reconcile(stopping);
      if (settled > 0) log.info({ settled }, 'settled pending refunds with the payment provider');
    },
  };
}

/**
 * Marks open invoices past their due date overdue (issue 37): the reminder mail to the company's
 * admins and approvers, the `invoice.overdue` webhook once, and a reminder again every 7 days
 * while unpaid. Every instance runs it; one conditional UPDATE decides which instance sends.
 */
export function overdueInvoicesJob(
  sweep: () => Promise<number>,
  intervalMs = OVERDUE_INVOICES_INTERVAL_MS,
): IntervalJob {
  return {
    failureMessage: 'marking overdue invoices failed',
    intervalMs,
    run: async (log) => {
      const marked = await sweep();
      if (marked > 0) log.info({ marked }, 'marked or reminded overdue invoices');
    },
  };
}

/**
 * Runs `jobs` while the app is up: started in this order once it is ready, stopped in the reverse
 * order when it closes (each waits for its run in flight), so a job stops before the jobs it
 * feeds.
 */
export function runJobs(app: FastifyInstance, jobs: readonly IntervalJob[]): void {
  let running: RunningJob[] = [];
  app.addHook('onReady', async () => {
    running = jobs.map((job) => startIntervalJob(job, app.log));
  });
  app.addHook('onClose', async () => {
    for (const job of running.reverse()) await job.stop();
  });
}

/** The configuration the background jobs read (config.ts parses it; ADR 046). */
export interface JobsConfig {
  publicUrl: string;
  /** ORDER_NOTIFY_EMAILS; empty: every admin. */
  orderNotifyEmails: string[];
  /** WEBHOOK_ALLOW_PRIVATE */
  webhookAllowPrivate: boolean;
  /** WEBHOOK_TIMEOUT_SECONDS: the deadline of one delivery. */
  webhookTimeoutSeconds: number;
  /** WEBHOOK_LOG_DAYS */
  webhookLogDays: number;
  /** Order mails say "Test mode: no real payments". */
  testModeNotice: boolean;
  /** OUTBOX_WORKER: `separate`, the outbox worker runs in a process of its own, not here. */
  outboxWorker: 'app' | 'separate';
}

export const jobsConfigOf = (config: JobsConfig): JobsConfig => ({
  publicUrl: config.publicUrl,
  orderNotifyEmails: config.orderNotifyEmails,
  webhookAllowPrivate: config.webhookAllowPrivate,
  webhookTimeoutSeconds: config.webhookTimeoutSeconds,
  webhookLogDays: config.webhookLogDays,
  testModeNotice: config.testModeNotice,
  outboxWorker: config.outboxWorker,
});

/** The outbox worker's context: the job registry and what the handlers use (ADR 042). */
export function outboxContextOf(
  options: Pick<JobsOptions, 'db' | 'mailer' | 'provider' | 'config'>,
  log: OutboxContext['log'],
): OutboxContext {
  const { config } = options;
  return {
    jobs: outboxJobs,
    db: options.db,
    mailer: options.mailer,
    provider: options.provider,
    publicUrl: config.publicUrl,
    notifyEmails: config.orderNotifyEmails,
    webhooks: {
      allowPrivate: config.webhookAllowPrivate,
      deadlineMs: config.webhookTimeoutSeconds * 1000,
    },
    log,
    testModeNotice: config.testModeNotice,
  };
}

/** What the background jobs need: the instance's shared services (app.ts builds them once). */
export interface JobsOptions {
  db: Db;
  /** The outbox worker's database: its own pool (Database.outbox), or `db`. */
  outboxDb?: Db;
  mailer: Mailer;
  /** Cancels payment intents of cancelled orders; null: no provider set up. */
  provider: PaymentProvider | null;
  config: JobsConfig;
}

/**
 * Every background job of an instance, in one place. The hold expiry writes outbox rows (the
 * expiry mails) that the outbox worker sends, so the worker (both lanes) starts first and stops
 * last.
 */
export const jobsPlugin: FastifyPluginAsync<JobsOptions> = async (app, options) => {
  const { db, mailer, provider, config } = options;
  runJobs(app, [
    // OUTBOX_WORKER=separate: the worker process carries the outbox out (outbox-worker.ts).
    ...(config.outboxWorker === 'app'
      ? outboxWorkerJobs(
          outboxContextOf({ db: options.outboxDb ?? db, mailer, provider, config }, app.log),
        )
      : []),
    holdExpiryJob(() => expireStaleHolds(db)),
    idempotencySweepJob(
      async () =>
        (await sweepIdempotencyKeys(db)) +
        (await sweepPaymentIdempotencyKeys(db)) +
        (await sweepCheckoutQuotes(db.$client)),
    ),
    quoteExpiryJob(() => expireQuotes(db)),
    webhookLogPruneJob((stopping) =>
      pruneWebhookDeliveries(db, config.webhookLogDays, { stopping }),
    ),
    refundReconciliationJob((stopping) => reconcilePendingRefunds(db, provider, { stopping })),
    overdueInvoicesJob(() => sweepOverdueInvoices(db)),
  ]);
};
