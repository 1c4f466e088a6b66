import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/errors.ts';
import type { Product } from '../../shared/product.ts';
import {
  ensureDatabase,
  startEmbeddedCluster,
  type EmbeddedCluster,
} from '../db/embedded-cluster.ts';
import { fastPathsOf } from '../http/fast-path.ts';
import { prepareDatabase } from '../db/migrate.ts';
import { buildSsrTestApp } from '../testing/ssr-test-app.ts';
import type { TestApp } from '../testing/test-app.ts';

// Issue 39: with PostgreSQL stopped, the public pages already rendered are still served (200, the
// bytes rendered last), as the catalogue API serves its cached list; a page never rendered needs
// the database and answers 503. On a cluster of its own, stopped by the test (as
// resilience/database-outage.test.ts does): stopping the shared test cluster would fail other files.

const quiet = () => undefined;
const clusterDir = mkdtempSync(join(tmpdir(), 'toolhouse-pages-outage-'));
let cluster: EmbeddedCluster | undefined;
let t: TestApp;
let base: string;

beforeAll(async () => {
  cluster = await startEmbeddedCluster({ dataDir: clusterDir, log: quiet });
  await ensureDatabase(cluster, 'toolhouse');
  const migrations = new pg.Pool({ connectionString: cluster.urlFor('toolhouse'), max: 1 });
  await prepareDatabase(migrations, quiet);
  await migrations.end();
  t = await buildSsrTestApp({ databaseUrl: cluster.urlFor('toolhouse') });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await cluster?.stop();
  rmSync(clusterDir, { recursive: true, force: true });
});

const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

async function waitForOutage() {
  for (let i = 0; i < 100; i += 1) {
    if ((await t.app.inject('/api/health')).statusCode === 503) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the app did not notice the database was down');
}

describe('public pages with the database stopped', () => {
  it('serves every page rendered before the outage; a page never rendered answers 503', async () => {
    const [first, second] = (await t.app.inject('/api/products')).json() as Product[];
    const warmed = ['/', '/allProducts', `/purchase/${first!._id}`];
    const before = new Map<string, string>();
    for (const url of warmed) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      before.set(url, res.body);
    }
    expect(before.get(`/purchase/${first!._id}`)).toContain(
      `<h1 class="text-3xl font-bold">${escaped(first!.name)}</h1>`,
    );
    expect(before.get('/allProducts')).toContain(escaped(second!.name));

    await cluster!.stop();
    cluster = undefined;
    await waitForOutage();

    for (const url of warmed) {
      // Through Fastify's route (inject) and ahead of it (the fast path, over HTTP).
      const routed = await t.app.inject(url);
      expect(routed.statusCode, url).toBe(200);
      expect(routed.body, url).toBe(before.get(url));
      const answered = fastPathsOf(t.app)?.answered ?? 0;
      const fetched = await fetch(`${base}${url}`);
      expect(fetched.status, url).toBe(200);
      expect(await fetched.text(), url).toBe(before.get(url));
      expect(fetched.headers.get('cache-control'), url).toBe('no-cache');
      expect(fastPathsOf(t.app)?.answered, url).toBe(answered + 1);
    }

    // Its data was never read: nothing to show but that the database is away.
    const unseen = await t.app.inject(`/purchase/${second!._id}`);
    expect(unseen.statusCode).toBe(503);
    expect(unseen.json()).toMatchObject({ code: ErrorCode.Unavailable });
    expect(unseen.headers['retry-after']).toBe('5');
    // What needs fresh data still says so at once.
    expect((await t.app.inject('/api/categories')).statusCode).toBe(503);
  }, 60_000);
});
