import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../mail/index.ts';

/*
 * Typed jobs (ADR 042). A module declares each job it queues in its own folder with `defineJob`:
 * its kind, the zod schema of its payload and its handler. The list of every job is made in ONE
 * place, `src/server/jobs/job-list.ts`, where the jobs start; the outbox worker knows only that
 * registry: it looks a claimed job's kind up, validates the payload with the schema and calls the
 * handler. Producers queue a job with `enqueue` / `enqueueSql` / `enqueueText` (enqueue.ts), typed
 * by the definition they pass, in their own statement or transaction.
 */

/**
 * What a handler may use, given by the worker (jobs/jobs.ts; tests give their own). A module whose
 * handlers need more adds it here by declaration merging in its own folder (webhook-job.ts), so
 * this folder imports none of them.
 */
export interface JobContext {
  db: Db;
  mailer: Mailer;
  /** Cancels payment intents at the provider; null: none set up. */
  provider: { name: string; cancelIntent(intentId: string): Promise<void> } | null;
  publicUrl: string;
  /** ORDER_NOTIFY_EMAILS; empty: every admin. */
  notifyEmails: string[];
  /** Order mails say "Test mode: no real payments" (config.testModeNotice). */
  testModeNotice?: boolean;
  /** Where failed attempts are logged (warn); unset: nowhere (the row keeps the last error). */
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** The claimed row a handler carries out. */
export interface ClaimedJobInfo {
  id: number;
  attempts: number;
}

/** How one job of a `handleMany` ended: done, or the error to retry it with. */
export type JobOutcome = { ok: true } | { ok: false; error: unknown };

/** A job's own retry policy, instead of the worker's (maxAttempts, backoff). */
export interface JobRetry {
  maxAttempts: number;
  /** Failed for good once the job is this old, whatever the attempts. */
  maxAgeSeconds: number;
  /** The wait before attempt n + 1 (a worker given its own backoff uses that instead). */
  backoffMs: (attempt: number) => number;
}

export interface JobDefinition<Kind extends string = string, Payload = unknown> {
  kind: Kind;
  payload: z.ZodType<Payload>;
  /** Carries the job out; throws to retry it (the row keeps the error). */
  handle(payload: Payload, context: JobContext, job: ClaimedJobInfo): Promise<void>;
  /**
   * Carries out many claimed jobs of this kind at once (the mail lane's step), sharing what they
   * read (issue 38: one query for all their rows), and tells each one's outcome by its index in
   * `payloads` as soon as it is known (`settled`: recorded at once, so a worker that dies mid-call
   * sends again only what it had not recorded). A rejected outcome retries that job alone; a job
   * with no outcome when it returns, or when it throws, is retried. Unset: `handle`, job by job.
   */
  handleMany?(
    payloads: readonly Payload[],
    context: JobContext,
    settled: (index: number, outcome: JobOutcome) => void,
  ): Promise<void>;
  /**
   * Delivered in the destination lane (ADR 039): one job per destination at once, the destination
   * being this payload field; unset: the mail lane, one job after the other.
   */
  destination?: string;
  retry?: JobRetry;
}

/** The payload type of a job definition. */
export type PayloadOf<Job> = Job extends JobDefinition<string, infer Payload> ? Payload : never;

/** Declares a job: its kind, the schema of its payload, its handler (see above). */
export function defineJob<const Kind extends string, Payload>(
  definition: JobDefinition<Kind, Payload> & { destination?: keyof Payload & string },
): JobDefinition<Kind, Payload> {
  return definition;
}

/** The jobs the worker can carry out, by kind. */
export interface JobRegistry {
  get(kind: string): JobDefinition | undefined;
  /** Every registered job, in registration order. */
  all(): readonly JobDefinition[];
}

/** The registry of `definitions` (each kind once). */
export function jobRegistry(definitions: readonly JobDefinition[]): JobRegistry {
  const byKind = new Map<string, JobDefinition>();
  for (const definition of definitions) {
    if (byKind.has(definition.kind))
      throw new Error(`job kind ${definition.kind} registered twice`);
    byKind.set(definition.kind, definition);
  }
  return { get: (kind) => byKind.get(kind), all: () => [...byKind.values()] };
}
