import { request, Agent, type ClientRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/client.ts';
import { uniqueEmail } from '../testing/accounts.ts';
import { createProduct } from '../testing/factories.ts';
import {
  removeDataDir,
  signUpOver,
  spawnApp,
  SPAWNED_PUBLIC_URL,
  type SpawnedApp,
} from '../testing/spawn-app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';

// SIGTERM while requests are in flight: those the server had started finish with their answer (no
// connection reset), and the process exits cleanly (code 0) within its 10 s shutdown budget.

const SLOW_REQUESTS = 8;
const LOAD_STREAMS = 10;

let testDatabase: TestDatabase;
let app: SpawnedApp;
let token: string;
let productId: string;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  const direct = connectDatabase(testDatabase.url, { max: 1 });
  productId = (await createProduct(direct.db, { availableQuantity: 1_000 })).id;
  await direct.pool.end();
  app = await spawnApp({ env: { DATABASE_URL: testDatabase.url } });
  token = await signUpOver(app.url, uniqueEmail());
});

afterAll(async () => {
  await app?.stop('SIGKILL');
  if (app) await removeDataDir(app.dataDir);
  await testDatabase?.drop();
});

type Outcome = { status: number } | { error: string };

/** Resolves with the status, or the socket error (ECONNRESET, ECONNREFUSED...). */
function outcomeOf(req: ClientRequest): Promise<Outcome> {
  return new Promise((resolve) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? 'error' }));
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message }),
    );
  });
}

describe('SIGTERM under load', () => {
  it('finishes the requests in flight, then exits with code 0 within 10 s', async () => {
    const { port } = new URL(app.url);
    const body = JSON.stringify({ productId, orderQuantity: 1, address: '1 Main St', phone: '1' });
    const half = Math.floor(body.length / 2);

    // Orders whose body is only half sent: certainly in flight when the signal arrives. Their
    // connections stay open after the answer, as a browser's do (no client-side idle timeout).
    const browser = new Agent({ keepAlive: true });
    const slow = Array.from({ length: SLOW_REQUESTS }, (_, n) => {
      const req = request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        agent: browser,
        path: `/api/purchase?slow=${n}`,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          origin: SPAWNED_PUBLIC_URL,
        },
      });
      req.write(body.slice(0, half));
      return { req, outcome: outcomeOf(req) };
    });

    // And a steady stream of catalogue reads on keep-alive connections, until the server is gone.
    const agent = new Agent({ keepAlive: true, maxSockets: LOAD_STREAMS });
    const loadOutcomes = new Map<number, Outcome>();
    let sent = 0;
    const stream = async () => {
      for (;;) {
        const id = (sent += 1);
        const outcome = await outcomeOf(
          request({ host: '127.0.0.1', port, path: `/api/products?load=${id}`, agent }).end(),
        );
        loadOutcomes.set(id, outcome);
        if ('error' in outcome || outcome.status !== 200) return;
      }
    };
    const load = Promise.all(Array.from({ length: LOAD_STREAMS }, stream));

    await app.waitForOutput(
      new RegExp(`(?:slow=\\d+".*incoming request[^\\n]*\\n[^]*){${SLOW_REQUESTS}}`),
    );
    await new Promise((resolve) => setTimeout(resolve, 200)); // let the load run a moment
    const signalled = Date.now();
    const exit = app.stop('SIGTERM');
    await app.waitForOutput(/SIGTERM received/);
    for (const { req } of slow) req.end(body.slice(half));

    const slowOutcomes = await Promise.all(slow.map((s) => s.outcome));
    expect(slowOutcomes).toEqual(Array.from({ length: SLOW_REQUESTS }, () => ({ status: 201 })));
    expect(await exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeLessThan(10_000);
    await load;
    agent.destroy();
    browser.destroy();

    // Every load request the server had received got its answer: none was cut off.
    const received = [...app.output().matchAll(/load=(\d+)"[^\n]*incoming request/g)].map((m) =>
      Number(m[1]),
    );
    expect(received.length).toBeGreaterThan(LOAD_STREAMS);
    const cut = received.filter((id) => 'error' in (loadOutcomes.get(id) ?? { error: 'none' }));
    expect(cut).toEqual([]);
    expect(app.output()).toContain('Stopped cleanly');
  });
});
