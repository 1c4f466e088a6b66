import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';
import type { JobDefinition } from './jobs.ts';

/*
 * The only writers of outbox rows (ADR 042; outbox-writers.test.ts keeps it so). Each is typed by
 * the job definition it is given: the payload (or, in SQL, one expression per payload field) must
 * be that job's. Every row has a dedupe key, and a key already queued is skipped (ON CONFLICT DO
 * NOTHING): the same effect of the same change is queued once.
 */

/** One SQL expression (of type `E`) per field of the payload `P` (each variant of a union). */
export type PayloadSql<P, E> = P extends unknown ? { [K in keyof P]: E } : never;

/**
 * Queues one job with `payload` (checked against the job's schema) under `key`, in the caller's
 * transaction or on its connection.
 */
export async function enqueue<P>(
  tx: Queryable,
  job: JobDefinition<string, P>,
  payload: NoInfer<P>,
  key: string,
): Promise<void> {
  await tx
    .insert(outbox)
    .values({ kind: job.kind, dedupeKey: key, payload: job.payload.parse(payload) })
    .onConflictDoNothing({ target: outbox.dedupeKey });
}

/** The rows of one job kind, selected in SQL: its key and payload fields per row of `from`. */
export interface JobRows<E> {
  /** The dedupe key of each row. */
  key: E;
  /** The text after `FROM` (a table, a CTE, joins, a WHERE, a GROUP BY …). */
  from: E;
}

/**
 * `INSERT INTO outbox … SELECT …` queuing one `job` per row `from` selects (one SELECT per entry
 * of `rows`, joined with UNION ALL), RETURNING each new row's id: a statement, or a CTE's body.
 * Parameters as drizzle's `sql`.
 */
export function enqueueSql<P>(
  job: JobDefinition<string, P>,
  ...rows: Array<JobRows<SQL> & { payload: PayloadSql<P, SQL> }>
): SQL {
  const selects = rows.map(
    ({ key, from, payload }) =>
      sql`SELECT ${job.kind}::text, ${key}, jsonb_build_object(${sql.join(
        Object.entries(payload as Record<string, SQL>).map(
          ([field, value]) => sql`${field}::text, ${value}`,
        ),
        sql`, `,
      )}) FROM ${from}`,
  );
  return sql`INSERT INTO ${outbox} (kind, dedupe_key, payload)
      ${sql.join(selects, sql`\n      UNION ALL `)}
      ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`;
}

/** A string literal for SQL text (kinds and field names are the code's, never user input). */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * `enqueueSql` as plain SQL text with no parameters, for the statements built once as constant
 * strings (the order statement, the lifecycle's effects, the quote transitions).
 */
export function enqueueText<P>(
  job: JobDefinition<string, P>,
  ...rows: Array<JobRows<string> & { payload: PayloadSql<P, string> }>
): string {
  const selects = rows.map(({ key, from, payload }) => {
    const fields = Object.entries(payload as Record<string, string>).map(
      ([field, value]) => `${literal(field)}, ${value}`,
    );
    return `SELECT ${literal(job.kind)}, ${key},
        jsonb_build_object(${fields.join(', ')}) FROM ${from}`;
  });
  return `INSERT INTO outbox (kind, dedupe_key, payload)
      ${selects.join('\n      UNION ALL ')}
      ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`;
}
