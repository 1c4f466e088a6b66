import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { connectDatabase, type Database } from '../../db/client.ts';
import { checkout, outbox, user } from '../../db/schema.ts';
import type { AuthUser } from '../auth/caller.ts';
import { createProduct } from '../../testing/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { createMailer, type MailMessage, type Mailer } from '../mail/mailer.ts';
import { placePurchase } from '../purchases/purchases.service.ts';
import { outboxJobs } from '../../jobs/job-list.ts';
import { orderMailJob } from '../purchases/order-jobs.ts';
import { listFailedMails } from '../notifications/failed-mails.ts';
import { enqueue } from './enqueue.ts';
import { defineJob, jobRegistry } from './jobs.ts';
import { drainOutbox, processOutbox, type OutboxContext } from './outbox.service.ts';
import { testPricer } from '../../testing/pricing.ts';

// The outbox worker on its own (no app, so no background worker interferes): two "instances" are
// two connection pools on one database, as two processes would be.

let testDb: TestDatabase;
let one: Database;
let two: Database;
let dataDir: string;
let buyer: AuthUser;

beforeAll(async () => {
  testDb = await createTestDatabase();
  one = connectDatabase(testDb.url, { max: 4 });
  two = connectDatabase(testDb.url, { max: 4 });
  dataDir = mkdtempSync(join(tmpdir(), 'toolhouse-outbox-'));
  const id = randomUUID();
  const email = `buyer${id.slice(0, 8)}@example.com`;
  await one.db.insert(user).values({ id, name: 'Bea Buyer', email, emailVerified: true });
  buyer = {
    id,
    email,
    name: 'Bea Buyer',
    role: 'user',
    emailVerified: true,
    twoFactorEnabled: false,
    sessionToken: '',
  };
});
afterAll(async () => {
  await one.pool.end();
  await two.pool.end();
  await testDb.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Places an order through the service (committing its "Order received" job); returns its
 * checkout's id, which keys that job.
 */
async function placeOrder(): Promise<string> {
  const item = await createProduct(one.db, { name: 'Angle Grinder' });
  const order = await placePurchase(
    one.db,
    testPricer(one),
    buyer,
    { productId: item.id, orderQuantity: 1, address: '1 Forge Way', phone: '' },
    {
      clientIp: '127.0.0.1',
      holdHours: 24,
      limits: { orderRateLimitPerHour: 0, maxUnpaidOrders: 1_000_000 },
    },
  );
  return order.checkoutId;
}

const jobOf = async (checkoutId: string) => {
  const [row] = await one.db
    .select()
    .from(outbox)
    .where(eq(outbox.dedupeKey, `${checkoutId}:placed:customer`));
  return row!;
};

function context(database: Database, mailer: Mailer): OutboxContext {
  return {
    jobs: outboxJobs,
    db: database.db,
    mailer,
    provider: { name: 'test', cancelIntent: () => Promise.resolve() },
    publicUrl: 'http://shop.test',
    notifyEmails: [],
  };
}

function recordingMailer(into: MailMessage[]): Mailer {
  return {
    async send(message) {
      await new Promise((resolve) => setImmediate(resolve)); // let the other worker interleave
      into.push(message);
    },
  };
}

describe('outbox worker', () => {
  it('retries after the SMTP server refused the mail, then sends it once (HTML and text)', async () => {
    const received: string[] = [];
    let refusals = 1;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (refusals > 0) {
            refusals -= 1;
            const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
            callback(error);
            return;
          }
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.server.address() as AddressInfo;
      const smtp = createMailer(
        { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'shop@example.com', dataDir },
        () => undefined,
      );
      const checkoutId = await placeOrder();
      const worker = context(one, smtp);

      await processOutbox(worker, { backoffMs: () => 0 });
      expect(await jobOf(checkoutId)).toMatchObject({ status: 'pending', attempts: 1 });
      expect((await jobOf(checkoutId)).lastError).toContain('Try again later');
      expect(received).toHaveLength(0);

      await drainOutbox(worker, { backoffMs: () => 0 });
      expect(await jobOf(checkoutId)).toMatchObject({ status: 'sent', attempts: 2 });
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: Order received: Angle Grinder');
      expect(received[0]).toContain('text/plain');
      expect(received[0]).toContain('text/html');
      await drainOutbox(worker, { backoffMs: () => 0 });
      expect(received).toHaveLength(1);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('marks a mail failed after the last attempt and lists it', async () => {
    const checkoutId = await placeOrder();
    const broken: Mailer = { send: () => Promise.reject(new Error('550 mailbox unavailable')) };
    await drainOutbox(context(one, broken), { maxAttempts: 3, backoffMs: () => 0 });
    expect(await jobOf(checkoutId)).toMatchObject({ status: 'failed', attempts: 3 });
    expect(await listFailedMails(one.db)).toContainEqual(
      expect.objectContaining({
        purchaseId: null,
        checkoutId,
        template: 'order.placed',
        attempts: 3,
        lastError: '550 mailbox unavailable',
      }),
    );
  });

  it('loses nothing when a worker dies between claiming and sending: another sends it once', async () => {
    // Committed with no worker running at all: the job waits in the table.
    const checkoutId = await placeOrder();
    expect(await jobOf(checkoutId)).toMatchObject({ status: 'pending', attempts: 0 });

    // Instance one claims it and dies in the middle of sending (its send never completes).
    let die: (error: Error) => void = () => undefined;
    const dying: Mailer = {
      send: () =>
        new Promise<void>((_resolve, reject) => {
          die = reject;
        }),
    };
    const dead = processOutbox(context(one, dying));
    await expect.poll(async () => (await jobOf(checkoutId)).attempts).toBe(1);

    // While its claim lasts, nobody else takes the job.
    const sent: MailMessage[] = [];
    const survivor = context(two, recordingMailer(sent));
    await drainOutbox(survivor);
    expect(sent).toHaveLength(0);

    // The claim's lease runs out (as time passes); the surviving instance sends the mail.
    await two.db
      .update(outbox)
      .set({ nextAttemptAt: new Date() })
      .where(eq(outbox.dedupeKey, `${checkoutId}:placed:customer`));
    await drainOutbox(survivor);
    expect(sent.filter((m) => m.subject === 'Order received: Angle Grinder')).toHaveLength(1);
    expect(await jobOf(checkoutId)).toMatchObject({ status: 'sent', attempts: 2 });

    // Whatever the dead worker's last breath records cannot undo that: its claim is stale.
    die(new Error('killed'));
    await dead;
    expect(await jobOf(checkoutId)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('two instances draining at once send every mail exactly once', async () => {
    const orders = await Promise.all(Array.from({ length: 20 }, () => placeOrder()));
    const sentByOne: MailMessage[] = [];
    const sentByTwo: MailMessage[] = [];
    await Promise.all([
      drainOutbox(context(one, recordingMailer(sentByOne)), { batchSize: 3 }),
      drainOutbox(context(two, recordingMailer(sentByTwo)), { batchSize: 3 }),
    ]);
    const all = [...sentByOne, ...sentByTwo];
    const references = all.map((m) => /Order: (\S+)/.exec(m.text)?.[1]);
    const checkouts = await one.db
      .select({ number: checkout.number })
      .from(checkout)
      .where(inArray(checkout.id, orders));
    expect(checkouts).toHaveLength(orders.length);
    for (const { number } of checkouts)
      expect(references.filter((x) => x === `C-${number}`)).toHaveLength(1);
    for (const id of orders) expect(await jobOf(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('a drain told to stop ends after the batch in flight and leaves the rest due', async () => {
    const orders = await Promise.all(Array.from({ length: 5 }, () => placeOrder()));
    const sent: MailMessage[] = [];
    const claimed = await drainOutbox(
      context(one, recordingMailer(sent)),
      { batchSize: 2 },
      () => true,
    );
    expect(claimed).toBe(2);
    expect(sent).toHaveLength(2);
    const statuses = await Promise.all(orders.map(async (id) => (await jobOf(id)).status));
    expect(statuses.filter((status) => status === 'pending')).toHaveLength(3);
    await drainOutbox(context(one, recordingMailer(sent)));
  });
});

describe('typed jobs (ADR 042)', () => {
  const seen: unknown[] = [];
  const echoJob = defineJob({
    kind: 'test-echo',
    payload: z.object({ n: z.number().int() }),
    handle: async (payload) => {
      seen.push(payload);
    },
  });
  const withEcho = (log?: OutboxContext['log']): OutboxContext => ({
    ...context(one, recordingMailer([])),
    jobs: jobRegistry([...outboxJobs.all(), echoJob]),
    log,
  });
  const rowOf = async (key: string) =>
    (await one.db.select().from(outbox).where(eq(outbox.dedupeKey, key)))[0]!;

  it('queues a job typed by its definition, once per key, and hands the handler its payload', async () => {
    const key = `echo:${randomUUID()}`;
    await enqueue(one.db, echoJob, { n: 3 }, key);
    await enqueue(one.db, echoJob, { n: 4 }, key);
    // @ts-expect-error: the payload type follows the job
    await expect(enqueue(one.db, echoJob, { n: 'three' }, `${key}:bad`)).rejects.toThrow();
    await drainOutbox(withEcho());
    expect(seen).toEqual([{ n: 3 }]);
    expect(await rowOf(key)).toMatchObject({ kind: 'test-echo', status: 'sent', attempts: 1 });
  });

  it('fails a payload its schema refuses for good at the first attempt, logged as an error', async () => {
    const key = `echo:${randomUUID()}`;
    await one.db.insert(outbox).values({ kind: 'test-echo', dedupeKey: key, payload: { n: 'x' } });
    const errors: unknown[] = [];
    const log = { warn: () => undefined, error: (entry: unknown) => errors.push(entry) };
    await drainOutbox(withEcho(log as unknown as OutboxContext['log']), { backoffMs: () => 0 });
    const row = await rowOf(key);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.lastError).toBe(
      'invalid test-echo payload (n: Invalid input: expected number, received string)',
    );
    expect(errors).toEqual([
      expect.objectContaining({ kind: 'test-echo', attempt: 1, last: true }),
    ]);
  });

  it('retries a kind this instance does not know (it is no reason to drop the job)', async () => {
    const key = `unknown:${randomUUID()}`;
    await one.db.insert(outbox).values({ kind: 'not-registered', dedupeKey: key, payload: {} });
    await processOutbox(context(one, recordingMailer([])), { backoffMs: () => 0 });
    expect(await rowOf(key)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'unknown outbox job kind not-registered',
    });
    await one.db.delete(outbox).where(eq(outbox.dedupeKey, key));
  });
});

describe("the mail lane's batches (issue 38)", () => {
  /** `database`'s db with every query its client runs recorded in `texts` (claims aside). */
  const counting = (database: Database, texts: string[]): Database['db'] => {
    const client = new Proxy(database.db.$client, {
      get(target, prop, receiver) {
        if (prop !== 'query') return Reflect.get(target, prop, receiver) as unknown;
        return (text: unknown, ...rest: unknown[]) => {
          texts.push(typeof text === 'string' ? text : JSON.stringify(text));
          return (target.query as (...args: unknown[]) => unknown).call(target, text, ...rest);
        };
      },
    });
    return new Proxy(database.db, {
      get: (target, prop, receiver) =>
        prop === '$client' ? client : (Reflect.get(target, prop, receiver) as unknown),
    });
  };

  it("reads a step's order mails' orders in one statement and marks them sent in one", async () => {
    await drainOutbox(context(one, recordingMailer([])));
    const orders = await Promise.all(Array.from({ length: 6 }, () => placeOrder()));
    const texts: string[] = [];
    const sent: MailMessage[] = [];
    await drainOutbox(
      { ...context(one, recordingMailer(sent)), db: counting(one, texts) },
      { batchSize: 100, concurrency: 32 },
    );
    const checkouts = await one.db
      .select({ number: checkout.number })
      .from(checkout)
      .where(inArray(checkout.id, orders));
    const references = sent.map((m) => /Order: (\S+)/.exec(m.text)?.[1]);
    expect(references.sort()).toEqual(checkouts.map(({ number }) => `C-${number}`).sort());
    for (const id of orders) expect(await jobOf(id)).toMatchObject({ status: 'sent', attempts: 1 });
    // One read of the orders (each mail read its own before), one UPDATE of the sent.
    expect(texts.filter((text) => text.includes('purchase.product_name'))).toHaveLength(1);
    expect(texts.filter((text) => text.includes("SET status = 'sent'"))).toHaveLength(1);
  });

  it('retries only the mail of a batch that failed; the others are sent once', async () => {
    await drainOutbox(context(one, recordingMailer([])));
    const orders = await Promise.all(Array.from({ length: 3 }, () => placeOrder()));
    const sent: MailMessage[] = [];
    let refusals = 1;
    const refusingOne: Mailer = {
      async send(message) {
        if (refusals > 0) {
          refusals -= 1;
          throw new Error('451 try again later');
        }
        sent.push(message);
      },
    };
    await processOutbox(context(one, refusingOne), {
      batchSize: 100,
      concurrency: 32,
      backoffMs: () => 0,
    });
    const rows = await Promise.all(orders.map((id) => jobOf(id)));
    expect(rows.map((row) => row.status).sort()).toEqual(['pending', 'sent', 'sent']);
    expect(rows.find((row) => row.status === 'pending')).toMatchObject({
      attempts: 1,
      lastError: '451 try again later',
    });
    expect(sent).toHaveLength(2);
    await drainOutbox(context(one, refusingOne), { batchSize: 100, backoffMs: () => 0 });
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((m) => /Order: (\S+)/.exec(m.text)?.[1])).size).toBe(3);
    const after = await Promise.all(orders.map((id) => jobOf(id)));
    expect(after.map((row) => [row.status, row.attempts]).sort()).toEqual([
      ['sent', 1],
      ['sent', 1],
      ['sent', 2],
    ]);
  });

  it('records each mail of a batch sent as it ends, not when the whole batch has', async () => {
    await drainOutbox(context(one, recordingMailer([])));
    const orders = await Promise.all(Array.from({ length: 2 }, () => placeOrder()));
    let release: () => void = () => undefined;
    let calls = 0;
    // The first mail goes out at once; the second hangs (a slow SMTP server) until released.
    const slowSecond: Mailer = {
      send: () =>
        (calls += 1) === 1
          ? Promise.resolve()
          : new Promise<void>((resolve) => {
              release = resolve;
            }),
    };
    const step = processOutbox(context(one, slowSecond), { batchSize: 100, concurrency: 32 });
    const statuses = async () =>
      (await Promise.all(orders.map((id) => jobOf(id)))).map((row) => row.status).sort();
    // A worker dying now would send again only the mail still in flight.
    await expect.poll(statuses).toEqual(['pending', 'sent']);
    release();
    await step;
    expect(await statuses()).toEqual(['sent', 'sent']);
  });

  it('a mail whose orders are gone fails alone; the rest of its batch is sent', async () => {
    await drainOutbox(context(one, recordingMailer([])));
    const checkoutId = await placeOrder();
    const key = `gone:${randomUUID()}`;
    await enqueue(
      one.db,
      orderMailJob,
      { template: 'order.placed', audience: 'customer', purchaseId: 'not-a-uuid' },
      key,
    );
    const sent: MailMessage[] = [];
    await processOutbox(context(one, recordingMailer(sent)), {
      batchSize: 100,
      backoffMs: () => 0,
    });
    expect(await jobOf(checkoutId)).toMatchObject({ status: 'sent', attempts: 1 });
    const [gone] = await one.db.select().from(outbox).where(eq(outbox.dedupeKey, key));
    expect(gone).toMatchObject({ status: 'pending', attempts: 1 });
    expect(gone?.lastError).toContain('no orders for mail');
    expect(sent).toHaveLength(1);
    await one.db.delete(outbox).where(eq(outbox.dedupeKey, key));
  });
});
