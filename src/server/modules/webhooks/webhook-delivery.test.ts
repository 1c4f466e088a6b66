import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_SIGNATURE_HEADER } from '../../../shared/webhooks.ts';
import { connectDatabase, type Database } from '../../db/client.ts';
import { outbox, webhookDelivery, webhookEndpoint } from '../../db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { processOutbox, type OutboxContext } from '../notifications/outbox.service.ts';
import { isPublicAddress } from './webhook-address.ts';
import type { WebhookRequestOptions } from './webhook-request.ts';
import { verifySignature } from './webhook-signature.ts';
import { enqueueWebhookEvent, webhookBackoffMs } from './webhooks.service.ts';

// The outbox worker delivering webhooks, on its own (no app, so no background worker interferes),
// to a receiver on 127.0.0.1.

let testDb: TestDatabase;
let database: Database;
let receiver: Server;
let port: number;
const received: { headers: IncomingMessage['headers']; body: string; url: string }[] = [];
/** What the receiver answers next (then 200). */
let answers: Array<{ status: number; location?: string }> = [];

const SECRET = 'whsec_test_secret';
const noMail: Mailer = { send: async () => undefined } as unknown as Mailer;

const context = (webhooks: WebhookRequestOptions): OutboxContext => ({
  db: database.db,
  mailer: noMail,
  provider: null,
  publicUrl: 'http://localhost:3000',
  notifyEmails: [],
  webhooks,
});

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = connectDatabase(testDb.url, { max: 4 });
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body, url: req.url ?? '' });
      const next = answers.shift() ?? { status: 200 };
      res.writeHead(next.status, next.location ? { location: next.location } : {});
      res.end('ok');
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  port = (receiver.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((done) => receiver.close(done));
  await database.pool.end();
  await testDb.drop();
});

beforeEach(async () => {
  received.length = 0;
  answers = [];
  await database.db.delete(outbox);
  await database.db.delete(webhookEndpoint);
});

async function endpoint(url: string, events: string[] = ['order.refunded']) {
  const [row] = await database.db
    .insert(webhookEndpoint)
    .values({ url, secret: SECRET, events })
    .returning();
  return row!;
}

const deliveries = (endpointId: string) =>
  database.db
    .select()
    .from(webhookDelivery)
    .where(eq(webhookDelivery.endpointId, endpointId))
    .orderBy(webhookDelivery.id);

const jobOf = async () => (await database.db.select().from(outbox))[0]!;

/** Makes every pending job due now (instead of waiting out its backoff). */
const dueNow = () => database.db.update(outbox).set({ nextAttemptAt: sql`now()` });

describe('webhook delivery', () => {
  it('queues an event for subscribed endpoints only, signed with the endpoint secret', async () => {
    const subscribed = await endpoint(`http://127.0.0.1:${port}/hook`);
    await endpoint(`http://127.0.0.1:${port}/other`, ['product.updated']);
    await database.db.transaction((tx) =>
      enqueueWebhookEvent(tx, 'order.refunded', { orderId: 'o-1', amount: 12.5 }, 'evt-1'),
    );
    expect(await database.db.select().from(outbox)).toHaveLength(1);

    await processOutbox(context({ allowPrivate: true }));
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.url).toBe('/hook');
    const header = String(request!.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(SECRET, header, request!.body)).toBe(true);
    expect(verifySignature('another secret', header, request!.body)).toBe(false);
    expect(verifySignature(SECRET, header, `${request!.body} `)).toBe(false);
    expect(JSON.parse(request!.body)).toMatchObject({
      id: 'evt-1',
      type: 'order.refunded',
      data: { orderId: 'o-1', amount: 12.5 },
    });
    expect((await jobOf()).status).toBe('sent');
    const log = await deliveries(subscribed.id);
    expect(log).toMatchObject([
      { attempt: 1, statusCode: 200, error: null, event: 'order.refunded' },
    ]);
  });

  it('retries a failed delivery with backoff and logs every attempt', async () => {
    const hook = await endpoint(`http://127.0.0.1:${port}/flaky`);
    answers = [{ status: 500 }, { status: 503 }];
    await database.db.transaction((tx) => enqueueWebhookEvent(tx, 'order.refunded', { n: 1 }));

    await processOutbox(context({ allowPrivate: true }));
    let job = await jobOf();
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    const waitMs = job.nextAttemptAt.getTime() - Date.now();
    expect(waitMs).toBeGreaterThan(webhookBackoffMs(1) - 5_000);
    expect(waitMs).toBeLessThanOrEqual(webhookBackoffMs(1) + 1_000);
    // Not due yet: nothing is sent.
    expect(await processOutbox(context({ allowPrivate: true }))).toBe(0);

    await dueNow();
    await processOutbox(context({ allowPrivate: true }));
    job = await jobOf();
    expect(job.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(webhookBackoffMs(2) - 5_000);
    await dueNow();
    await processOutbox(context({ allowPrivate: true }));
    expect((await jobOf()).status).toBe('sent');
    expect((await deliveries(hook.id)).map((d) => [d.attempt, d.statusCode])).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);
    expect(received).toHaveLength(3);
    // The same event id on every attempt, so the receiver can drop repeats.
    expect(new Set(received.map((r) => JSON.parse(r.body).id)).size).toBe(1);
  });

  it('gives up once the event is 24 hours old', async () => {
    await endpoint(`http://127.0.0.1:${port}/down`);
    answers = [{ status: 500 }];
    await database.db.transaction((tx) => enqueueWebhookEvent(tx, 'order.refunded', { n: 2 }));
    await database.db.update(outbox).set({ createdAt: sql`now() - interval '24 hours 1 minute'` });
    await processOutbox(context({ allowPrivate: true }));
    expect((await jobOf()).status).toBe('failed');
    expect(webhookBackoffMs(20)).toBe(3 * 3_600_000);
  });

  it('refuses a host name that resolves to 127.0.0.1 (no request is made)', async () => {
    const hook = await endpoint(`http://hooks.example.test:${port}/x`);
    await database.db.transaction((tx) => enqueueWebhookEvent(tx, 'order.refunded', { n: 3 }));
    const lookup = async () => [{ address: '127.0.0.1', family: 4 as const }];
    await processOutbox(context({ lookup }));
    expect(received).toHaveLength(0);
    const [attempt] = await deliveries(hook.id);
    expect(attempt).toMatchObject({ statusCode: null });
    expect(attempt!.error).toMatch(/^Refused: hooks\.example\.test resolves to 127\.0\.0\.1/);
    expect((await jobOf()).status).toBe('pending'); // retried later, and refused again
  });

  it('refuses a redirect to a private address, checked after resolving it', async () => {
    // The receiver (127.0.0.1) stands in for a public host; the redirect's target does not.
    const isAllowedAddress = (ip: string) => ip === '127.0.0.1' || isPublicAddress(ip);
    const lookup = async (host: string) => [
      { address: host === 'internal.example.test' ? '10.1.2.3' : '127.0.0.1', family: 4 as const },
    ];
    const hook = await endpoint(`http://public.example.test:${port}/moved`);
    for (const location of [
      `http://internal.example.test:${port}/metadata`,
      `http://[::ffff:169.254.169.254]:${port}/latest`,
      `http://127.0.0.2:${port}/`,
    ]) {
      answers = [{ status: 307, location }];
      received.length = 0;
      await database.db.delete(outbox);
      await database.db.transaction((tx) =>
        enqueueWebhookEvent(tx, 'order.refunded', { location }),
      );
      await processOutbox(context({ lookup, isAllowedAddress }));
      expect(received.map((r) => r.url)).toEqual(['/moved']);
      const log = await deliveries(hook.id);
      expect(log.at(-1)!.error).toMatch(/^Refused: /);
    }
    // A redirect to an allowed address is followed, with the body signed as before.
    answers = [{ status: 308, location: `http://public.example.test:${port}/new-home` }];
    received.length = 0;
    await database.db.delete(outbox);
    await database.db.transaction((tx) => enqueueWebhookEvent(tx, 'order.refunded', { ok: 1 }));
    await processOutbox(context({ lookup, isAllowedAddress }));
    expect(received.map((r) => r.url)).toEqual(['/moved', '/new-home']);
    expect((await jobOf()).status).toBe('sent');
  });
});
