import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_SIGNATURE_HEADER } from '../../../shared/webhooks.ts';
import { connectDatabase, type Database } from '../../db/client.ts';
import { outbox, webhookDelivery, webhookEndpoint } from '../../db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { drainDestinations, processOutbox, type OutboxContext } from '../outbox/outbox.service.ts';
import { outboxJobs } from '../../jobs/job-list.ts';
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
  jobs: outboxJobs,
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

  it('retries for 24 hours: the last attempt comes 24 h after the first, not long after', async () => {
    // The waits, written out: 45 s doubling up to 96 min, then 3 h.
    const minutes = [0.75, 1.5, 3, 6, 12, 24, 48, 96, 180, 180, 180, 180, 180, 180, 180];
    expect(minutes.map((_, i) => webhookBackoffMs(i + 1) / 60_000)).toEqual(minutes);

    // A receiver down all day; time passes by moving the job's creation back by each wait.
    const hook = await endpoint(`http://127.0.0.1:${port}/down-all-day`);
    answers = Array.from({ length: 30 }, () => ({ status: 503 }));
    await database.db.transaction((tx) => enqueueWebhookEvent(tx, 'order.refunded', { n: 5 }));
    const attemptAtMs: number[] = [];
    let elapsedMs = 0;
    for (let step = 0; step < 30; step += 1) {
      attemptAtMs.push(elapsedMs);
      await processOutbox(context({ allowPrivate: true }));
      const job = await jobOf();
      if (job.status !== 'pending') break;
      const waitMs = Math.round((job.nextAttemptAt.getTime() - Date.now()) / 1_000) * 1_000;
      elapsedMs += waitMs;
      await database.db.update(outbox).set({
        createdAt: sql`${outbox.createdAt} - ${waitMs}::double precision * interval '1 millisecond'`,
        nextAttemptAt: sql`now()`,
      });
    }
    expect(await jobOf()).toMatchObject({ status: 'failed', attempts: 16 });
    expect(await deliveries(hook.id)).toHaveLength(16);
    expect(attemptAtMs).toHaveLength(16);
    const lastHours = attemptAtMs.at(-1)! / 3_600_000;
    expect(lastHours).toBeGreaterThanOrEqual(24);
    expect(lastHours).toBeLessThan(24.5);
    // The one before it is well inside the day, so the day is covered without a gap at its end.
    expect(attemptAtMs.at(-2)! / 3_600_000).toBeLessThan(22);
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

  it('never follows a redirect: a 3xx is a failed attempt, and the body goes nowhere else', async () => {
    // A second receiver the redirects point to: it must never see the signed body (nor a GET).
    const elsewhere: string[] = [];
    const second = createServer((req, res) => {
      elsewhere.push(`${req.method} ${req.url}`);
      req.resume();
      res.end('ok');
    });
    await new Promise<void>((done) => second.listen(0, '127.0.0.1', done));
    try {
      const target = `http://127.0.0.1:${(second.address() as AddressInfo).port}/stolen`;
      const hook = await endpoint(`http://127.0.0.1:${port}/moved`);
      for (const status of [307, 303, 308, 301, 302]) {
        answers = [{ status, location: target }];
        received.length = 0;
        await database.db.delete(outbox);
        await database.db.transaction((tx) =>
          enqueueWebhookEvent(tx, 'order.refunded', { status }),
        );
        await processOutbox(context({ allowPrivate: true }));
        expect(received.map((r) => r.url)).toEqual(['/moved']);
        expect(elsewhere).toEqual([]);
        const attempt = (await deliveries(hook.id)).at(-1)!;
        expect(attempt).toMatchObject({ attempt: 1, statusCode: status });
        expect(attempt.error).toBe(
          `The receiver answered ${status}, a redirect: not followed (update the endpoint's URL)`,
        );
        expect(await jobOf()).toMatchObject({ status: 'pending', attempts: 1 });
        expect((await jobOf()).lastError).toContain(`answered ${status}`);
      }
    } finally {
      await new Promise((done) => second.close(done));
    }
  });

  it('aborts a delivery whose answer trickles in past the deadline, and logs it', async () => {
    // Headers at once, then a byte every 200 ms for ever: never idle long enough for an idle
    // timeout, so only a deadline over the whole exchange ends it.
    let open = 0;
    const trickle = createServer((req, res) => {
      req.resume();
      open += 1;
      res.writeHead(200, { 'content-type': 'text/plain' });
      const timer = setInterval(() => res.write('.'), 200);
      res.on('close', () => {
        clearInterval(timer);
        open -= 1;
      });
    });
    await new Promise<void>((done) => trickle.listen(0, '127.0.0.1', done));
    try {
      const hook = await endpoint(
        `http://127.0.0.1:${(trickle.address() as AddressInfo).port}/slow`,
      );
      await database.db.transaction((tx) => enqueueWebhookEvent(tx, 'order.refunded', { n: 4 }));
      const started = Date.now();
      const outcome = await Promise.race([
        processOutbox(context({ allowPrivate: true, deadlineMs: 1_000 })).then(() => 'done'),
        new Promise((done) => setTimeout(() => done('still waiting after 4 s'), 4_000)),
      ]);
      expect(outcome).toBe('done');
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
      const [attempt] = await deliveries(hook.id);
      expect(attempt).toMatchObject({ attempt: 1, statusCode: null });
      expect(attempt!.error).toBe('no complete answer within 1000 ms (aborted)');
      expect(attempt!.durationMs).toBeGreaterThanOrEqual(1_000);
      expect(attempt!.durationMs).toBeLessThan(2_000);
      expect(await jobOf()).toMatchObject({ status: 'pending', attempts: 1 });
      await expect.poll(() => open).toBe(0); // the connection was closed, not left trickling
    } finally {
      trickle.closeAllConnections();
      await new Promise((done) => trickle.close(done));
    }
  });

  it('delivers to several endpoints at once, one delivery per endpoint, each event once across two instances', async () => {
    // Every answer takes 150 ms; the receiver tracks how many requests each path has open.
    const open = new Map<string, number>();
    const most = new Map<string, number>();
    let allOpen = 0;
    let allMost = 0;
    const got: string[] = [];
    const slowish = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const path = req.url ?? '';
        open.set(path, (open.get(path) ?? 0) + 1);
        most.set(path, Math.max(most.get(path) ?? 0, open.get(path)!));
        allMost = Math.max(allMost, (allOpen += 1));
        got.push(JSON.parse(body).id);
        setTimeout(() => {
          open.set(path, open.get(path)! - 1);
          allOpen -= 1;
          res.end('ok');
        }, 150);
      });
    });
    await new Promise<void>((done) => slowish.listen(0, '127.0.0.1', done));
    const other = connectDatabase(testDb.url, { max: 4 });
    try {
      const base = `http://127.0.0.1:${(slowish.address() as AddressInfo).port}`;
      for (const name of ['a', 'b', 'c']) await endpoint(`${base}/${name}`);
      const queue = async (count: number, prefix: string) => {
        for (let n = 0; n < count; n += 1)
          await database.db.transaction((tx) =>
            enqueueWebhookEvent(tx, 'order.refunded', { n }, `${prefix}-${n}`),
          );
      };

      // One instance: the three endpoints in parallel, never two deliveries to one endpoint.
      await queue(4, 'one');
      // A drain ends when it finds nothing to claim; the worker runs the next one at its next poll.
      // On a loaded machine a drain can end early, so drains are run until all 12 went (or 10).
      let delivered = 0;
      for (let round = 0; round < 10 && delivered < 12; round += 1)
        delivered += await drainDestinations(context({ allowPrivate: true }), { pollMs: 50 });
      expect(delivered).toBe(12);
      expect(got).toHaveLength(12);
      expect(new Set(got).size).toBe(4);
      expect([...most.values()]).toEqual([1, 1, 1]);
      expect(allMost).toBeGreaterThan(1);

      // Two instances at once: every event reaches every endpoint exactly once.
      got.length = 0;
      await database.db.delete(outbox);
      await queue(6, 'two');
      const [first, second] = await Promise.all([
        drainDestinations(context({ allowPrivate: true }), { pollMs: 50 }),
        drainDestinations({ ...context({ allowPrivate: true }), db: other.db }, { pollMs: 50 }),
      ]);
      expect(first + second).toBe(18);
      expect(got).toHaveLength(18);
      for (let n = 0; n < 6; n += 1) expect(got.filter((id) => id === `two-${n}`)).toHaveLength(3);
      const jobs = await database.db.select().from(outbox);
      expect(jobs.every((job) => job.status === 'sent' && job.attempts === 1)).toBe(true);
    } finally {
      await other.pool.end();
      await new Promise((done) => slowish.close(done));
    }
  });
});
