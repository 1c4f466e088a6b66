import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  ensureDatabase,
  startEmbeddedCluster,
  type EmbeddedCluster,
} from '../db/embedded-cluster.ts';
import { uniqueEmail } from './accounts.ts';
import { removeDataDir, signUpOver, spawnApp, type SpawnedApp } from './spawn-app.ts';
import { shopperCalls, type Call, type Shopper } from '../resilience/database-traffic.ts';

/** The app on a database cluster of its own, and a shopper's calls into it. */
export interface AppOnOwnCluster {
  /** The cluster's folder (its data directory is `pg` inside). */
  clusterDir: string;
  /** Unset while a test has stopped it. */
  cluster: EmbeddedCluster | undefined;
  /** Starts the cluster (again), on the given port or a free one. */
  startCluster(port?: number): Promise<EmbeddedCluster>;
  app: SpawnedApp;
  shopper: Shopper;
  calls: Call[];
}

/**
 * The app as its own process on a PostgreSQL cluster of its own, for the tests that stop or freeze
 * the database (doing so to the shared test cluster would fail other test files), with a
 * signed-up shopper. Set up before the file's tests; after them the app must stop cleanly (exit
 * 0), then everything is removed. `beforeTeardown` runs first (a frozen cluster must be thawed).
 * The returned object is filled in by then: read it inside tests and hooks only.
 */
export function setUpAppOnOwnCluster(
  name: string,
  { beforeTeardown }: { beforeTeardown?: () => void } = {},
): AppOnOwnCluster {
  const clusterDir = mkdtempSync(join(tmpdir(), `toolhouse-${name}-`));
  const own = {
    clusterDir,
    cluster: undefined,
    startCluster: (port?: number) =>
      startEmbeddedCluster({ dataDir: clusterDir, log: () => undefined, port }),
  } as AppOnOwnCluster;

  beforeAll(async () => {
    own.cluster = await own.startCluster();
    await ensureDatabase(own.cluster, 'toolhouse');
    own.app = await spawnApp({
      env: { DATABASE_URL: own.cluster.urlFor('toolhouse'), AUTH_RATE_LIMIT_PER_MINUTE: '100000' },
    });
    const email = uniqueEmail();
    own.shopper = { url: own.app.url, email, token: await signUpOver(own.app.url, email) };
    own.calls = shopperCalls(own.shopper);
  });

  afterAll(async () => {
    beforeTeardown?.();
    if (own.app) expect((await own.app.stop()).code).toBe(0);
    if (own.app) await removeDataDir(own.app.dataDir);
    await own.cluster?.stop();
    rmSync(clusterDir, { recursive: true, force: true });
  });

  return own;
}
