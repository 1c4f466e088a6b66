import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  expectUnavailable,
  shopperCalls,
  timed,
  type Call,
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

const clusterDir = mkdtempSync(join(tmpdir(), 'toolhouse-outage-'));
const startCluster = (port?: number) =>
  startEmbeddedCluster({ dataDir: clusterDir, log: () => undefined, port });
let cluster: EmbeddedCluster | undefined;
let app: SpawnedApp;
let calls: Call[];

beforeAll(async () => {
  cluster = await startCluster();
  await ensureDatabase(cluster, 'toolhouse');
  app = await spawnApp({
    env: { DATABASE_URL: cluster.urlFor('toolhouse'), AUTH_RATE_LIMIT_PER_MINUTE: '100000' },
  });
  const email = uniqueEmail();
  calls = shopperCalls({ url: app.url, email, token: await signUpOver(app.url, email) });
});

afterAll(async () => {
  if (app) expect((await app.stop()).code).toBe(0);
  if (app) await removeDataDir(app.dataDir);
  await cluster?.stop();
  rmSync(clusterDir, { recursive: true, force: true });
});

describe('the database stopped for a few seconds under traffic', () => {
  it('answers 503 at once while it is down, serves the catalogue, and recovers by itself', async () => {
    for (const call of calls) expect((await call.send()).status).toBeLessThan(500);
    const catalogue = await callApi(app.url, '/api/products');

    const traffic = backgroundTraffic(calls);
    try {
      await outage(catalogue.headers.get('etag'));
    } finally {
      const seen = await traffic.stop();
      expect(seen.length).toBeGreaterThan(0);
      for (const answer of seen) {
        expect(answer.hung, answer.name).toBeFalsy();
        expect(answer.ms, answer.name).toBeLessThan(ANY_CALL_MS);
        expect(answer.status === 503 || answer.status < 500, answer.res?.text).toBe(true);
      }
    }

    for (const call of calls) {
      const res = await call.send();
      expect(res.status, res.text).toBeLessThan(500);
    }
    expect(app.output()).not.toMatch(/unhandled|uncaught/i);
  }, 60_000);
});

async function outage(catalogueEtag: string | null) {
  const port = Number(new URL(cluster!.urlFor('postgres')).port);
  await cluster!.stop();
  cluster = undefined;
  const downSince = Date.now();

  await waitFor(
    async () => (await callApi(app.url, '/api/health')).status === 503,
    ANY_CALL_MS,
    'the outage to be known',
  );
  // Twice: a pool that lost its connections must not answer differently the second time.
  for (let round = 0; round < 2; round += 1) {
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

  await new Promise((resolve) => setTimeout(resolve, DOWN_FOR_MS - (Date.now() - downSince)));
  cluster = await startCluster(port);
  const backSince = Date.now();
  await waitFor(
    async () => (await callApi(app.url, '/api/health')).status === 200,
    RECOVERY_MS,
    'the app to be healthy again',
    50,
  );
  expect(Date.now() - backSince).toBeLessThan(RECOVERY_MS);
}
