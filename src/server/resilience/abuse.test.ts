import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../testing/accounts.ts';
import {
  callApi,
  removeDataDir,
  signUpOver,
  spawnApp,
  SPAWNED_PUBLIC_URL,
  type SpawnedApp,
} from '../testing/spawn-app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';

// Hostile requests against the real server over real sockets: each is refused quickly (a 4xx or
// a closed connection), and the process stays up and keeps serving everyone else.

const QUICK_MS = 3_000;

let testDatabase: TestDatabase;
let app: SpawnedApp;
let port: number;
let token: string;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  app = await spawnApp({
    env: { DATABASE_URL: testDatabase.url, AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
  });
  port = Number(new URL(app.url).port);
  token = await signUpOver(app.url, uniqueEmail());
});

afterAll(async () => {
  if (app) expect((await app.stop()).code).toBe(0);
  if (app) await removeDataDir(app.dataDir);
  await testDatabase?.drop();
});

type Outcome = { status: number; body: string; ms: number } | { error: string; ms: number };

/** Sends a body as fast as the socket takes it; a 4xx answer or a closed connection both end it. */
function send(path: string, body: Buffer | string, auth = false): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path,
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        origin: SPAWNED_PUBLIC_URL,
        ...(auth && { authorization: `Bearer ${token}` }),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: text, ms: Date.now() - started }),
      );
      res.on('error', () =>
        resolve({ status: res.statusCode ?? 0, body: text, ms: Date.now() - started }),
      );
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? error.message, ms: Date.now() - started }),
    );
    req.end(body);
  });
}

const expectRefused = (outcome: Outcome, status: number) => {
  expect(outcome.ms).toBeLessThan(QUICK_MS);
  if ('error' in outcome) expect(['ECONNRESET', 'EPIPE']).toContain(outcome.error);
  else {
    expect(outcome.status).toBe(status);
    expect(outcome.body).not.toMatch(/\bat .*\.(ts|js):\d+/); // no stack
  }
};

const expectHealthy = async () => {
  const started = Date.now();
  const res = await callApi(app.url, '/api/health');
  expect(res.status).toBe(200);
  expect(Date.now() - started).toBeLessThan(QUICK_MS);
};

/** Routes that parse JSON themselves (ours) or hand it to better-auth (identity). */
const targets = [
  { path: '/api/purchase', auth: true },
  { path: '/api/contact', auth: false },
  { path: '/api/auth/sign-in/email', auth: false },
];

describe('abusive requests', () => {
  it('refuses a 10 MB JSON body with 413', async () => {
    const huge = Buffer.alloc(10 * 1024 * 1024, ' ');
    huge.write('{"name":"');
    huge.write('"}', huge.length - 2);
    for (const { path, auth } of targets) expectRefused(await send(path, huge, auth), 413);
    await expectHealthy();
  });

  it('refuses deeply nested JSON: 413 above the body limit, 400 below it', async () => {
    const levels = 100_000;
    const deepArray = '['.repeat(levels) + ']'.repeat(levels);
    const justUnder = 50_000; // 100,000 bytes: under the 100 kB limit, so it is parsed
    const deepObject = '{"a":'.repeat(16_000) + '1' + '}'.repeat(16_000);
    for (const { path, auth } of targets) {
      expectRefused(await send(path, deepArray, auth), 413);
      expectRefused(await send(path, '['.repeat(justUnder) + ']'.repeat(justUnder), auth), 400);
      expectRefused(await send(path, deepObject, auth), 400);
    }
    await expectHealthy();
  });

  it('refuses a million-element array: 413; a 50,000-element one is a 400', async () => {
    const million = `[${Array(1_000_000).fill('0').join(',')}]`;
    const many = `[${Array(50_000).fill('0').join(',')}]`;
    for (const { path, auth } of targets) {
      expectRefused(await send(path, million, auth), 413);
      expectRefused(await send(path, many, auth), 400);
    }
    await expectHealthy();
  });

  it('keeps serving while slow-header (slowloris) connections are held open, then closes them', async () => {
    const sockets: Socket[] = [];
    const closed = new Set<Socket>();
    await Promise.all(
      Array.from(
        { length: 200 },
        () =>
          new Promise<void>((resolve, reject) => {
            const socket = connect(port, '127.0.0.1', () => {
              socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
              resolve();
            });
            socket.on('error', reject);
            socket.on('close', () => closed.add(socket));
            socket.resume(); // read, so the server's end of the connection is seen
            sockets.push(socket);
          }),
      ),
    );
    try {
      // A header line now and then, never the blank line that ends the headers.
      for (let round = 0; round < 3; round += 1) {
        for (const socket of sockets)
          if (!closed.has(socket)) socket.write(`X-Slow-${round}: 1\r\n`);
        await expectHealthy();
        const products = await callApi(app.url, '/api/products');
        expect(products.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      // The server itself ends them once the header timeout (15 s) passes, checked every second.
      const deadline = Date.now() + 25_000;
      while (closed.size < sockets.length && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(closed.size).toBe(sockets.length);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
    await expectHealthy();
  }, 45_000);
});
