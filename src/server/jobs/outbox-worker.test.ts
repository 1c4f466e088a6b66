import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../shared/payment.ts';
import { outbox } from '../db/schema.ts';
import { readOutbox, signUp, type SignedIn } from '../testing/accounts.ts';
import { createProduct } from '../testing/factories.ts';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';

// Issue 38: the outbox keeps up. Every mail of a burst of paid orders goes out once (none lost,
// none twice), and the worker sends while the requests hold every connection of the app's pool
// (its own pool, ADR 048).

const OPS = 'ops-burst@example.com';
const card = { number: TEST_CARDS.success, expMonth: 12, expYear: 2099, cvc: '123' };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { ORDER_NOTIFY_EMAILS: OPS } });
});
afterAll(() => t.close());

/** Places and pays one order as the web client does (four calls); its checkout reference. */
async function placeAndPay(who: SignedIn, productId: string): Promise<string> {
  const key = () => ({ ...who.headers, 'idempotency-key': randomUUID() });
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: key(),
    payload: { productId, orderQuantity: 1, address: '1 Burst Street', phone: '555 0100' },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json<{ _id: string; checkoutReference: string }>();
  const intent = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: key(),
    payload: { purchaseId: order._id },
  });
  expect(intent.statusCode, intent.body).toBe(200);
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/test-processor/confirm',
    payload: {
      clientSecret: intent.json<{ clientSecret: string }>().clientSecret,
      card,
      billingDetails: { name: who.name, email: who.email },
    },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const paid = await t.app.inject({
    method: 'PATCH',
    url: `/api/purchase/${order._id}`,
    headers: key(),
    payload: {
      transactionId: confirmed.json<{ paymentIntent: { id: string } }>().paymentIntent.id,
    },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  expect(paid.json()).toMatchObject({ paid: true });
  return order.checkoutReference;
}

/** Whether a text names the checkout `reference` (C-1, not C-10). */
const names = (reference: string) => new RegExp(`\\b${reference}\\b`);

/** Waits until no mail is queued (or `ms` passed). */
async function mailsSent(ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  for (;;) {
    const [row] = await t.database.db
      .select({ queued: sql<number>`count(*)::int` })
      .from(outbox)
      .where(sql`${outbox.kind} = 'mail' AND ${outbox.status} = 'pending'`);
    if (!row?.queued || Date.now() > deadline) return row?.queued ?? 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the outbox worker', () => {
  it('sends every mail of a burst of paid orders once: none lost, none twice', async () => {
    const customers = await Promise.all(Array.from({ length: 8 }, () => signUp(t.app)));
    const item = await createProduct(t.database.db, {
      availableQuantity: 1_000,
      priceCents: 2_500,
    });
    // 8 customers, 5 paid orders each, all at once.
    const references = (
      await Promise.all(
        customers.map(async (who) => {
          const mine: string[] = [];
          for (let i = 0; i < 5; i += 1) mine.push(await placeAndPay(who, item.id));
          return mine.map((reference) => ({ who, reference }));
        }),
      )
    ).flat();
    expect(new Set(references.map((r) => r.reference)).size).toBe(40);
    expect(await mailsSent(30_000)).toBe(0);

    for (const { who, reference } of references) {
      const about = (to: string, subject: string) =>
        readOutbox(t, to).filter(
          (mail) => mail.subject.startsWith(subject) && names(reference).test(mail.text),
        ).length;
      expect(about(who.email, 'Order received'), reference).toBe(1);
      expect(about(who.email, 'Payment received'), reference).toBe(1);
      expect(about(OPS, 'New paid order'), reference).toBe(1);
    }
    const rows = await t.database.db
      .select({ status: outbox.status, attempts: outbox.attempts })
      .from(outbox)
      .where(eq(outbox.kind, 'mail'));
    expect(rows).toHaveLength(120);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  }, 90_000);

  it('sends while the requests hold every connection of the app pool', async () => {
    const who = await signUp(t.app);
    const item = await createProduct(t.database.db, { availableQuantity: 10 });
    const reference = await placeAndPay(who, item.id);
    expect(await mailsSent(10_000)).toBe(0);
    const before = readOutbox(t, who.email).length;

    // Every connection of the app's pool taken (as by requests under load), then the paid
    // order's mails queued again: the worker must send them all the same.
    const held: PoolClient[] = [];
    try {
      for (let i = 0; i < 4; i += 1) held.push(await t.database.pool.connect());
      await held[0]!.query(
        `UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = now(), done_at = NULL
         WHERE kind = 'mail' AND payload->>'audience' = 'customer'
           AND payload->>'checkoutId' = (SELECT checkout_id::text FROM purchase
             WHERE customer_email = $1 LIMIT 1)`,
        [who.email],
      );
      const deadline = Date.now() + 10_000;
      while (readOutbox(t, who.email).length < before + 2 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      for (const client of held) client.release();
    }
    const mails = readOutbox(t, who.email).filter((mail) => names(reference).test(mail.text));
    expect(mails.map((mail) => mail.subject.split(':')[0]).sort()).toEqual([
      'Order received',
      'Order received',
      'Payment received',
      'Payment received',
    ]);
  }, 60_000);
});
