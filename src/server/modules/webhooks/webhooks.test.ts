import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../shared/product.ts';
import { WebhookDeliveryListSchema, WebhookEndpointListSchema } from '../../../shared/webhooks.ts';
import { setUpAppWithAccounts } from '../../testing/app-with-accounts.ts';
import { markOrderPaid, placeTestOrder } from '../../testing/orders.ts';
import { verifySignature } from './webhook-signature.ts';

// The admin API of webhooks on the real app, whose own outbox worker delivers (to a receiver on
// 127.0.0.1, so with WEBHOOK_ALLOW_PRIVATE=true).

const t = setUpAppWithAccounts({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
let receiver: Server;
let hookUrl: string;
const received: { type: string; body: string; signature: string }[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({
        type: JSON.parse(body).type,
        body,
        signature: String(req.headers['toolhouse-signature']),
      });
      res.end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(() => new Promise((done) => receiver.close(done)));

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  who = t.admin,
) => t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

async function until<T>(find: () => T | undefined, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error('not delivered in time');
    await new Promise((done) => setTimeout(done, 100));
  }
}

describe('webhook endpoints', () => {
  it('are for admins only', async () => {
    expect((await call('GET', '/api/admin/webhooks', undefined, t.customer)).statusCode).toBe(403);
    const body = { url: hookUrl, events: ['order.paid'] };
    expect((await call('POST', '/api/admin/webhooks', body, t.customer)).statusCode).toBe(403);
  });

  it('refuse a URL that is not http(s) and an empty or unknown event list', async () => {
    const bad = await call('POST', '/api/admin/webhooks', { url: 'ftp://x.example', events: [] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['events', 'url']);
    const unknown = await call('POST', '/api/admin/webhooks', {
      url: hookUrl,
      events: ['order.eaten'],
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('show the secret once and deliver order and product events, signed', async () => {
    const created = await call('POST', '/api/admin/webhooks', {
      url: hookUrl,
      events: ['order.placed', 'order.paid', 'product.updated', 'stock.low'],
    });
    expect(created.statusCode).toBe(201);
    const { id, secret } = created.json();
    expect(secret).toMatch(/^whsec_/);
    const list = WebhookEndpointListSchema.parse((await call('GET', '/api/admin/webhooks')).json());
    expect(list).toMatchObject([{ id, url: hookUrl }]);
    expect(JSON.stringify(list)).not.toContain(secret);

    // The lifecycle: placed, then paid.
    const { order, productId } = await placeTestOrder(t, t.customer);
    await markOrderPaid(t.database.db, order._id, 'pi_webhook_test');
    const paid = await until(() => received.find((r) => r.type === 'order.paid'));
    expect(verifySignature(secret, paid.signature, paid.body)).toBe(true);
    expect(JSON.parse(paid.body).data).toMatchObject({
      orderId: order._id,
      order: { paid: true, productId },
    });
    await until(() => received.find((r) => r.type === 'order.placed'));

    // The catalogue: an admin edit is product.updated, and stock.low as the stock falls to 3.
    const [product] = (
      await t.app.inject({ method: 'GET', url: '/api/products' })
    ).json() as Product[];
    const { name, price, description, img, minQuantity, version } = product!;
    const edit = await call('PUT', `/api/products/${product!._id}`, {
      ...{ name, price, description, img, minQuantity, version },
      availableQuantity: 3,
    });
    expect(edit.statusCode).toBe(200);
    const updated = await until(() => received.find((r) => r.type === 'product.updated'));
    expect(JSON.parse(updated.body).data).toMatchObject({
      productId: product!._id,
      availableQuantity: 3,
    });
    await until(() => received.find((r) => r.type === 'stock.low'));
  });

  it('list the delivery log and delete an endpoint', async () => {
    const [first] = WebhookEndpointListSchema.parse(
      (await call('GET', '/api/admin/webhooks')).json(),
    );
    const log = WebhookDeliveryListSchema.parse(
      (await call('GET', `/api/admin/webhooks/${first!.id}/deliveries`)).json(),
    );
    expect(log.map((entry) => entry.event).sort()).toEqual([
      'order.paid',
      'order.placed',
      'product.updated',
      'stock.low',
    ]);
    expect(log.every((entry) => entry.statusCode === 200 && entry.attempt === 1)).toBe(true);
    expect((await call('DELETE', `/api/admin/webhooks/${first!.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/webhooks/${first!.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/webhooks/${first!.id}/deliveries`)).statusCode).toBe(404);
  });

  it('order.shipped carries the parcel: carrier, tracking number and tracking page (issue 35)', async () => {
    const created = await call('POST', '/api/admin/webhooks', {
      url: hookUrl,
      events: ['order.shipped'],
    });
    expect(created.statusCode).toBe(201);
    const { order } = await placeTestOrder(t, t.customer);
    await markOrderPaid(t.database.db, order._id, `pi_webhook_ship_${order._id}`);
    const shipped = await call('PUT', `/api/purchase/${order._id}`, {
      stat: 'shipped',
      carrier: 'usps',
      trackingNumber: '9400111899223197428490',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const delivery = await until(() =>
      received.find((r) => r.type === 'order.shipped' && r.body.includes(order._id)),
    );
    expect(JSON.parse(delivery.body).data).toMatchObject({
      orderId: order._id,
      order: {
        status: 'shipped',
        shipment: {
          carrier: 'usps',
          carrierName: 'USPS',
          trackingNumber: '9400111899223197428490',
          trackingUrl:
            'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490',
        },
      },
    });
  });
});
