import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, webhookDelivery } from '../../db/schema.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { mailFilesIn } from '../../testing/mail-files.ts';
import { placeTestOrder } from '../../testing/orders.ts';
import { outboxFolder } from '../mail/mailer.ts';
import { enqueueWebhookEvent } from '../webhooks/webhooks.service.ts';

// No receiver can hold the outbox (issue 39): the real app's own worker, a webhook receiver on
// 127.0.0.1 that trickles a byte every 2 s (never silent long enough for an idle timeout), a short
// delivery deadline. The order's mail and another endpoint's delivery go out while the slow
// delivery is still stuck; the slow one is aborted at its deadline.

const DEADLINE_SECONDS = 5;
const t = setUpAppWithAccounts({
  env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_SECONDS: String(DEADLINE_SECONDS) },
});

interface Connection {
  url: string;
  openedAt: number;
  closedAt: number | undefined;
}
const slowConnections: Connection[] = [];
const fastReceived: { type: string; at: number }[] = [];
let slow: Server;
let fast: Server;

const listen = async (server: Server) => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const stop = (server: Server) => {
  server.closeAllConnections();
  return new Promise((done) => server.close(done));
};

let slowUrl: string;
let fastUrl: string;
beforeAll(async () => {
  slow = createServer((req, res) => {
    req.resume();
    const connection: Connection = {
      url: req.url ?? '',
      openedAt: Date.now(),
      closedAt: undefined,
    };
    slowConnections.push(connection);
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write('.');
    const timer = setInterval(() => res.write('.'), 2_000);
    res.on('close', () => {
      clearInterval(timer);
      connection.closedAt = Date.now();
    });
  });
  fast = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      fastReceived.push({ type: JSON.parse(body).type, at: Date.now() });
      res.end();
    });
  });
  slowUrl = `${await listen(slow)}/slow`;
  fastUrl = `${await listen(fast)}/fast`;
});
// Before the app closes (hooks run in reverse): a closing app waits for its deliveries in flight.
afterAll(async () => {
  await stop(slow);
  await stop(fast);
});

async function until<T>(what: string, find: () => T | undefined | Promise<T | undefined>) {
  const end = Date.now() + 20_000;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`${what}: not within 20 s`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

const addEndpoint = async (url: string, events: string[]) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/webhooks',
    headers: t.admin.headers,
    payload: { url, events },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};

describe('the outbox with a receiver that trickles its answer', () => {
  it('sends the order mail and other endpoints while the slow delivery is stuck, and aborts it at the deadline', async () => {
    const slowId = await addEndpoint(slowUrl, ['product.updated', 'order.placed']);
    await addEndpoint(fastUrl, ['order.placed']);

    // The slow receiver takes a delivery first and holds it, trickling.
    await t.database.db.transaction((tx) =>
      enqueueWebhookEvent(tx, 'product.updated', { productId: 'p-1' }, 'slow-1'),
    );
    const stuck = await until('the slow receiver is called', () => slowConnections[0]);

    // An order placed now: its mail and the other endpoint's order.placed go out meanwhile.
    const { order } = await placeTestOrder(t, t.customer, { product: { name: 'Trickle Drill' } });
    const mailed = await until('the order mail', () =>
      mailFilesIn(outboxFolder(t.config.dataDir)).find(
        (mail) => mail.subject === 'Order received: Trickle Drill',
      ),
    );
    expect(mailed.to).toEqual([t.customer.email]);
    expect(stuck.closedAt).toBeUndefined(); // still trickling
    // The file is written before its job is marked sent: wait for the mark, not just the file.
    const mailJob = await until('the mail job marked sent', async () => {
      const [job] = await t.database.db
        .select()
        .from(outbox)
        .where(
          and(eq(outbox.kind, 'mail'), eq(outbox.dedupeKey, `${order.checkoutId}:placed:customer`)),
        );
      return job?.status === 'pending' ? undefined : job;
    });
    expect(mailJob).toMatchObject({ status: 'sent', attempts: 1 });
    const other = await until('the other endpoint', () =>
      fastReceived.find((r) => r.type === 'order.placed'),
    );
    expect(stuck.closedAt).toBeUndefined();
    expect(other.at - stuck.openedAt).toBeLessThan(DEADLINE_SECONDS * 1_000);
    expect(
      await t.database.db
        .select()
        .from(webhookDelivery)
        .where(eq(webhookDelivery.endpointId, slowId)),
    ).toEqual([]);

    // The deadline ends the slow delivery: aborted, logged as a failed attempt, retried later.
    const [attempt] = await until('the slow attempt logged', async () => {
      const rows = await t.database.db
        .select()
        .from(webhookDelivery)
        .where(eq(webhookDelivery.endpointId, slowId));
      return rows.length > 0 ? rows : undefined;
    });
    expect(attempt).toMatchObject({
      eventId: 'slow-1',
      attempt: 1,
      statusCode: null,
      error: `no complete answer within ${DEADLINE_SECONDS * 1_000} ms (aborted)`,
    });
    expect(attempt!.durationMs).toBeGreaterThanOrEqual(DEADLINE_SECONDS * 1_000);
    expect(attempt!.durationMs).toBeLessThan(DEADLINE_SECONDS * 1_000 + 1_500);
    const closedAt = await until('the slow connection closed', () => stuck.closedAt);
    expect(closedAt - stuck.openedAt).toBeLessThan(DEADLINE_SECONDS * 1_000 + 2_000);
    // Recorded on the job just after the log row: a retry after the webhook backoff.
    const slowJob = await until('the slow job recorded', async () => {
      const [row] = await t.database.db
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `webhook:${slowId}:slow-1`));
      return row?.lastError ? row : undefined;
    });
    expect(slowJob).toMatchObject({ status: 'pending', attempts: 1, lastError: attempt!.error });
  });
});
