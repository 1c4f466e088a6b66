import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VitalsReportSchema } from '../../../shared/vitals.ts';
import { webVital } from '../../db/schema.ts';
import { expectAdminsOnly } from '../../testing/access.ts';
import { signUp, signUpAdmin, type SignedIn } from '../../testing/accounts.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { createBeaconRateLimit } from './beacon-rate-limit.ts';
import { VITALS_PER_MINUTE } from './vitals.routes.ts';

let t: TestApp;
let admin: SignedIn;

const beacon = (payload: unknown, ip = '203.0.113.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/vitals',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const report = async (days: number) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/vitals?days=${days}`,
    headers: admin.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return VitalsReportSchema.parse(res.json());
};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUpAdmin(t);
});
afterAll(() => t.close());

describe('POST /api/vitals', () => {
  it('stores one page view of metrics, with the route pattern and device class only', async () => {
    const res = await beacon({
      route: '/purchase/:productId',
      device: 'mobile',
      metrics: [
        { name: 'LCP', value: 1234.5 },
        { name: 'CLS', value: 0.02 },
      ],
    });
    expect(res.statusCode).toBe(204);
    const rows = await t.database.db
      .select({ route: webVital.route, metric: webVital.metric, device: webVital.device })
      .from(webVital)
      .where(sql`${webVital.route} = '/purchase/:productId'`);
    expect(rows).toEqual(
      expect.arrayContaining([
        { route: '/purchase/:productId', metric: 'LCP', device: 'mobile' },
        { route: '/purchase/:productId', metric: 'CLS', device: 'mobile' },
      ]),
    );
  });

  it('refuses what a real page view cannot send, and changes nothing', async () => {
    const [{ before }] = (
      await t.database.db.execute<{ before: number }>(
        sql`SELECT count(*)::int AS before FROM web_vital`,
      )
    ).rows as [{ before: number }];
    const bad: unknown[] = [
      { route: '/purchase/123', device: 'mobile', metrics: [{ name: 'LCP', value: 1 }] },
      { route: '/', device: 'fridge', metrics: [{ name: 'LCP', value: 1 }] },
      { route: '/', device: 'mobile', metrics: [{ name: 'FID', value: 1 }] },
      { route: '/', device: 'mobile', metrics: [{ name: 'LCP', value: -1 }] },
      { route: '/', device: 'mobile', metrics: [{ name: 'CLS', value: 1e9 }] },
      { route: '/', device: 'mobile', metrics: [] },
      {
        route: '/',
        device: 'mobile',
        metrics: [
          { name: 'LCP', value: 1 },
          { name: 'LCP', value: 2 },
        ],
      },
      { route: '/', device: 'mobile', metrics: [{ name: 'LCP', value: 1 }], email: 'a@b.cd' },
      null,
      [],
      'not json',
    ];
    for (const payload of bad) {
      const res = await beacon(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toHaveProperty('code');
    }
    const big = await beacon({
      route: '/',
      device: 'mobile',
      metrics: [{ name: 'LCP', value: 1 }],
      pad: 'x'.repeat(5000),
    });
    expect(big.statusCode).toBe(413);
    const [{ after }] = (
      await t.database.db.execute<{ after: number }>(
        sql`SELECT count(*)::int AS after FROM web_vital`,
      )
    ).rows as [{ after: number }];
    expect(after).toBe(before);
  });

  it('is rate-limited per client', async () => {
    const ok = { route: '/blogs', device: 'desktop', metrics: [{ name: 'TTFB', value: 50 }] };
    for (let i = 0; i < VITALS_PER_MINUTE; i += 1)
      expect((await beacon(ok, '198.51.100.7')).statusCode).toBe(204);
    const limited = await beacon(ok, '198.51.100.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect((await beacon(ok, '198.51.100.8')).statusCode).toBe(204);
  });

  it('refills the allowance over time and keeps a bounded table of clients', () => {
    const allow = createBeaconRateLimit(2, 2);
    expect([allow('a', 0), allow('a', 0), allow('a', 0)]).toEqual([true, true, false]);
    expect(allow('a', 30_000)).toBe(true);
    allow('b', 0);
    allow('c', 0); // evicts 'a', the oldest
    expect(allow('a', 30_000)).toBe(true);
  });
});

describe('GET /api/admin/vitals', () => {
  it('is for admins only', async () => {
    await expectAdminsOnly(t.app, { url: '/api/admin/vitals' }, await signUp(t.app));
  });

  it('reports p75 per route and metric, with the span before for the trend, and prunes old samples', async () => {
    const insert = (value: number, daysAgo: number) =>
      t.database.db.insert(webVital).values({
        route: '/about',
        metric: 'LCP',
        value,
        device: 'mobile',
        createdAt: sql`now() - make_interval(days => ${daysAgo})`,
      });
    for (let v = 1; v <= 100; v += 1) await insert(v * 10, 1);
    await insert(5000, 10); // 28-day span only
    await insert(9000, 20);
    await insert(3000, 40); // the 28 days before: the trend
    await insert(7000, 400); // past retention

    const week = await report(7);
    const lcp = week.rows.find((r) => r.route === '/about' && r.metric === 'LCP');
    expect(lcp).toMatchObject({ samples: 100, p75: 752.5 });
    expect(lcp?.previousP75).toBe(5000);

    const month = await report(28);
    const lcp28 = month.rows.find((r) => r.route === '/about' && r.metric === 'LCP');
    expect(lcp28).toMatchObject({ samples: 102, previousP75: 3000 });

    const [{ old }] = (
      await t.database.db.execute<{ old: number }>(
        sql`SELECT count(*)::int AS old FROM web_vital WHERE created_at < now() - interval '100 days'`,
      )
    ).rows as [{ old: number }];
    expect(old).toBe(0);
  });

  it('refuses other periods', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/vitals?days=3',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(400);
  });
});
