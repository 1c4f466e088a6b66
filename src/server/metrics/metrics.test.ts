import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../testing/factories.ts';
import { placeTestOrder } from '../testing/orders.ts';
import { signUp } from '../testing/accounts.ts';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';
import { metricsAddressOf } from './metrics-plugin.ts';

const TOKEN = 'metrics-token-0123456789';

describe('GET /metrics', () => {
  it('is off by default: no metrics anywhere', async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({ url: '/metrics' });
      expect(res.body).not.toContain('toolhouse_');
      expect(metricsAddressOf(t.app)).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
    });
    afterAll(() => t.close());

    it('answers only with the token', async () => {
      for (const authorization of [undefined, 'Bearer wrong-token', TOKEN]) {
        const res = await t.app.inject({
          url: '/metrics',
          headers: authorization ? { authorization } : {},
        });
        expect(res.statusCode).toBe(401);
        expect(res.body).not.toContain('toolhouse_');
      }
    });

    it('reports requests, orders, outbox, pool, breaker and the event loop', async () => {
      const buyer = await signUp(t.app);
      await placeTestOrder(t, buyer);
      await t.app.inject({ url: '/api/products/not-an-id' });
      const res = await t.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      const text = res.body;
      expect(text).toMatch(
        /toolhouse_http_request_duration_seconds_count\{method="POST",route="\/api\/purchase",status_code="201"\} 1/,
      );
      expect(text).toMatch(/route="\/api\/products\/:productId",status_code="404"/);
      expect(text).toMatch(/^toolhouse_orders_placed 1$/m);
      expect(text).toMatch(/^toolhouse_orders_paid 0$/m);
      expect(text).toMatch(/^toolhouse_outbox_pending \d+$/m);
      expect(text).toMatch(/^toolhouse_outbox_oldest_pending_age_seconds [\d.e-]+$/m);
      expect(text).toMatch(/^toolhouse_outbox_due_jobs\{lane="mail"\} \d+$/m);
      expect(text).toMatch(/^toolhouse_outbox_due_jobs\{lane="webhook"\} \d+$/m);
      expect(text).toMatch(/^toolhouse_outbox_due_wait_seconds\{lane="mail"\} [\d.e-]+$/m);
      expect(text).toMatch(/^toolhouse_outbox_pool_connections\{state="in_use"\} \d+$/m);
      expect(text).toMatch(/^toolhouse_db_pool_connections\{state="in_use"\} \d+$/m);
      expect(text).toMatch(/^toolhouse_db_pool_connections\{state="waiting"\} \d+$/m);
      expect(text).toMatch(/^toolhouse_db_breaker_open 0$/m);
      expect(text).toMatch(/^toolhouse_hot_read_cache_total\{result="hit"\} \d+$/m);
      expect(text).toContain('toolhouse_nodejs_eventloop_lag_p99_seconds');
    });
  });

  describe('with METRICS_PORT', () => {
    let t: TestApp;
    let shop: AddressInfo;
    beforeAll(async () => {
      t = await buildTestApp({ env: { METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' } });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      shop = t.app.server.address() as AddressInfo;
    });
    afterAll(() => t.close());

    it('serves them on their own listener only, and times the fast paths too', async () => {
      const item = await createProduct(t.database.db);
      const base = `http://127.0.0.1:${shop.port}`;
      for (let i = 0; i < 3; i += 1) {
        const res = await fetch(`${base}/api/products/${item.id}`);
        expect(res.status).toBe(200);
        await res.arrayBuffer();
      }
      const onShop = await fetch(`${base}/metrics`);
      expect(await onShop.text()).not.toContain('toolhouse_');

      const address = metricsAddressOf(t.app);
      expect(address?.port).toBeGreaterThan(0);
      const res = await fetch(`http://127.0.0.1:${address?.port}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      const served =
        /toolhouse_http_request_duration_seconds_count\{method="GET",route="\/api\/products\/:productId",status_code="200"\} (\d+)/.exec(
          text,
        );
      expect(Number(served?.[1])).toBe(3);
      expect(text).toMatch(/^toolhouse_hot_read_cache_total\{result="hit"\} [1-9]\d*$/m);
      expect((await fetch(`http://127.0.0.1:${address?.port}/other`)).status).toBe(404);
    });
  });
});
