import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureDatabase,
  startEmbeddedCluster,
  type EmbeddedCluster,
} from '../db/embedded-cluster.ts';
import { uniqueEmail } from '../testing/accounts.ts';
import {
  callApi,
  removeDataDir,
  signUpOver,
  spawnApp,
  waitFor,
  type SpawnedApp,
} from '../testing/spawn-app.ts';
import {
  backgroundTraffic,
  clusterFreezer,
  expectUnavailable,
  shopperCalls,
  timed,
  type Call,
  type Shopper,
} from './database-traffic.ts';

// PostgreSQL frozen under traffic (SIGSTOP on the postmaster and its backends: connections stay
// open, nothing answers, as on a stalled host or behind a network partition). Issue 17's bounds,
// asserted with margins for a loaded CI machine:
// - the first request into the stall: 503 within 5 s (asserted 7 s; by design about 4 s, the
//   client-side statement timer);
// - once the stall is known: every call 503 within 1 s (asserted 1.5 s; by design milliseconds),
//   the catalogue still served from its cache;
// - recovery within 5 s of the database answering again (asserted 7 s; the breaker probes every
//   500 ms), with no request left hanging and no connection stuck.
// On a cluster of its own: freezing the shared test cluster would freeze other test files.

const FIRST_MS = 7_000;
const KNOWN_MS = 1_500;
const RECOVERY_MS = 7_000;
/** Any call at any time, including those in flight when the stall began. */
const ANY_CALL_MS = 9_000;
const POOL_MAX = 10;

const clusterDir = mkdtempSync(join(tmpdir(), 'toolhouse-stall-'));
let cluster: EmbeddedCluster | undefined;
const { freeze, thaw } = clusterFreezer(join(clusterDir, 'pg'));
let app: SpawnedApp;
let shopper: Shopper;
let calls: Call[];

beforeAll(async () => {
  cluster = await startEmbeddedCluster({ dataDir: clusterDir, log: () => undefined });
  await ensureDatabase(cluster, 'toolhouse');
  app = await spawnApp({
    env: { DATABASE_URL: cluster.urlFor('toolhouse'), AUTH_RATE_LIMIT_PER_MINUTE: '100000' },
  });
  const email = uniqueEmail();
  shopper = { url: app.url, email, token: await signUpOver(app.url, email) };
  calls = shopperCalls(shopper);
});

afterAll(async () => {
  thaw(); // a stopped postmaster would not even hear the stop below
  if (app) expect((await app.stop()).code).toBe(0);
  if (app) await removeDataDir(app.dataDir);
  await cluster?.stop();
  rmSync(clusterDir, { recursive: true, force: true });
});

const myOrders = (): Call => calls.find((call) => call.name === 'my orders')!;

describe('the database frozen under traffic', () => {
  it('answers 503 within the bounds, serves the catalogue, and recovers by itself', async () => {
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
      for (let round = 0; round < 3; round += 1) {
        for (const call of calls) {
          const answer = await timed(call);
          expect(answer.ms, answer.name).toBeLessThan(KNOWN_MS);
          if (call.needsDatabase) expectUnavailable(answer);
          else expect(answer.status, answer.name).toBeLessThan(500);
          if (call.name === 'catalogue') {
            expect(answer.status).toBe(200);
            expect(answer.res?.headers.get('etag')).toBe(catalogueEtag);
          }
        }
      }
    } finally {
      thaw();
      thawedAt = Date.now();
      const seen = await traffic.stop();
      expect(seen.length).toBeGreaterThan(0);
      for (const answer of seen) {
        expect(answer.hung, answer.name).toBeFalsy();
        expect(answer.ms, answer.name).toBeLessThan(ANY_CALL_MS);
        expect(answer.status === 503 || answer.status < 500, answer.res?.text).toBe(true);
      }
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
  const client = new pg.Client({ connectionString: cluster!.urlFor('toolhouse') });
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
        return rows[0]!.stuck === 0 && rows[0]!.total <= POOL_MAX;
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
