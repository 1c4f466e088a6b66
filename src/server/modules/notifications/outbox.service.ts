import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ROLE_ADMIN } from '../../../shared/user.ts';
import type { Db } from '../../db/client.ts';
import { checkout, outbox, paymentIntent, purchase, user } from '../../db/schema.ts';
import { checkoutReference } from '../purchases/purchases.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import type { CancelIntentJob, OrderMailJob } from '../purchases/purchase-lifecycle.ts';
import { renderOrderMail } from './order-mails.ts';
import {
  deliverWebhook,
  type WebhookJob,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_HOURS,
  webhookBackoffMs,
} from '../webhooks/webhooks.service.ts';
import type { WebhookRequestOptions } from '../webhooks/webhook-request.ts';
import { aftersaleMail } from '../aftersale/aftersale-mails.ts';
import { AFTERSALE_MAIL, type AftersaleMailJob } from '../aftersale/order-aftersale.ts';
import type { QuoteMailJob } from '../quotes/quote-lifecycle.ts';
import { quoteMail } from '../quotes/quote-mails.ts';
import {
  BACK_IN_STOCK_KIND,
  backInStockMail,
  type BackInStockJob,
} from '../back-in-stock/back-in-stock.service.ts';

/*
 * The outbox worker's one step (ADR 013). Jobs were written by the
 * lifecycle in the transaction of the order change. A worker CLAIMS due jobs with one UPDATE over
 * `FOR UPDATE SKIP LOCKED` (so instances never take the same job), which also pushes the job's
 * next_attempt_at a lease ahead and counts the attempt, and commits at once; it then carries the
 * jobs out with no transaction open, and records each outcome guarded by that attempt number.
 * A worker that dies mid-job leaves it claimed until the lease ends; then any worker retries it.
 * Plain statements only: no LISTEN/NOTIFY, no advisory locks, no named prepared statements, so it
 * works through PgBouncer in transaction pooling.
 * Two lanes (ADR 039): the worker's steps take every kind but webhooks (`lane: 'mail'`); the
 * webhooks are delivered by drainWebhooks, one delivery per endpoint at once, each within its
 * deadline, so neither a slow receiver nor a failing one delays the mails or other endpoints.
 */

export interface OutboxContext {
  db: Db;
  mailer: Mailer;
  /** Cancels payment intents at the provider (jobs of kind cancel-intent); null: none set up. */
  provider: Pick<PaymentProvider, 'name' | 'cancelIntent'> | null;
  publicUrl: string;
  /** ORDER_NOTIFY_EMAILS; empty: every admin. */
  notifyEmails: string[];
  /** Order mails say "Test mode: no real payments" (config.testModeNotice). */
  testModeNotice?: boolean;
  /** How webhook deliveries connect (WEBHOOK_ALLOW_PRIVATE; tests add their own DNS). */
  webhooks?: WebhookRequestOptions;
  /** Where failed attempts are logged (warn); unset: nowhere (the row keeps the last error). */
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * Which jobs a step takes: `all` (tests, a one-off drain), or `mail`: every kind but webhooks,
 * which have a lane of their own (drainWebhooks), so no receiver can hold the mails.
 */
export type OutboxLane = 'all' | 'mail';

export interface OutboxOptions {
  /** Jobs claimed per step. */
  batchSize?: number;
  /** Attempts before a job is marked failed for good. */
  maxAttempts?: number;
  /** How long a claim lasts (a worker that died is retried after it). */
  leaseMs?: number;
  /** The wait before attempt n + 1 after attempt n failed. */
  backoffMs?: (attempt: number) => number;
  /** Default `all`. */
  lane?: OutboxLane;
}

export interface WebhookLaneOptions extends Omit<OutboxOptions, 'lane' | 'batchSize'> {
  /** Endpoints this instance delivers to at once, one delivery each. */
  concurrency?: number;
  /** How often it looks for newly due jobs while deliveries are in flight. */
  pollMs?: number;
}

/** Endpoints one instance delivers to at once (each one delivery at a time). */
export const WEBHOOK_CONCURRENCY = 8;

export const OUTBOX_MAX_ATTEMPTS = 10;
/** 5 s, 10 s, 20 s … capped at 30 min: about 1.5 hours from the first to the last attempt. */
export const defaultBackoffMs = (attempt: number) =>
  Math.min(5_000 * 2 ** (attempt - 1), 1_800_000);
/** Longer than any send can take (SMTP timeouts are shorter), so a live claim never lapses. */
const LEASE_MS = 5 * 60_000;

type ClaimedJob = {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  /** Whole seconds since the job was queued. */
  age_s: number;
};

/** Claims the jobs `which` selects (ids, locked FOR UPDATE SKIP LOCKED) for this worker. */
async function claimWhere(db: Db, which: SQL, leaseMs: number): Promise<ClaimedJob[]> {
  const result = await db.execute<ClaimedJob>(sql`
    UPDATE ${outbox} SET attempts = ${outbox.attempts} + 1,
      next_attempt_at = now() + ${leaseMs}::double precision * interval '1 millisecond'
    WHERE ${outbox.id} IN (${which})
    RETURNING id, kind, payload, attempts,
      floor(extract(epoch FROM now() - ${outbox.createdAt}))::int AS age_s
  `);
  return result.rows;
}

/** Claims up to `limit` due jobs of `lane` for this worker (see above). */
function claim(db: Db, limit: number, leaseMs: number, lane: OutboxLane): Promise<ClaimedJob[]> {
  const kinds = lane === 'mail' ? sql`AND ${outbox.kind} <> 'webhook'` : sql``;
  return claimWhere(
    db,
    sql`SELECT id FROM ${outbox}
      WHERE ${outbox.status} = 'pending' AND ${outbox.nextAttemptAt} <= now() ${kinds}
      ORDER BY ${outbox.nextAttemptAt}, ${outbox.id} LIMIT ${limit}
      FOR UPDATE SKIP LOCKED`,
    leaseMs,
  );
}

/** Due webhook jobs looked at per claim to find up to `limit` distinct endpoints. */
const WEBHOOK_CLAIM_SCAN = 200;

/**
 * Claims up to `limit` due webhook jobs, at most one per endpoint and none for the endpoints in
 * `busy` (this instance is delivering to them): each endpoint's oldest due job among the first
 * WEBHOOK_CLAIM_SCAN due ones. Only the chosen rows are locked (SKIP LOCKED, the due condition
 * checked again on the locked row), so instances never take the same job.
 */
function claimWebhooks(
  db: Db,
  limit: number,
  leaseMs: number,
  busy: readonly string[],
): Promise<ClaimedJob[]> {
  const endpoint = sql`${outbox.payload}->>'endpointId'`;
  return claimWhere(
    db,
    sql`SELECT o.id FROM ${outbox} o
      JOIN (
        SELECT DISTINCT ON (endpoint) id FROM (
          SELECT ${outbox.id} AS id, ${endpoint} AS endpoint, ${outbox.nextAttemptAt} AS due_at
          FROM ${outbox}
          WHERE ${outbox.status} = 'pending' AND ${outbox.nextAttemptAt} <= now()
            AND ${outbox.kind} = 'webhook'
            AND NOT coalesce(${endpoint} = ANY(${sql.param([...busy])}::text[]), false)
          ORDER BY ${outbox.nextAttemptAt}, ${outbox.id} LIMIT ${WEBHOOK_CLAIM_SCAN}
        ) due
        ORDER BY endpoint, due_at, id
      ) firsts ON firsts.id = o.id
      WHERE o.status = 'pending' AND o.next_attempt_at <= now()
      ORDER BY o.next_attempt_at, o.id LIMIT ${limit}
      FOR UPDATE OF o SKIP LOCKED`,
    leaseMs,
  );
}

/**
 * The recipients and content of an order mail, from the database: a checkout's mail lists its
 * orders (placed: all of them; paid: those it paid), an order's mail that order.
 */
async function orderMail(context: OutboxContext, job: OrderMailJob) {
  const { db } = context;
  const rows = await db
    .select({
      productName: purchase.productName,
      quantity: purchase.quantity,
      unitPriceCents: purchase.unitPriceCents,
      totalCents: purchase.totalCents,
      customerName: purchase.customerName,
      customerEmail: purchase.customerEmail,
      address: purchase.address,
      phone: purchase.phone,
      holdExpiresAt: purchase.holdExpiresAt,
      transactionId: purchase.transactionId,
      testMode: purchase.testMode,
      paid: purchase.paid,
      checkoutNumber: checkout.number,
      poReference: checkout.poReference,
      receiptNumber: checkout.receiptNumber,
      brand: paymentIntent.cardBrand,
      last4: paymentIntent.cardLast4,
    })
    .from(purchase)
    .innerJoin(checkout, eq(checkout.id, purchase.checkoutId))
    .leftJoin(paymentIntent, eq(paymentIntent.id, purchase.transactionId))
    .where(
      'checkoutId' in job
        ? and(
            eq(purchase.checkoutId, job.checkoutId),
            job.template === 'order.placed' ? undefined : eq(purchase.paid, true),
          )
        : eq(purchase.id, job.purchaseId),
    )
    .orderBy(asc(purchase.productName), asc(purchase.id));
  const [order] = rows;
  if (!order) throw new Error(`no orders for mail ${JSON.stringify(job)}`);
  let to = order.customerEmail;
  if (job.audience === 'admins') {
    const admins =
      context.notifyEmails.length > 0
        ? context.notifyEmails
        : (await db.select({ email: user.email }).from(user).where(eq(user.role, ROLE_ADMIN))).map(
            (row) => row.email,
          );
    if (admins.length === 0) return null; // no admin yet: nobody to tell
    to = admins.join(', ');
  }
  const rendered = renderOrderMail(
    job,
    {
      ...order,
      reference: checkoutReference(order.checkoutNumber),
      receiptNumber: order.paid ? order.receiptNumber : null,
      lines: rows,
      card: { brand: order.brand, last4: order.last4 },
    },
    context.publicUrl,
    { testModeNotice: context.testModeNotice },
  );
  return { to, ...rendered };
}

async function carryOut(context: OutboxContext, job: ClaimedJob): Promise<void> {
  if (job.kind === 'mail') {
    const mail = await orderMail(context, job.payload as OrderMailJob);
    if (mail) await context.mailer.send(mail);
    return;
  }
  if (job.kind === 'webhook') {
    await deliverWebhook(context.db, job, context.webhooks);
    return;
  }
  if (job.kind === AFTERSALE_MAIL) {
    const mail = await aftersaleMail(
      context.db,
      context.publicUrl,
      job.payload as AftersaleMailJob,
    );
    if (mail) await context.mailer.send(mail);
    return;
  }
  if (job.kind === 'quote-mail') {
    const mail = await quoteMail(
      context.db,
      job.payload as QuoteMailJob,
      context.publicUrl,
      context.notifyEmails,
    );
    if (mail) await context.mailer.send(mail);
    return;
  }
  if (job.kind === BACK_IN_STOCK_KIND) {
    const mail = await backInStockMail(
      context.db,
      job.payload as BackInStockJob,
      context.publicUrl,
    );
    if (mail) await context.mailer.send(mail);
    return;
  }
  if (job.kind === 'cancel-intent') {
    const { intentId, provider } = job.payload as CancelIntentJob;
    // An intent of a provider no longer configured cannot be reached from here.
    if (provider !== context.provider?.name) throw new Error(`no ${provider} provider configured`);
    await context.provider.cancelIntent(intentId);
    return;
  }
  throw new Error(`unknown outbox job kind ${job.kind}`);
}

/**
 * Carries out one claimed job and records the outcome (sent; or a retry after the backoff; or
 * failed after the last attempt), guarded by the claim's attempt number.
 */
async function settle(
  context: OutboxContext,
  job: ClaimedJob,
  options: OutboxOptions | WebhookLaneOptions,
): Promise<void> {
  const { db } = context;
  const ours = and(
    eq(outbox.id, job.id),
    eq(outbox.attempts, job.attempts),
    eq(outbox.status, 'pending'),
  );
  try {
    await carryOut(context, job);
    await db
      .update(outbox)
      .set({ status: 'sent', doneAt: sql`now()`, lastError: null })
      .where(ours);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // Webhooks keep trying with their own backoff for 24 hours (receivers may be down a while).
    const webhook = job.kind === 'webhook';
    const last = webhook
      ? job.attempts >= WEBHOOK_MAX_ATTEMPTS || job.age_s >= WEBHOOK_RETRY_HOURS * 3600
      : job.attempts >= (options.maxAttempts ?? OUTBOX_MAX_ATTEMPTS);
    const wait =
      webhook && !options.backoffMs ? webhookBackoffMs : (options.backoffMs ?? defaultBackoffMs);
    context.log?.warn(
      { outboxId: job.id, kind: job.kind, attempt: job.attempts, error: message, last },
      last ? 'outbox job failed for good' : 'outbox job failed, will retry',
    );
    await db
      .update(outbox)
      .set({
        status: last ? 'failed' : 'pending',
        lastError: message.slice(0, 1000),
        nextAttemptAt: sql`now() + ${wait(job.attempts)}::double precision * interval '1 millisecond'`,
        ...(last ? { doneAt: sql`now()` } : {}),
      })
      .where(ours);
  }
}

/**
 * One step of the worker: claims due jobs (of `options.lane`), carries them out one after the
 * other and records each outcome. Returns how many it claimed.
 */
export async function processOutbox(
  context: OutboxContext,
  options: OutboxOptions = {},
): Promise<number> {
  const jobs = await claim(
    context.db,
    options.batchSize ?? 10,
    options.leaseMs ?? LEASE_MS,
    options.lane ?? 'all',
  );
  for (const job of jobs) await settle(context, job, options);
  return jobs.length;
}

/**
 * Runs steps until nothing is due (tests, and the worker after a busy step), or until `stopping`
 * says so between steps: a shutdown waits for one batch, not for a backlog of thousands.
 */
export async function drainOutbox(
  context: OutboxContext,
  options: OutboxOptions = {},
  stopping: () => boolean = () => false,
) {
  let total = 0;
  for (;;) {
    const claimed = await processOutbox(context, options);
    total += claimed;
    if (claimed === 0 || stopping()) return total;
  }
}

/**
 * The webhook lane of an instance: keeps up to `concurrency` deliveries in flight, one per
 * endpoint, claiming more as soon as one ends and at least every `pollMs` while some are in flight
 * (so a new event for another endpoint never waits behind a slow one); ends when nothing is in
 * flight and nothing is due. Each delivery is bounded by its deadline (webhook-request.ts). When
 * `stopping()` turns true it claims nothing more and waits for the deliveries in flight.
 */
export async function drainWebhooks(
  context: OutboxContext,
  options: WebhookLaneOptions = {},
  stopping: () => boolean = () => false,
): Promise<number> {
  const concurrency = options.concurrency ?? WEBHOOK_CONCURRENCY;
  const pollMs = options.pollMs ?? 1_000;
  const inFlight = new Map<string, Promise<void>>();
  let total = 0;
  for (;;) {
    if (!stopping() && inFlight.size < concurrency) {
      let jobs: ClaimedJob[];
      try {
        jobs = await claimWebhooks(
          context.db,
          concurrency - inFlight.size,
          options.leaseMs ?? LEASE_MS,
          [...inFlight.keys()],
        );
      } catch (error) {
        // The run ends with its deliveries, so the next one knows every endpoint in flight.
        await Promise.all(inFlight.values());
        throw error;
      }
      total += jobs.length;
      for (const job of jobs) {
        const endpointId = (job.payload as Partial<WebhookJob>).endpointId;
        const key = typeof endpointId === 'string' ? endpointId : `job ${job.id}`;
        const delivery = settle(context, job, options)
          .catch((error: unknown) =>
            context.log?.error({ err: error, outboxId: job.id }, 'recording a delivery failed'),
          )
          .finally(() => inFlight.delete(key));
        inFlight.set(key, delivery);
      }
    }
    if (inFlight.size === 0) return total;
    if (stopping()) {
      await Promise.all(inFlight.values());
      return total;
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      ...inFlight.values(),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, pollMs);
      }),
    ]);
    clearTimeout(timer);
  }
}

export interface FailedMail {
  id: number;
  purchaseId: string | null;
  checkoutId: string | null;
  template: string | null;
  audience: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  failedAt: string | null;
}

/** Mails given up after the last retry, newest first (the admin dashboard shows these). */
export async function listFailedMails(db: Db, limit = 100): Promise<FailedMail[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, 'mail'), eq(outbox.status, 'failed')))
    .orderBy(desc(outbox.id))
    .limit(limit);
  return rows.map((row) => {
    const job = row.payload as Partial<OrderMailJob> & { purchaseId?: string; checkoutId?: string };
    return {
      id: row.id,
      purchaseId: job.purchaseId ?? null,
      checkoutId: job.checkoutId ?? null,
      template: job.template ?? null,
      audience: job.audience ?? null,
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      failedAt: row.doneAt?.toISOString() ?? null,
    };
  });
}
