import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABOVE_MAXIMUM_MESSAGE, ORDER_QUANTITY_MAX } from '../../../shared/purchase.ts';
import { signUp, type SignedIn } from '../../testing/accounts.ts';
import { createProduct } from '../../testing/factories.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { tooManyUnpaidOrdersMessage } from './purchase-limits.ts';

// The limits as an operator configures them: here small, so the test stays short.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { MAX_UNPAID_ORDERS: '3', ORDER_RATE_LIMIT_PER_HOUR: '6' } });
});
afterAll(() => t?.close());

const order = (who: SignedIn, productId: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: who.headers,
    remoteAddress,
    payload: { productId, orderQuantity: 1 },
  });

describe('limits on placing orders', () => {
  it('holds at most MAX_UNPAID_ORDERS unpaid orders per account (409), freed by a cancel', async () => {
    const item = await createProduct(t.database.db, { availableQuantity: 100 });
    const buyer = await signUp(t.app);
    const placed = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await order(buyer, item.id, '10.0.0.1');
      expect(res.statusCode).toBe(201);
      placed.push(res.json()._id as string);
    }
    const fourth = await order(buyer, item.id, '10.0.0.1');
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({
      code: 'CONFLICT',
      message: tooManyUnpaidOrdersMessage(3),
      requestId: expect.any(String),
    });
    // Another account is not affected.
    expect((await order(await signUp(t.app), item.id, '10.0.0.2')).statusCode).toBe(201);

    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/purchase/${placed[0]}`,
      headers: buyer.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect((await order(buyer, item.id, '10.0.0.1')).statusCode).toBe(201);
  });

  it('limits orders per account, whatever the IP, and per IP, whatever the account', async () => {
    const item = await createProduct(t.database.db, { availableQuantity: 100 });
    const buyer = await signUp(t.app);
    const statuses: number[] = [];
    // Each order is cancelled at once, so only the rate limit can refuse.
    for (let i = 0; i < 7; i += 1) {
      const res = await order(buyer, item.id, `10.1.0.${i}`);
      statuses.push(res.statusCode);
      if (res.statusCode === 201)
        await t.app.inject({
          method: 'DELETE',
          url: `/api/purchase/${res.json()._id}`,
          headers: buyer.headers,
        });
      else expect(res.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);

    const shared = [];
    for (let i = 0; i < 7; i += 1)
      shared.push((await order(await signUp(t.app), item.id, '10.2.0.1')).statusCode);
    expect(shared).toEqual([201, 201, 201, 201, 201, 201, 429]);
  });

  it('names the largest allowed quantity, not the stock, when the stock is larger', async () => {
    const item = await createProduct(t.database.db, {
      availableQuantity: 2_000_000,
      priceCents: 1,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      headers: (await signUp(t.app)).headers,
      remoteAddress: '10.3.0.1',
      payload: { productId: item.id, orderQuantity: ORDER_QUANTITY_MAX + 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: ABOVE_MAXIMUM_MESSAGE,
      fields: { orderQuantity: ABOVE_MAXIMUM_MESSAGE },
    });
  });
});
