import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';
import type { JobContext, JobDefinition, JobOutcome, JobRegistry } from './jobs.ts';

/*
 * The outbox worker's one step (ADR 013). Jobs were written by the
 * lifecycle in the transaction of the order change. A worker CLAIMS due jobs with one UPDATE over
 * `FOR UPDATE SKIP LOCKED` (so instances never take the same job), which also pushes the job's
 * next_attempt_at a lease ahead and counts the attempt, and commits at once; it then carries the
 * jobs out with no transaction open, and records each outcome guarded by that attempt number.
 * A worker that dies mid-job leaves it claimed until the lease ends; then any worker retries it.
 * Plain statements only: no LISTEN/NOTIFY, no advisory locks, no named prepared statements, so it
 * works through PgBouncer in transaction pooling.
 * Two lanes (ADR 039): the worker's steps take every kind but those with a destination
 * (`lane: 'mail'`); those (webhooks: their endpoint) are delivered by drainDestinations, one job per
 * destination at once, each within its deadline, so neither a slow receiver nor a failing one
 * delays the mails or other endpoints.
 * Typed jobs (ADR 042): the worker knows no kind; it looks each claimed job up in the registry
 * (`context.jobs`), validates its payload with the job's schema and calls its handler.
 */

/** What the worker carries jobs out with: the registry of jobs, and what their handlers use. */
export interface OutboxContext extends JobContext {
  /** Every job kind this instance carries out (jobs/job-list.ts). */
  jobs: JobRegistry;
}

/**
 * Which jobs a step takes: `all` (tests, a one-off drain), or `mail`: every kind but those
 * delivered per destination (webhooks), which have a lane of their own (drainDestinations), so no
 * receiver can hold the mails.
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
  /**
   * Claimed jobs carried out at once (default 1: one after the other). Each finished job is
   * recorded sent at once, or with the others that finished meanwhile (one UPDATE for them).
   */
  concurrency?: number;
}

export interface DestinationLaneOptions extends Omit<OutboxOptions, 'lane' | 'batchSize'> {
  /** Endpoints this instance delivers to at once, one delivery each. */
  concurrency?: number;
  /** How often it looks for newly due jobs while deliveries are in flight. */
  pollMs?: number;
}

/** Destinations (webhook endpoints) one instance delivers to at once (each one job at a time). */
export const DESTINATION_CONCURRENCY = 8;

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

/** The jobs delivered per destination (the destination lane), of `jobs`. */
const destinationJobs = (jobs: JobRegistry) =>
  jobs.all().filter((job): job is JobDefinition & { destination: string } => !!job.destination);

/** Claims up to `limit` due jobs of `lane` for this worker (see above). */
function claim(
  context: OutboxContext,
  limit: number,
  leaseMs: number,
  lane: OutboxLane,
): Promise<ClaimedJob[]> {
  const lanes = destinationJobs(context.jobs).map((job) => job.kind);
  const kinds =
    lane === 'mail' && lanes.length > 0
      ? sql`AND ${outbox.kind} <> ALL(${sql.param(lanes)}::text[])`
      : sql``;
  return claimWhere(
    context.db,
    sql`SELECT id FROM ${outbox}
      WHERE ${outbox.status} = 'pending' AND ${outbox.nextAttemptAt} <= now() ${kinds}
      ORDER BY ${outbox.nextAttemptAt}, ${outbox.id} LIMIT ${limit}
      FOR UPDATE SKIP LOCKED`,
    leaseMs,
  );
}

/** Due destination jobs looked at per claim to find up to `limit` distinct destinations. */
const DESTINATION_CLAIM_SCAN = 200;

/** A destination job's destination: its kind and the value of its destination field. */
function destinationOf(jobs: JobRegistry, job: ClaimedJob): string {
  const field = jobs.get(job.kind)?.destination;
  const value = field ? (job.payload as Record<string, unknown> | null)?.[field] : undefined;
  return typeof value === 'string' ? `${job.kind}:${value}` : `job ${job.id}`;
}

/**
 * Claims up to `limit` due destination jobs (webhooks), at most one per destination (endpoint)
 * and none for the destinations in `busy` (this instance is delivering to them): each
 * destination's oldest due job among the first DESTINATION_CLAIM_SCAN due ones. Only the chosen rows
 * are locked (SKIP LOCKED, the due condition checked again on the locked row), so instances never
 * take the same job.
 */
function claimDestinations(
  context: OutboxContext,
  limit: number,
  leaseMs: number,
  busy: readonly string[],
): Promise<ClaimedJob[]> {
  const lanes = destinationJobs(context.jobs);
  if (lanes.length === 0) return Promise.resolve([]);
  const endpoint = sql`CASE ${outbox.kind} ${sql.join(
    lanes.map(
      (job) =>
        sql`WHEN ${job.kind}::text THEN ${job.kind}::text || ':' || (${outbox.payload}->>${job.destination}::text)`,
    ),
    sql` `,
  )} END`;
  const kinds = lanes.map((job) => job.kind);
  return claimWhere(
    context.db,
    sql`SELECT o.id FROM ${outbox} o
      JOIN (
        SELECT DISTINCT ON (endpoint) id FROM (
          SELECT ${outbox.id} AS id, ${endpoint} AS endpoint, ${outbox.nextAttemptAt} AS due_at
          FROM ${outbox}
          WHERE ${outbox.status} = 'pending' AND ${outbox.nextAttemptAt} <= now()
            AND ${outbox.kind} = ANY(${sql.param(kinds)}::text[])
            AND NOT coalesce(${endpoint} = ANY(${sql.param([...busy])}::text[]), false)
          ORDER BY ${outbox.nextAttemptAt}, ${outbox.id} LIMIT ${DESTINATION_CLAIM_SCAN}
        ) due
        ORDER BY endpoint, due_at, id
      ) firsts ON firsts.id = o.id
      WHERE o.status = 'pending' AND o.next_attempt_at <= now()
      ORDER BY o.next_attempt_at, o.id LIMIT ${limit}
      FOR UPDATE OF o SKIP LOCKED`,
    leaseMs,
  );
}

/** Carries out `job` with its registered handler, after validating its payload. */
async function carryOut(context: OutboxContext, job: ClaimedJob): Promise<void> {
  const definition = context.jobs.get(job.kind);
  // Perhaps a kind of a newer version (another instance may carry it out): retried as any failure.
  if (!definition) throw new Error(`unknown outbox job kind ${job.kind}`);
  const parsed = definition.payload.safeParse(job.payload);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new InvalidPayload(`invalid ${job.kind} payload (${issues.join('; ')})`);
  }
  await definition.handle(parsed.data, context, { id: job.id, attempts: job.attempts });
}

/** A payload its job's schema refuses: no attempt can succeed, so it fails for good at once. */
class InvalidPayload extends Error {}

/** Records claimed jobs sent, each guarded by its claim's attempt number, in one statement. */
const RECORD_SENT_SQL = `UPDATE outbox SET status = 'sent', done_at = now(), last_error = NULL
  FROM unnest($1::bigint[], $2::int[]) AS done(id, attempts)
  WHERE outbox.id = done.id AND outbox.attempts = done.attempts AND outbox.status = 'pending'`;

type RecordSent = (job: ClaimedJob) => Promise<void>;

/**
 * Records jobs sent as they finish: at once when nothing is being recorded, else together with
 * every job that finished meanwhile, in the next UPDATE (so a step of many jobs costs a few
 * statements, and a job is never recorded later than the UPDATE after its own end).
 */
function sentRecorder(db: OutboxContext['db']): RecordSent {
  let waiting: { job: ClaimedJob; done: () => void; failed: (error: unknown) => void }[] = [];
  let writing = false;
  const write = async () => {
    writing = true;
    // The jobs that finish in the same turn of the event loop (a handleMany's mails written to
    // files) go in the same UPDATE.
    await new Promise((resolve) => setImmediate(resolve));
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        await db.$client.query(RECORD_SENT_SQL, [
          batch.map((entry) => entry.job.id),
          batch.map((entry) => entry.job.attempts),
        ]);
        for (const entry of batch) entry.done();
      } catch (error) {
        for (const entry of batch) entry.failed(error);
      }
    }
    writing = false;
  };
  return (job) =>
    new Promise<void>((done, failed) => {
      waiting.push({ job, done, failed });
      if (!writing) void write();
    });
}

/**
 * Records a failed attempt of a claimed job, guarded by the claim's attempt number: a retry after
 * the backoff, or failed for good after the last attempt (or at once for a payload its schema
 * refuses).
 */
async function recordFailure(
  context: OutboxContext,
  job: ClaimedJob,
  options: OutboxOptions | DestinationLaneOptions,
  error: unknown,
): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  // A job may have its own policy: webhooks keep trying with their own backoff for 24 hours.
  const retry = context.jobs.get(job.kind)?.retry;
  const invalid = error instanceof InvalidPayload;
  const last =
    invalid ||
    (retry
      ? job.attempts >= retry.maxAttempts || job.age_s >= retry.maxAgeSeconds
      : job.attempts >= (options.maxAttempts ?? OUTBOX_MAX_ATTEMPTS));
  const wait =
    retry && !options.backoffMs ? retry.backoffMs : (options.backoffMs ?? defaultBackoffMs);
  const log = invalid ? context.log?.error : context.log?.warn;
  log?.call(
    context.log,
    { outboxId: job.id, kind: job.kind, attempt: job.attempts, error: message, last },
    last ? 'outbox job failed for good' : 'outbox job failed, will retry',
  );
  await context.db
    .update(outbox)
    .set({
      status: last ? 'failed' : 'pending',
      lastError: message.slice(0, 1000),
      nextAttemptAt: sql`now() + ${wait(job.attempts)}::double precision * interval '1 millisecond'`,
      ...(last ? { doneAt: sql`now()` } : {}),
    })
    .where(
      and(eq(outbox.id, job.id), eq(outbox.attempts, job.attempts), eq(outbox.status, 'pending')),
    );
}

/**
 * Carries out one claimed job and records the outcome (sent, through `recordSent`; or a retry
 * after the backoff; or failed after the last attempt), guarded by the claim's attempt number.
 */
async function settle(
  context: OutboxContext,
  job: ClaimedJob,
  options: OutboxOptions | DestinationLaneOptions,
  recordSent: RecordSent = sentRecorder(context.db),
): Promise<void> {
  try {
    await carryOut(context, job);
  } catch (error) {
    await recordFailure(context, job, options, error);
    return;
  }
  await recordSent(job);
}

/**
 * Carries out `entries` (claimed jobs of one kind, their payloads valid) with the kind's
 * `handleMany`, in one call, and records each one's outcome as the call tells it: the sent ones
 * together (the recorder's UPDATEs), each failed one retried or failed as `settle` would. A job
 * the call told nothing of (it threw, or forgot one) is retried.
 */
async function settleMany(
  context: OutboxContext,
  definition: JobDefinition & Required<Pick<JobDefinition, 'handleMany'>>,
  entries: readonly { job: ClaimedJob; payload: unknown }[],
  options: OutboxOptions,
  recordSent: RecordSent,
): Promise<void> {
  const recording: Promise<void>[] = [];
  let failure: { error: unknown } | undefined;
  const told = new Set<number>();
  const settled = (index: number, outcome: JobOutcome) => {
    const entry = entries[index];
    if (!entry || told.has(index)) return;
    told.add(index);
    const { job } = entry;
    recording.push(
      (outcome.ok ? recordSent(job) : recordFailure(context, job, options, outcome.error)).catch(
        (error: unknown) => {
          failure ??= { error };
        },
      ),
    );
  };
  try {
    await definition.handleMany(
      entries.map((entry) => entry.payload),
      context,
      settled,
    );
  } catch (error) {
    entries.forEach((_, index) => settled(index, { ok: false, error }));
  }
  entries.forEach(({ job }, index) =>
    settled(index, { ok: false, error: new Error(`no outcome for outbox job ${job.id}`) }),
  );
  await Promise.all(recording);
  if (failure) throw failure.error;
}

/**
 * One step of the worker: claims due jobs (of `options.lane`) and carries them out: the kinds
 * with a `handleMany` (the order mails) all of a kind in one call, the others in claim order,
 * `options.concurrency` at once; and records each outcome. Returns how many it claimed.
 */
export async function processOutbox(
  context: OutboxContext,
  options: OutboxOptions = {},
): Promise<number> {
  const jobs = await claim(
    context,
    options.batchSize ?? 10,
    options.leaseMs ?? LEASE_MS,
    options.lane ?? 'all',
  );
  const recordSent = sentRecorder(context.db);
  const many = new Map<JobDefinition, { job: ClaimedJob; payload: unknown }[]>();
  const single: ClaimedJob[] = [];
  for (const job of jobs) {
    const definition = context.jobs.get(job.kind);
    const parsed = definition?.handleMany ? definition.payload.safeParse(job.payload) : undefined;
    // An unknown kind or a refused payload takes the single path, which records why.
    if (definition && parsed?.success) {
      const entries = many.get(definition) ?? [];
      entries.push({ job, payload: parsed.data });
      many.set(definition, entries);
    } else single.push(job);
  }
  let next = 0;
  const carrier = async () => {
    for (let job = single[next++]; job; job = single[next++])
      await settle(context, job, options, recordSent);
  };
  // Every carrier ends before the step does (one failing does not leave the others running on).
  const ended = await Promise.allSettled([
    ...[...many].map(([definition, entries]) =>
      settleMany(
        context,
        definition as JobDefinition & Required<Pick<JobDefinition, 'handleMany'>>,
        entries,
        options,
        recordSent,
      ),
    ),
    ...Array.from({ length: Math.max(1, options.concurrency ?? 1) }, carrier),
  ]);
  const failure = ended.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
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
 * The destination lane of an instance (webhooks): keeps up to `concurrency` jobs in flight, one
 * per destination (endpoint), claiming more as soon as one ends and at least every `pollMs` while
 * some are in flight (so a new event for another endpoint never waits behind a slow one); ends
 * when nothing is in flight and nothing is due. Each delivery is bounded by its deadline (the
 * handler's: webhook-request.ts). When `stopping()` turns true it claims nothing more and waits
 * for the jobs in flight.
 */
export async function drainDestinations(
  context: OutboxContext,
  options: DestinationLaneOptions = {},
  stopping: () => boolean = () => false,
): Promise<number> {
  const concurrency = options.concurrency ?? DESTINATION_CONCURRENCY;
  const pollMs = options.pollMs ?? 1_000;
  const inFlight = new Map<string, Promise<void>>();
  let total = 0;
  for (;;) {
    if (!stopping() && inFlight.size < concurrency) {
      let jobs: ClaimedJob[];
      try {
        jobs = await claimDestinations(
          context,
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
        const key = destinationOf(context.jobs, job);
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
