import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { discountedOrder } from '../../testing/discounted-orders.ts';
import { setUpCaliforniaTax } from '../../testing/taxed-orders.ts';

// Issue 36: an order event's `order` has the line's discount and its checkout's promotions as
// stored, and its amount after the discount.

const t = setUpAppWithAccounts({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
let receiver: Server;
let hookUrl: string;
const received: { type: string; data: Record<string, unknown> }[] = [];

beforeAll(async () => {
  await setUpCaliforniaTax(t);
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const event = JSON.parse(body) as { type: string; data: Record<string, unknown> };
      received.push(event);
      res.end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(() => new Promise((done) => receiver.close(done)));

async function until<T>(find: () => T | undefined, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error('not delivered in time');
    await new Promise((done) => setTimeout(done, 100));
  }
}

describe('order webhooks of a discounted order', () => {
  it('carry the discount and the promotions, and the amount after the discount', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: t.admin.headers,
      payload: { url: hookUrl, events: ['order.paid'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = await discountedOrder(t, t.customer, {
      discountCents: 1_000,
      name: 'Hooked Sander',
    });
    const paid = await until(() =>
      received.find((event) => event.type === 'order.paid' && event.data.orderId === order._id),
    );
    expect(paid.data.order).toMatchObject({
      productName: 'Hooked Sander',
      total: 100,
      discount: 10,
      tax: 6.53,
      amount: 107.26,
      promotions: [
        {
          name: 'Ten off tools',
          code: 'TOOLS10',
          kind: 'percent_off',
          discount: 10,
          shippingDiscount: 0,
        },
      ],
    });
  });
});
