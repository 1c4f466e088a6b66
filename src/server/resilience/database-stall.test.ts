import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { callApi, waitFor } from '../testing/spawn-app.ts';
import { setUpAppOnOwnCluster } from '../testing/app-on-own-cluster.ts';
import {
  backgroundTraffic,
  clusterFreezer,
  expectServedWithoutDatabase,
  expectTrafficAnswered,
  expectUnavailable,
  timed,
  type Call,
} from './database-traffic.ts';

// PostgreSQL frozen under traffic (SIGSTOP on the postmaster and its backends: connections stay
// open, nothing answers, as on a stalled host or behind a network partition). Issue 17's bounds,
// asserted with margins for a loaded CI machine:
// - the first request into the stall: 503 within 5 s (asserted 6 s; by design about 3 s: a
//   statement unanswered for 1 s has the breaker probe, whose 2 s bound opens it, issue 27);
// - once the stall is known: every call 503 within 1 s (asserted 1.5 s; by design milliseconds),
//   the catalogue still served from its cache;
// - recovery within 5 s of the database answering again (asserted 7 s; the breaker probes every
//   500 ms), with no request left hanging and no connection stuck.
// On a cluster of its own: freezing the shared test cluster would freeze other test files.

const FIRST_MS = 6_000;
const KNOWN_MS = 1_500;
const RECOVERY_MS = 7_000;
/** Any call at any time, including those in flight when the stall began. */
const ANY_CALL_MS = 9_000;
const POOL_MAX = 10;
/** The outbox worker's own pool in the app's process (OUTBOX_DB_CONNECTIONS' default, ADR 048). */
const OUTBOX_POOL_MAX = 2;

const own = setUpAppOnOwnCluster('stall', {
  beforeTeardown: () => thaw(), // a stopped postmaster would not even hear the app's stop
});
const { freeze, thaw } = clusterFreezer(join(own.clusterDir, 'pg'));

const myOrders = (): Call => own.calls.find((call) => call.name === 'my orders')!;

describe('the database frozen under traffic', () => {
  it('answers 503 within the bounds, serves the catalogue, and recovers by itself', async () => {
    const { app, calls } = own;
    for (const call of calls) expect((await call.send()).status).toBeLessThan(500);
    const catalogueEtag = (await callApi(app.url, '/api/products')).headers.get('etag');

    const traffic = backgroundTraffic(calls);
    let thawedAt: number | undefined;
    try {
      freeze();

      const first = await timed(myOrders());
      expect(first.ms).toBeLessThan(FIRST_MS);
      expectUnavailable(first);

      await waitFor(
        async () => (await callApi(app.url, '/api/health')).status === 503,
        FIRST_MS,
        'the stall to be known',
      );
      await expectServedWithoutDatabase(calls, { rounds: 3, withinMs: KNOWN_MS, catalogueEtag });
    } finally {
      thaw();
      thawedAt = Date.now();
      await expectTrafficAnswered(traffic, ANY_CALL_MS);
    }

    await waitFor(
      async () => (await callApi(app.url, '/api/health')).status === 200,
      RECOVERY_MS,
      'the app to be healthy again',
      50,
    );
    expect(Date.now() - thawedAt!).toBeLessThan(RECOVERY_MS);

    // No connection left stuck: more parallel requests than the pool has connections all succeed.
    const parallel = await Promise.all(
      Array.from({ length: POOL_MAX * 2 }, () => timed(myOrders())),
    );
    for (const answer of parallel) expect(answer.status, answer.res?.text).toBe(200);
    await expectNoStuckBackend();
    for (const call of calls) expect((await call.send()).status).toBeLessThan(500);
    expect(app.output()).not.toMatch(/unhandled|uncaught/i);
  }, 90_000);
});

/** The abandoned connections' backends end; none stays in a transaction or in a statement. */
async function expectNoStuckBackend() {
  const client = new pg.Client({ connectionString: own.cluster!.urlFor('toolhouse') });
  await client.connect();
  try {
    let last: unknown;
    await waitFor(
      async () => {
        const { rows } = await client.query<{ total: number; stuck: number }>(
          `SELECT count(*)::int AS total,
                  count(*) FILTER (WHERE state <> 'idle')::int AS stuck
             FROM pg_stat_activity
            WHERE datname = 'toolhouse' AND backend_type = 'client backend'
              AND pid <> pg_backend_pid()`,
        );
        last = rows[0];
        return rows[0]!.stuck === 0 && rows[0]!.total <= POOL_MAX + OUTBOX_POOL_MAX;
      },
      10_000,
      'no backend stuck',
    ).catch((error: unknown) => {
      throw new Error(`${(error as Error).message}: ${JSON.stringify(last)}`);
    });
  } finally {
    await client.end();
  }
}
