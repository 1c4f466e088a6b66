import { eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/*
 * The lifecycle kit (issue 33, ADR 045): what orders, quotes and returns share about changing a
 * row's status. A machine is a TRANSITION TABLE (`defineTransitions`): per transition the states
 * it leaves (`from`), the state it enters (`to`), the timeline event it writes (`event`) and who
 * may make it (`by`). Each transition is ONE guarded UPDATE (`… WHERE status IN (from) AND
 * <guard> RETURNING …`), so of any number of concurrent or repeated attempts exactly one changes
 * the row and the others find nothing (the caller tells them why: 404/409). Its timeline row and
 * its jobs (typed outbox enqueues, modules/outbox `enqueueText`) are CTEs of that same statement
 * (`transitionText`) or statements of the caller's transaction, so they commit with the change.
 */

/** Who makes a transition, as the timelines show it. */
export type Actor = 'customer' | 'admin' | 'system';

/** One row of a transition table. */
export interface Transition<S extends string = string, E extends string = string> {
  /** The states it may leave. */
  from: readonly S[];
  /** The state it enters (may equal a `from`: a transition of another column, e.g. paid). */
  to: S;
  /** The timeline event it writes. */
  event: E;
  /** Who may make it. */
  by: readonly Actor[];
}

/** A machine's transition table, typed by its states and events, keys kept. */
export function defineTransitions<S extends string, E extends string>() {
  return <T extends Record<string, Transition<S, E>>>(table: T): T => table;
}

/** Whether `transition` may be made by `actor` on a row in `status` (the table's rule, in code). */
export function mayTransition<S extends string>(
  transition: Transition<S>,
  status: S,
  actor: Actor,
): boolean {
  return transition.from.includes(status) && transition.by.includes(actor);
}

/** Throws (a programming error, not a user's) when `actor` may not make `transition`. */
export function assertActor(name: string, transition: Transition, actor: Actor): void {
  if (!transition.by.includes(actor))
    throw new Error(`lifecycle: ${actor} may not make the transition ${name}`);
}

/** A string literal for SQL text built from the tables (never from user input). */
export const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The status part of the guard, as drizzle SQL on `column` (`=` for one state, else `IN`). */
export function fromGuard(transition: Transition, column: AnyPgColumn): SQL {
  return transition.from.length === 1
    ? eq(column, transition.from[0])
    : inArray(column, [...transition.from]);
}

/** The status part of the guard, as SQL text on `column` (e.g. `quote.status`). */
export function fromGuardText(transition: Transition, column: string): string {
  return `${column} IN (${transition.from.map(literal).join(', ')})`;
}

/** Where a machine writes its timeline: the table and the column naming the row that changed. */
export interface Timeline {
  table: string;
  subject: string;
}

/**
 * The INSERT of the timeline rows of `event` by `actor`, one per row `source` returns (its `id`),
 * as SQL text for a CTE body.
 */
export function timelineText(
  timeline: Timeline,
  event: string,
  actor: Actor,
  source: string,
  returning: string,
): string {
  return `INSERT INTO ${timeline.table} (${timeline.subject}, event, actor)
      SELECT id, ${literal(event)}, ${literal(actor)} FROM ${source}
      RETURNING ${returning}`;
}

/** A job of a transition: its CTE's name and its enqueue (SQL text) of the changed rows `source`. */
export interface TransitionJob {
  name: string;
  sql: (source: string) => string;
}

/**
 * ONE statement making `transition` (named `name`) by `actor` on the rows of `table` that `where`
 * selects (SQL text; `$n` parameters are the caller's; it must not repeat the guard, added here
 * with `guard`), setting `set` besides the status: the guarded UPDATE (CTE `changed`, RETURNING
 * `returning`), its timeline rows (CTE `timeline`) and its jobs (one CTE each). It selects
 * `returning`'s columns of the changed rows: none when the guard refused.
 */
export function transitionText(options: {
  table: string;
  name: string;
  transition: Transition;
  actor: Actor;
  where: string;
  guard: string;
  set?: string;
  returning: readonly string[];
  timeline: Timeline;
  jobs: readonly TransitionJob[];
}): string {
  const { table, transition, actor, set } = options;
  assertActor(options.name, transition, actor);
  const jobs = options.jobs.map(
    (job) => `, ${job.name} AS (
      ${job.sql('changed')}
    )`,
  );
  return `WITH changed AS (
      UPDATE ${table} SET status = ${literal(transition.to)}, updated_at = now()${set ? `, ${set}` : ''}
      WHERE (${options.where}) AND ${options.guard}
      RETURNING ${options.returning.map((column) => `${table}.${column}`).join(', ')}
    ), timeline AS (
      ${timelineText(options.timeline, transition.event, actor, 'changed', '1')}
    )${jobs.join('')}
    SELECT ${options.returning.join(', ')} FROM changed`;
}
