import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, ErrorCode } from '../../../shared/errors.ts';
import { PAYMENTS_NOT_SET_UP_MESSAGE } from '../../../shared/payment.ts';
import { PublicConfigSchema } from '../../../shared/public-config.ts';
import { PurchaseSchema } from '../../../shared/purchase.ts';
import { signUp, type SignedIn } from '../../testing/accounts.ts';
import { createProduct } from '../../testing/factories.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { PAYMENTS_OFF_WARNING } from './payments.routes.ts';

// PAYMENT_PROVIDER: who takes payments is an explicit choice; production never falls back to the
// test processor by itself.

async function placeOrder(t: TestApp, who: SignedIn): Promise<string> {
  const item = await createProduct(t.database.db);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/purchase',
    headers: who.headers,
    payload: { productId: item.id, orderQuantity: 1 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return PurchaseSchema.parse(res.json())._id;
}

describe('production without Stripe and without PAYMENT_PROVIDER=test', () => {
  let t: TestApp;
  let customer: SignedIn;
  const logged: { level: number; msg: string }[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
        done();
      },
    });
    t = await buildTestApp({
      env: { NODE_ENV: 'production' },
      logger: pino({ level: 'warn' }, sink),
    });
    customer = await signUp(t.app, { name: 'Nora None' });
  });
  afterAll(() => t.close());

  it('warns at start', () => {
    expect(logged).toContainEqual(
      expect.objectContaining({ level: 40, msg: PAYMENTS_OFF_WARNING }),
    );
  });

  it('tells the browser that no provider is active', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(PublicConfigSchema.parse(res.json()).payments).toEqual({ provider: 'none' });
  });

  it('answers create-payment-intent and mark-paid with 503 and a clear message', async () => {
    const orderId = await placeOrder(t, customer);
    for (const res of [
      await t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: customer.headers,
        payload: { purchaseId: orderId },
      }),
      await t.app.inject({
        method: 'PATCH',
        url: `/api/purchase/${orderId}`,
        headers: customer.headers,
        payload: { transactionId: 'pi_anything' },
      }),
    ]) {
      expect(res.statusCode).toBe(503);
      expect(ApiErrorSchema.parse(res.json())).toMatchObject({
        code: ErrorCode.Unavailable,
        message: PAYMENTS_NOT_SET_UP_MESSAGE,
      });
    }
  });

  it('has no test processor', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-processor/confirm',
      payload: {},
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('the test processor (PAYMENT_PROVIDER=test in production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { NODE_ENV: 'production', PAYMENT_PROVIDER: 'test' } });
  });
  afterAll(() => t.close());

  it('is active when asked for, and says so', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(PublicConfigSchema.parse(res.json()).payments).toEqual({ provider: 'test' });
  });

  it.each([
    ['malformed JSON', '{"clientSecret": '],
    ['null', 'null'],
    ['an array', '[]'],
    ['a string', '"pi_x_secret_y"'],
    ['a number', '42'],
    ['an empty object', '{}'],
    ['a card of the wrong type', '{"clientSecret":"x","card":"4242","billingDetails":{}}'],
  ])('answers %s with 400 in the one error shape', async (_, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-processor/confirm',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    const body = ApiErrorSchema.parse(res.json());
    expect(body.requestId).toBeTruthy();
    expect(body.message).not.toMatch(/FST_|serializ/i);
  });
});
