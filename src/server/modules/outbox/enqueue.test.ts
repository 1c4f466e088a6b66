import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { enqueueSql, enqueueText } from './enqueue.ts';
import { defineJob } from './jobs.ts';

// The SQL builders of enqueue.ts: one expression per payload field, checked by the compiler
// against the job's payload type (the @ts-expect-error lines fail the typecheck if they compile).

const noteJob = defineJob({
  kind: 'note',
  payload: z.union([
    z.object({ to: z.string(), orderId: z.string() }),
    z.object({ to: z.string(), checkoutId: z.string() }),
  ]),
  handle: async () => undefined,
});

describe('enqueueText', () => {
  it('inserts one row per selected row, keyed, skipping keys already queued', () => {
    const text = enqueueText(noteJob, {
      key: `'note:' || id`,
      from: 'changed',
      payload: { to: `'customer'`, orderId: 'id' },
    });
    expect(text.replace(/\s+/g, ' ')).toBe(
      "INSERT INTO outbox (kind, dedupe_key, payload) SELECT 'note', 'note:' || id, " +
        "jsonb_build_object('to', 'customer', 'orderId', id) FROM changed " +
        'ON CONFLICT (dedupe_key) DO NOTHING RETURNING id',
    );
  });

  it('joins several selects with UNION ALL', () => {
    const text = enqueueText(
      noteJob,
      { key: 'a', from: 'x', payload: { to: 'b', orderId: 'c' } },
      { key: 'd', from: 'y', payload: { to: 'e', checkoutId: 'f' } },
    );
    expect(text).toContain('FROM x\n      UNION ALL SELECT');
    expect(text).toContain(`jsonb_build_object('to', e, 'checkoutId', f) FROM y`);
  });

  // Checked by the typecheck (npx tsc), not at run time.
  it('wants the fields of one payload variant, no more and no fewer', () => {
    // @ts-expect-error: the payload lacks `to`
    enqueueText(noteJob, { key: 'k', from: 'x', payload: { orderId: 'id' } });
    // @ts-expect-error: `orderID` is no field of the payload
    enqueueText(noteJob, { key: 'k', from: 'x', payload: { to: 'a', orderID: 'id' } });
  });
});

describe('enqueueSql', () => {
  it('passes the kind, field names and values as parameters', () => {
    const query = new PgDialect().sqlToQuery(
      enqueueSql(noteJob, {
        key: sql`${'note:1'}`,
        from: sql`changed`,
        payload: { to: sql`${'a@example.com'}`, orderId: sql`id` },
      }),
    );
    expect(query.sql.replace(/\s+/g, ' ')).toBe(
      'INSERT INTO "outbox" (kind, dedupe_key, payload) SELECT $1::text, $2, ' +
        'jsonb_build_object($3::text, $4, $5::text, id) FROM changed ' +
        'ON CONFLICT (dedupe_key) DO NOTHING RETURNING id',
    );
    expect(query.params).toEqual(['note', 'note:1', 'to', 'a@example.com', 'orderId']);
  });
});
