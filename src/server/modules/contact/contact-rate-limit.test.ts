import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let other: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { FORM_RATE_LIMIT_PER_HOUR: '3' } });
  // A second instance on the same database: the counts are shared, not per process.
  other = await buildTestApp({ env: { FORM_RATE_LIMIT_PER_HOUR: '3' }, shareDatabaseOf: t });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const post = (app: TestApp, url: string, remoteAddress: string, n: number) =>
  app.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    payload:
      url === '/api/contact'
        ? { name: 'Ada', email: 'ada@example.com', message: `Question ${n}` }
        : { email: `reader${n}@example.com` },
  });

describe.each(['/api/contact', '/api/newsletter'])('POST %s rate limit', (url) => {
  it('allows FORM_RATE_LIMIT_PER_HOUR per client IP across instances, then 429', async () => {
    const ip = url === '/api/contact' ? '10.9.0.1' : '10.9.0.2';
    const statuses = [];
    for (let n = 0; n < 4; n += 1)
      statuses.push((await post(n % 2 ? other : t, url, ip, n)).statusCode);
    expect(statuses.slice(0, 3).every((s) => s < 300)).toBe(true);
    expect(statuses[3]).toBe(429);
    const refused = await post(t, url, ip, 9);
    expect(refused.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      requestId: expect.any(String),
    });
    // Another client is not affected.
    expect((await post(t, url, '10.9.0.3', 10)).statusCode).toBeLessThan(300);
  });
});
