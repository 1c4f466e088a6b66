import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/errors.ts';
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
  type ApiResponse,
  type SpawnedApp,
} from '../testing/spawn-app.ts';

// The database goes away for a few seconds under traffic: requests fail fast with 503 in the one
// error shape, the process stays up, and it recovers by itself once the database is back.

const FAST_MS = 6_000;
const DOWN_FOR_MS = 3_000;

const clusterDir = mkdtempSync(join(tmpdir(), 'toolhouse-outage-'));
const startCluster = (port?: number) =>
  startEmbeddedCluster({ dataDir: clusterDir, log: () => undefined, port });
let cluster: EmbeddedCluster | undefined;
let app: SpawnedApp;
let token: string;
let email: string;

beforeAll(async () => {
  cluster = await startCluster();
  await ensureDatabase(cluster, 'toolhouse');
  app = await spawnApp({
    env: { DATABASE_URL: cluster.urlFor('toolhouse'), AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
  });
  email = uniqueEmail();
  token = await signUpOver(app.url, email);
});

afterAll(async () => {
  if (app) expect((await app.stop()).code).toBe(0);
  if (app) await removeDataDir(app.dataDir);
  await cluster?.stop();
  rmSync(clusterDir, { recursive: true, force: true });
});

/** The calls a shopper makes: public reads, authenticated reads, a write, an identity call. */
const calls = (): (() => Promise<ApiResponse>)[] => [
  () => callApi(app.url, '/api/health'),
  () => callApi(app.url, '/api/products'),
  () => callApi(app.url, `/api/purchase?customerEmail=${email}`, { token }),
  () =>
    callApi(app.url, '/api/purchase', {
      token,
      body: { productId: '00000000-0000-4000-8000-000000000000', orderQuantity: 1 },
    }),
  () =>
    callApi(app.url, '/api/auth/sign-in/email', {
      body: { email, password: 'Wrong#pass1' },
    }),
];

interface Timed {
  res: ApiResponse;
  ms: number;
}
const timed = async (call: () => Promise<ApiResponse>): Promise<Timed> => {
  const started = Date.now();
  const res = await call();
  return { res, ms: Date.now() - started };
};

const expectUnavailable = ({ res, ms }: Timed) => {
  expect(ms).toBeLessThan(FAST_MS);
  expect(res.status).toBe(503);
  expect(Object.keys(res.json as object).sort()).toEqual(['code', 'message', 'requestId']);
  expect(res.json).toMatchObject({ code: ErrorCode.Unavailable });
  expect(res.text).not.toMatch(/\bat .*\.(ts|js):\d+|stack|ECONNREFUSED|postgres/i);
};

describe('the database stopped for a few seconds under traffic', () => {
  it('answers 503 fast while it is down, and recovers by itself', async () => {
    for (const call of calls()) expect((await call()).status).not.toBeGreaterThanOrEqual(500);

    // Background traffic for the whole outage: every answer is a 2xx-4xx or a 503, all in time.
    let traffic = true;
    const seen: Timed[] = [];
    const background = (async () => {
      while (traffic) seen.push(...(await Promise.all(calls().map(timed))));
    })();

    try {
      await outage();
    } finally {
      traffic = false;
      await background;
    }

    for (const call of calls()) {
      const res = await call();
      expect(res.status, res.text).toBeLessThan(500);
    }
    expect(seen.length).toBeGreaterThan(0);
    for (const { res, ms } of seen) {
      expect(ms).toBeLessThan(FAST_MS);
      expect(res.status === 503 || res.status < 500, res.text).toBe(true);
    }
  }, 50_000);
});

async function outage() {
  const port = Number(new URL(cluster!.urlFor('postgres')).port);
  await cluster!.stop();
  cluster = undefined;
  const downSince = Date.now();

  for (const call of calls()) expectUnavailable(await timed(call));
  // Twice: a pool that lost its connections must not answer differently the second time.
  for (const call of calls()) expectUnavailable(await timed(call));

  await new Promise((resolve) => setTimeout(resolve, DOWN_FOR_MS - (Date.now() - downSince)));
  cluster = await startCluster(port);

  await waitFor(
    async () => (await callApi(app.url, '/api/health')).status === 200,
    15_000,
    'the app to be healthy again',
  );
}
