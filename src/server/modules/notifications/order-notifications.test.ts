import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it, vi } from 'vitest';
import {
  PaymentIntentResponseSchema,
  TEST_CARDS,
  TestConfirmResponseSchema,
} from '../../../shared/payment.ts';
import { PurchaseDetailSchema, type Purchase } from '../../../shared/purchase.ts';
import { outbox, purchase } from '../../db/schema.ts';
import { readOutbox, signUp, uniqueEmail, type SignedIn } from '../../testing/accounts.ts';
import type { MailFile } from '../../testing/mail-files.ts';
import { createProduct } from '../../testing/factories.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { checkOutBasket, placeTestOrder, storeBasket } from '../../testing/orders.ts';

// The order lifecycle end to end through the API: each transition's timeline entry and the mail
// the outbox worker of the app (running as in production, into the DATA_DIR outbox) writes.

const NOTIFY = uniqueEmail('orders');
const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
const t = setUpAppWithAccounts({
  customerName: 'Mia Mailer',
  env: { ORDER_NOTIFY_EMAILS: NOTIFY },
});

async function placeOrder(who = t.customer): Promise<Purchase> {
  const placed = await placeTestOrder(t, who, {
    product: { name: 'Impact Driver', priceCents: 8_950 },
    address: '9 Anvil Road',
    phone: '555',
  });
  return placed.order;
}

async function pay(order: Purchase, who = t.customer): Promise<string> {
  const intent = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: who.headers,
    payload: { purchaseId: order._id },
  });
  const { clientSecret } = PaymentIntentResponseSchema.parse(intent.json());
  const nextYear = new Date().getUTCFullYear() + 1;
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/test-processor/confirm',
    payload: {
      clientSecret,
      card: { number: TEST_CARDS.success, expMonth: 12, expYear: nextYear, cvc: '123' },
      billingDetails: { name: 'Mia Mailer', email: who.email },
    },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  // The test processor settles the order itself right after a successful confirmation.
  return TestConfirmResponseSchema.parse(confirmed.json()).paymentIntent.id;
}

async function detail(order: Purchase, who: SignedIn = t.customer) {
  const res = await t.app.inject({ url: `/api/purchase/${order._id}`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return PurchaseDetailSchema.parse(res.json());
}

/** Waits for the app's outbox worker to write the mail with this subject to `to`. */
async function mailTo(to: string, subject: string): Promise<MailFile> {
  return vi.waitFor(
    () => {
      const mail = readOutbox(t, to).find((m) => m.subject === subject);
      if (!mail) throw new Error(`no mail "${subject}" to ${to} yet`);
      return mail;
    },
    { timeout: 15_000, interval: 100 },
  );
}

const orderLink = 'http://localhost:3000/dashboard/myOrders';

describe('each transition: its timeline entry and its mail, once', () => {
  it('placed: "Order received" to the customer, with the hold end and the order details', async () => {
    const order = await placeOrder();
    expect(order.reservedUntil).not.toBeNull();
    expect((await detail(order)).timeline).toEqual([
      { at: expect.any(String), event: 'placed', actor: 'customer' },
    ]);
    const mail = await mailTo(t.customer.email, 'Order received: Impact Driver');
    expect(mail.text).toContain('reserved it for you until');
    expect(mail.text).toContain('Quantity: 2');
    expect(mail.text).toContain('Unit price: $89.50');
    expect(mail.text).toContain('Total: $179.00');
    expect(mail.text).toContain('Address: 9 Anvil Road');
    expect(mail.text).toContain(`My Orders: ${orderLink}`);
  });

  it('paid: a receipt mail to the customer and one "ready to ship" mail to ORDER_NOTIFY_EMAILS', async () => {
    const order = await placeOrder();
    const intentId = await pay(order);
    const paid = await detail(order);
    expect(paid).toMatchObject({ paid: true, testMode: true, reservedUntil: null });
    expect(paid.receiptNumber).toEqual(expect.any(Number));
    expect(paid.timeline.map((e) => [e.event, e.actor])).toEqual([
      ['placed', 'customer'],
      ['paid', 'customer'],
    ]);
    const receipt = await mailTo(t.customer.email, 'Payment received: Impact Driver');
    expect(receipt.text).toContain('$179.00 by visa ending in 4242');
    expect(receipt.text).toContain(`Transaction id: ${intentId}`);
    expect(receipt.text).toContain(`Receipt number: ${paid.receiptNumber}`);
    const admins = await mailTo(NOTIFY, 'New paid order ready to ship: Impact Driver');
    expect(admins.text).toContain('Mia Mailer paid $179.00');
    expect(admins.text).toContain('http://localhost:3000/dashboard/manageAllOrders');
    // Exactly once each (the checkout's placed and paid mails), however often the worker ran.
    const jobs = await t.database.db
      .select({ status: outbox.status })
      .from(outbox)
      .where(sql`${outbox.payload}->>'checkoutId' = ${order.checkoutId}`);
    expect(jobs).toHaveLength(3);
  });

  it('shipped: "Your order has shipped" to the customer; the timeline names the admin action', async () => {
    const order = await placeOrder();
    await pay(order);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/purchase/${order._id}`,
      headers: t.admin.headers,
      payload: { stat: 'shipped' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await detail(order, t.admin)).timeline.map((e) => [e.event, e.actor])).toEqual([
      ['placed', 'customer'],
      ['paid', 'customer'],
      ['shipped', 'admin'],
    ]);
    const mail = await mailTo(t.customer.email, 'Your order has shipped: Impact Driver');
    expect(mail.text).toContain('your order is on its way');
  });

  it('cancelled by the customer or by an admin: the mail says which', async () => {
    const mine = await placeOrder();
    const byAdmin = await placeOrder();
    for (const [order, who] of [
      [mine, t.customer],
      [byAdmin, t.admin],
    ] as const) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/purchase/${order._id}`,
        headers: who.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await detail(mine)).timeline.at(-1)).toMatchObject({
      event: 'cancelled',
      actor: 'customer',
    });
    expect((await detail(byAdmin)).timeline.at(-1)).toMatchObject({
      event: 'cancelled',
      actor: 'admin',
    });
    const mails = await vi.waitFor(
      () => {
        const found = readOutbox(t, t.customer.email).filter(
          (m) => m.subject === 'Order cancelled: Impact Driver',
        );
        if (found.length < 2) throw new Error('not yet');
        return found;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(mails.some((m) => m.text.includes('You cancelled this order.'))).toBe(true);
    expect(mails.some((m) => m.text.includes('cancelled by the shop'))).toBe(true);
  });

  it('expired at the end of the hold: the system expires it and mails the customer', async () => {
    const order = await placeOrder(t.other);
    await t.database.db
      .update(purchase)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(purchase.id, order._id));
    const expired = await detail(order, t.other);
    expect(expired.stat).toBe('expired');
    expect(expired.timeline.at(-1)).toMatchObject({ event: 'expired', actor: 'system' });
    const mail = await mailTo(t.other.email, 'Order expired: Impact Driver');
    expect(mail.text).toContain('was not paid before its reservation ended');
  });

  it('the server refuses what orderActions forbids with 409 (ship unpaid, cancel paid)', async () => {
    const order = await placeOrder();
    const ship = await t.app.inject({
      method: 'PUT',
      url: `/api/purchase/${order._id}`,
      headers: t.admin.headers,
      payload: { stat: 'shipped' },
    });
    expect(ship.statusCode).toBe(409);
    await pay(order);
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/purchase/${order._id}`,
      headers: t.customer.headers,
    });
    expect(cancel.statusCode).toBe(409);
  });
});

describe('a checkout of several orders', () => {
  it('sends one mail per event listing every line, with the checkout and PO reference, and one receipt', async () => {
    const buyer = await signUp(t.app, { name: 'Cara Checkout' });
    const drill = await createProduct(t.database.db, { name: 'Hammer Drill', priceCents: 10_000 });
    const bits = await createProduct(t.database.db, { name: 'Bit Set', priceCents: 2_500 });
    await storeBasket(t, buyer, [
      [drill, 1],
      [bits, 2],
    ]);
    const placed = await checkOutBasket(t, buyer, {
      address: '9 Anvil Road',
      poReference: 'PO-77',
    });
    const received = await mailTo(buyer.email, `Order received: ${placed.reference} (2 items)`);
    for (const text of [
      'Hammer Drill',
      'Bit Set',
      'Quantity: 2',
      'Total: $150.00',
      'PO reference: PO-77',
    ])
      expect(received.text).toContain(text);
    expect(received.text).toContain(`Order: ${placed.reference}`);

    const [first] = placed.orders;
    const intentId = await pay(first!, buyer);
    const receipt = await mailTo(buyer.email, `Payment received: ${placed.reference} (2 items)`);
    expect(receipt.text).toContain('$150.00 by visa ending in 4242');
    expect(receipt.text).toContain(`Transaction id: ${intentId}`);
    await mailTo(NOTIFY, `New paid order ready to ship: ${placed.reference} (2 items)`);
    const jobs = await t.database.db
      .select({ key: outbox.dedupeKey })
      .from(outbox)
      .where(sql`${outbox.payload}->>'checkoutId' = ${placed.checkoutId}`);
    expect(jobs.map((job) => job.key).sort()).toEqual(
      [':paid:admins', ':paid:customer', ':placed:customer'].map((e) => placed.checkoutId + e),
    );
    const perOrder = await t.database.db
      .select({ key: outbox.dedupeKey })
      .from(outbox)
      .where(
        inArray(
          sql`${outbox.payload}->>'purchaseId'`,
          placed.orders.map((o) => o._id),
        ),
      );
    expect(perOrder).toEqual([]);

    // Both orders are paid by the one payment and share its one receipt, which lists both.
    const [one, two] = await Promise.all(placed.orders.map((o) => detail(o, buyer)));
    expect(one).toMatchObject({ paid: true, transactionId: intentId });
    expect(two).toMatchObject({ paid: true, transactionId: intentId });
    expect(one!.receiptNumber).toEqual(two!.receiptNumber);
    const res = await t.app.inject({
      url: `/api/purchase/${first!._id}/receipt`,
      headers: buyer.headers,
    });
    const pdf = await getDocument({ data: new Uint8Array(res.rawPayload), standardFontDataUrl })
      .promise;
    const text = (await (await pdf.getPage(1)).getTextContent()).items
      .map((item) => ('str' in item ? item.str : ''))
      .join(' ');
    for (const expected of ['Hammer Drill', 'Bit Set', placed.reference, 'PO-77', '$150.00'])
      expect(text).toContain(expected);
    await pdf.destroy();
  });
});

describe('GET /api/purchase/{id}/receipt', () => {
  it('is a PDF that carries the receipt number, the line, the total and the transaction id', async () => {
    const order = await placeOrder();
    const intentId = await pay(order);
    const { receiptNumber } = await detail(order);
    for (const who of [t.customer, t.admin]) {
      const res = await t.app.inject({
        url: `/api/purchase/${order._id}/receipt`,
        headers: who.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const pdf = await getDocument({ data: new Uint8Array(res.rawPayload), standardFontDataUrl })
        .promise;
      const page = await pdf.getPage(1);
      const text = (await page.getTextContent()).items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ');
      expect(text).toContain(`Receipt ${receiptNumber}`);
      expect(text).toContain('Toolhouse');
      expect(text).toContain('Impact Driver');
      expect(text).toContain('$179.00');
      expect(text).toContain(intentId);
      await pdf.destroy();
    }
  });

  it('receipt numbers are consecutive with no gaps', async () => {
    const numbers: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const order = await placeOrder();
      await pay(order);
      numbers.push((await detail(order)).receiptNumber!);
    }
    expect(numbers[1]).toBe(numbers[0]! + 1);
    expect(numbers[2]).toBe(numbers[0]! + 2);
  });

  it("refuses another customer's receipt (as an unknown order) and an unpaid order's (409)", async () => {
    const order = await placeOrder();
    const unpaid = await t.app.inject({
      url: `/api/purchase/${order._id}/receipt`,
      headers: t.customer.headers,
    });
    expect(unpaid.statusCode).toBe(409);
    await pay(order);
    const foreign = await t.app.inject({
      url: `/api/purchase/${order._id}/receipt`,
      headers: t.other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).toContain('application/json');
  });
});

describe('GET /api/admin/failed-mails', () => {
  it('lists mails given up after the last retry, to admins only', async () => {
    const order = await placeOrder();
    await t.database.db.insert(outbox).values({
      kind: 'mail',
      dedupeKey: `test-failed-${order._id}`,
      payload: { template: 'order.placed', purchaseId: order._id, audience: 'customer' },
      status: 'failed',
      attempts: 10,
      lastError: '550 mailbox unavailable',
      doneAt: sql`now()`,
    });
    const res = await t.app.inject({ url: '/api/admin/failed-mails', headers: t.admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual(
      expect.objectContaining({
        purchaseId: order._id,
        template: 'order.placed',
        attempts: 10,
        lastError: '550 mailbox unavailable',
      }),
    );
    const denied = await t.app.inject({
      url: '/api/admin/failed-mails',
      headers: t.customer.headers,
    });
    expect(denied.statusCode).toBe(403);
  });
});
