import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/client.ts';
import { EMBEDDED_DATABASE } from '../db/database.ts';
import { runningClusterUrl } from '../db/embedded-cluster.ts';
import { uniqueEmail } from '../testing/accounts.ts';
import { expectOrdersKeptOnce } from '../testing/order-invariants.ts';
import { createProduct } from '../testing/factories.ts';
import {
  callApi,
  newDataDir,
  removeDataDir,
  signUpOver,
  spawnApp,
  type SpawnedApp,
} from '../testing/spawn-app.ts';

// kill -9 of the app (embedded PostgreSQL in its DATA_DIR) in the middle of a stream of orders,
// then a restart on the same DATA_DIR: what was acknowledged is kept, exactly once, stock adds up.

const STARTING_STOCK = 1_000;
const ACKNOWLEDGED_BEFORE_KILL = 40;
const STREAMS = 6;

const dataDir = newDataDir();
let app: SpawnedApp | undefined;
afterAll(async () => {
  if (app) expect((await app.stop()).code).toBe(0);
  await removeDataDir(dataDir);
});

const clusterUrl = () => {
  const url = runningClusterUrl(dataDir, EMBEDDED_DATABASE);
  if (!url) throw new Error('no running cluster in the DATA_DIR');
  return url;
};

describe('kill -9 during a stream of orders', () => {
  it('keeps every acknowledged order exactly once, and stock + holds = the starting stock', async () => {
    const env = { AUTH_RATE_LIMIT_PER_MINUTE: '1000' };
    const first = await spawnApp({ dataDir, env });
    app = first;
    const before = connectDatabase(clusterUrl(), { max: 2 });
    const products = [
      await createProduct(before.db, { availableQuantity: STARTING_STOCK }),
      await createProduct(before.db, { availableQuantity: STARTING_STOCK }),
    ];
    await before.pool.end();
    const email = uniqueEmail();
    const token = await signUpOver(first.url, email);

    const acknowledged: string[] = [];
    let failures = 0;
    let killed: Promise<unknown> | undefined;
    const stream = async (n: number) => {
      for (let i = 0; ; i += 1) {
        let res;
        try {
          res = await callApi(first.url, '/api/purchase', {
            token,
            body: {
              productId: products[(n + i) % 2]!.id,
              orderQuantity: 1 + (i % 3),
              address: '1 Main St',
              phone: '555-0100',
            },
          });
        } catch {
          failures += 1; // the process is gone: this order was never acknowledged
          return;
        }
        expect(res.status).toBe(201);
        acknowledged.push((res.json as { _id: string })._id);
        if (acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL && !killed)
          killed = first.stop('SIGKILL');
      }
    };
    await Promise.all(Array.from({ length: STREAMS }, (_, n) => stream(n)));
    expect((await first.exited).signal).toBe('SIGKILL');
    expect(failures).toBe(STREAMS);
    app = undefined;

    // The restart finds the PostgreSQL the killed process left running, stops it, starts anew.
    app = await spawnApp({ dataDir, env });
    expect(app.output()).toContain('leftover PostgreSQL');

    const after = connectDatabase(clusterUrl(), { max: 2 });
    try {
      // At most the orders in flight at the kill were committed without their 201 arriving.
      await expectOrdersKeptOnce(after.db, {
        productIds: products.map((p) => p.id),
        acknowledged,
        unacknowledged: STREAMS,
        startingStock: STARTING_STOCK,
      });
    } finally {
      await after.pool.end();
    }

    // The restarted app serves them too.
    const mine = await callApi(app.url, `/api/purchase?customerEmail=${email}`, { token });
    expect(mine.status).toBe(200);
    expect((mine.json as { _id: string }[]).map((o) => o._id)).toEqual(
      expect.arrayContaining(acknowledged),
    );
  }, 60_000);
});
