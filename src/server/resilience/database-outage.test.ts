import { describe, expect, it } from 'vitest';
import { callApi, waitFor } from '../testing/spawn-app.ts';
import { setUpAppOnOwnCluster } from '../testing/app-on-own-cluster.ts';
import {
  backgroundTraffic,
  expectServedWithoutDatabase,
  expectTrafficAnswered,
} from './database-traffic.ts';

// The database is stopped for a few seconds under traffic (connection refused): every call that
// needs it answers 503 in the one error shape, at once once the outage is known; the catalogue is
// still served from its cache; the process stays up and recovers by itself once the database is
// back. On a cluster of its own: stopping the shared test cluster would fail other test files.
//
// Bounds (issue 11) with margins for a loaded CI machine: known outage 1 s (asserted 1.5 s; the
// design answers in milliseconds), recovery 2 s after the database is back (asserted 4 s; the
// breaker probes every 500 ms).

const KNOWN_MS = 1_500;
const RECOVERY_MS = 4_000;
/** Any call, even the first into the outage. */
const ANY_CALL_MS = 6_000;
const DOWN_FOR_MS = 3_000;

const own = setUpAppOnOwnCluster('outage');

describe('the database stopped for a few seconds under traffic', () => {
  it('answers 503 at once while it is down, serves the catalogue, and recovers by itself', async () => {
    const { app, calls } = own;
    for (const call of calls) expect((await call.send()).status).toBeLessThan(500);
    const catalogue = await callApi(app.url, '/api/products');

    const traffic = backgroundTraffic(calls);
    try {
      await outage(catalogue.headers.get('etag'));
    } finally {
      await expectTrafficAnswered(traffic, ANY_CALL_MS);
    }

    for (const call of calls) {
      const res = await call.send();
      expect(res.status, res.text).toBeLessThan(500);
    }
    expect(app.output()).not.toMatch(/unhandled|uncaught/i);
  }, 60_000);
});

async function outage(catalogueEtag: string | null) {
  const { app, calls } = own;
  const port = Number(new URL(own.cluster!.urlFor('postgres')).port);
  await own.cluster!.stop();
  own.cluster = undefined;
  const downSince = Date.now();

  await waitFor(
    async () => (await callApi(app.url, '/api/health')).status === 503,
    ANY_CALL_MS,
    'the outage to be known',
  );
  await expectServedWithoutDatabase(calls, { rounds: 2, withinMs: KNOWN_MS, catalogueEtag });

  await new Promise((resolve) => setTimeout(resolve, DOWN_FOR_MS - (Date.now() - downSince)));
  own.cluster = await own.startCluster(port);
  const backSince = Date.now();
  await waitFor(
    async () => (await callApi(app.url, '/api/health')).status === 200,
    RECOVERY_MS,
    'the app to be healthy again',
    50,
  );
  expect(Date.now() - backSince).toBeLessThan(RECOVERY_MS);
}
