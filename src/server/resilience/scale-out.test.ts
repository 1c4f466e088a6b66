import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../db/client.ts';
import { makeAdmin } from '../modules/users/users.service.ts';
import { expectTenSoldFortyRefused } from '../testing/order-invariants.ts';
import { createProduct } from '../testing/factories.ts';
import { uniqueEmail } from '../testing/accounts.ts';
import {
  callApi,
  removeDataDir,
  signUpOver,
  spawnApp,
  type SpawnedApp,
} from '../testing/spawn-app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';

// Two app processes on one PostgreSQL, as behind a load balancer (ADR 008): nothing that
// matters lives in one process. TRUST_PROXY as behind a proxy, so each simulated client has its own
// address (X-Forwarded-For) and the auth rate limit (3 a minute) counts per client.

let testDatabase: TestDatabase;
let direct: Database;
let a: SpawnedApp;
let b: SpawnedApp;

const env = () => ({
  DATABASE_URL: testDatabase.url,
  AUTH_RATE_LIMIT_PER_MINUTE: '3',
  TRUST_PROXY: 'true',
  LOG_LEVEL: 'info',
});
let clients = 0;
/** A distinct client address for each simulated client. */
const client = () => {
  clients += 1;
  return { 'x-forwarded-for': `198.51.${Math.floor(clients / 250)}.${(clients % 250) + 1}` };
};
const order = (productId: string) => ({
  productId,
  orderQuantity: 1,
  address: '1 Main St',
  phone: '555-0100',
});

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  direct = connectDatabase(testDatabase.url, { max: 2 });
  // Started together: both race to prepare the database and to create the shared auth secret.
  [a, b] = await Promise.all([spawnApp({ env: env() }), spawnApp({ env: env() })]);
});

afterAll(async () => {
  const stopped = await Promise.all([a?.stop(), b?.stop()]);
  for (const exit of stopped) if (exit) expect(exit.code).toBe(0);
  await Promise.all([a && removeDataDir(a.dataDir), b && removeDataDir(b.dataDir)]);
  await direct?.pool.end();
  await testDatabase?.drop();
});

describe('two instances on one database', () => {
  it('accept each other’s tokens', async () => {
    const email = uniqueEmail();
    const token = await signUpOver(a.url, email, client());
    const onB = await callApi(b.url, `/api/purchase?customerEmail=${email}`, { token });
    expect(onB.status).toBe(200);
    expect(onB.json).toEqual([]);
    const exchanged = await callApi(b.url, `/api/user/${email}`, { method: 'PUT', token });
    expect(exchanged.status).toBe(200);
  });

  it('sell exactly the stock to 50 concurrent buyers split across both', async () => {
    const drill = await createProduct(direct.db, { availableQuantity: 10, minQuantity: 1 });
    // The buyers sign up one pair at a time: password hashing is CPU-bound, and 10 at once on a
    // busy 2-core machine can hold an instance's event loop past its database bounds. The
    // concurrency under test is the buying, below.
    const buyers: { token: string; app: SpawnedApp }[] = [];
    for (let pair = 0; pair < 25; pair += 1) {
      buyers.push(
        ...(await Promise.all(
          [a, b].map(async (app) => ({
            app,
            token: await signUpOver(app.url, uniqueEmail('buyer'), client()),
          })),
        )),
      );
    }

    const results = await Promise.all(
      buyers.map(({ app, token }) =>
        callApi(app.url, '/api/purchase', { token, body: order(drill.id) }),
      ),
    );
    await expectTenSoldFortyRefused(
      direct.db,
      drill.id,
      results.map((r) => r.status),
    );
  });

  it('list a product added or changed through the other at once', async () => {
    const email = uniqueEmail('admin');
    const token = await signUpOver(a.url, email, client());
    await makeAdmin(direct.db, email);
    const before = (await callApi(b.url, '/api/products')).json as { _id: string; img: string }[];
    const img = before[0]?.img;
    expect(img).toMatch(/^\/images\//);

    const created = await callApi(a.url, '/api/products', {
      token,
      body: {
        name: 'Scale-out Sander',
        price: 59.5,
        description: 'Seen by every instance.',
        img,
        minQuantity: 1,
        availableQuantity: 7,
      },
    });
    expect(created.status).toBe(201);
    const id = (created.json as { insertedId: string }).insertedId;
    const listed = (await callApi(b.url, '/api/products')).json as { _id: string }[];
    expect(listed.map((p) => p._id)).toContain(id);
    expect(listed).toHaveLength(before.length + 1);

    const changed = await callApi(b.url, `/api/products/${id}`, {
      method: 'PUT',
      token,
      body: {
        name: 'Scale-out Sander II',
        price: 61,
        img,
        minQuantity: 1,
        availableQuantity: 7,
      },
    });
    expect(changed.status).toBe(200);
    const onA = (await callApi(a.url, '/api/products')).json as { _id: string; name: string }[];
    expect(onA.find((p) => p._id === id)?.name).toBe('Scale-out Sander II');
    expect((await callApi(a.url, `/api/products/${id}`)).json).toMatchObject({ price: 61 });
  });

  it('count auth attempts of one client across both (the limit is 3 a minute)', async () => {
    const from = client();
    const email = uniqueEmail();
    const attempt = (app: SpawnedApp) =>
      callApi(app.url, '/api/auth/sign-in/email', {
        body: { email, password: 'Wrong#pass1' },
        headers: from,
      }).then((r) => r.status);
    const first = [await attempt(a), await attempt(b), await attempt(a)];
    expect(first).not.toContain(429);
    expect(await attempt(b)).toBe(429);
    expect(await attempt(a)).toBe(429);
    // Another client is not affected.
    const other = await callApi(b.url, '/api/auth/sign-in/email', {
      body: { email, password: 'Wrong#pass1' },
      headers: client(),
    });
    expect(other.status).toBe(401);
  });

  it('end a session everywhere when it signs out on one', async () => {
    const email = uniqueEmail();
    const token = await signUpOver(a.url, email, client());
    const mine = `/api/purchase?customerEmail=${email}`;
    expect((await callApi(b.url, mine, { token })).status).toBe(200);
    const out = await callApi(a.url, '/api/auth/sign-out', { token, body: {} });
    expect(out.status).toBe(200);
    const after = await callApi(b.url, mine, { token });
    expect(after.status).toBe(401);
    expect(after.json).toMatchObject({ code: expect.any(String), requestId: expect.any(String) });
    expect((await callApi(a.url, mine, { token })).status).toBe(401);
  });
});
