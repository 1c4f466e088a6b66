import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PageRenderer } from '../../shared/page-rendering.ts';
import { createProduct } from '../testing/factories.ts';
import { buildTestApp, type TestApp } from '../testing/test-app.ts';
import { fastPathsOf } from './fast-path.ts';

// The hot cached GETs answered ahead of Fastify (ADR 018) must be the very answers of their
// Fastify routes: same status, body and headers (but the date and a new request id). `inject`
// never reaches them (it calls Fastify's handler), so these requests go over a real socket.

const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
let webRoot: string;
let t: TestApp;
let base: string;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<Answer>((resolve, reject) => {
    request(`${base}${path}`, { headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** Starts `app` listening on a free loopback port. */
async function listening(app: TestApp) {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return { url: `http://127.0.0.1:${address.port}` };
}

const answered = () => fastPathsOf(t.app)?.answered ?? 0;

/** Public pages showing the catalogue, the same whatever the query (so both ways compare). */
const pageRenderer: PageRenderer = {
  planPage: (url) => ({
    kind: url.startsWith('/nowhere') ? 'notFound' : 'rendered',
    dataRoots: ['products'],
  }),
  renderPage: ({ url }) =>
    Promise.resolve({
      status: url.startsWith('/nowhere') ? 404 : 200,
      head: '<title>Toolhouse</title>',
      body: `<h1>${'Drills and saws. '.repeat(100)}</h1>`,
      data: '',
      cacheable: true,
    }),
  setApiTransport: () => undefined,
  sitemapPaths: ['/', '/allProducts', '/nowhere'],
};

/**
 * The answer of the fast path for `path` and of its Fastify route (the same path with a query).
 * The catalogue's first read after a while waits for the cache's data version check on both.
 */
async function bothWays(path: string, headers: Record<string, string> = {}) {
  const before = answered();
  const fast = await get(path, headers);
  expect(answered(), `${path} answered ahead of Fastify`).toBe(before + 1);
  const routed = await get(`${path}?via=fastify`, headers);
  expect(answered(), `${path}?via=fastify answered by Fastify`).toBe(before + 1);
  return { fast, routed };
}

function expectSameAnswer({ fast, routed }: { fast: Answer; routed: Answer }) {
  expect(fast.status).toBe(routed.status);
  expect(fast.body.equals(routed.body)).toBe(true);
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  expect(fast.headers['x-request-id']).toMatch(uuid);
  expect(fast.headers['x-request-id']).not.toBe(routed.headers['x-request-id']);
  const comparable = ({ date: _date, 'x-request-id': _id, ...rest }: IncomingHttpHeaders) => rest;
  expect(comparable(fast.headers)).toEqual(comparable(routed.headers));
}

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'toolhouse-web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(
    join(webRoot, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const file = join(webRoot, 'assets/index-abc123.js');
  writeFileSync(file, js);
  writeFileSync(`${file}.br`, brotliCompressSync(js));
  writeFileSync(`${file}.gz`, gzipSync(js));
  t = await buildTestApp({ webRoot, pageRenderer });
  base = (await listening(t)).url;
});
afterAll(async () => {
  await t?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('static files ahead of Fastify', () => {
  it.each([['br, gzip'], ['gzip'], ['identity']])(
    'answer as the route does for Accept-Encoding %s',
    async (accept) => {
      expectSameAnswer(await bothWays('/assets/index-abc123.js', { 'accept-encoding': accept }));
    },
  );

  it('answer a file without compressed copies, and a 304 for the ETag the client has', async () => {
    expectSameAnswer(await bothWays('/favicon.svg'));
    const { fast } = await bothWays('/assets/index-abc123.js');
    const etag = String(fast.headers.etag);
    const notModified = await bothWays('/assets/index-abc123.js', { 'if-none-match': etag });
    expect(notModified.fast.status).toBe(304);
    expectSameAnswer(notModified);
  });

  it('carry every security header', async () => {
    const { fast } = await bothWays('/assets/index-abc123.js');
    expect(fast.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(fast.headers['x-content-type-options']).toBe('nosniff');
    expect(fast.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(fast.headers['x-frame-options']).toBe('DENY');
  });
});

describe('the cached catalogue ahead of Fastify', () => {
  it('answers the list and one product as the routes do, 304 included', async () => {
    const list = await bothWays('/api/products');
    expectSameAnswer(list);
    const [first] = JSON.parse(list.fast.body.toString()) as { _id: string }[];
    const one = await bothWays(`/api/products/${first?._id ?? ''}`);
    expectSameAnswer(one);
    expect(JSON.parse(one.fast.body.toString())).toMatchObject({ _id: first?._id });
    for (const [path, etag] of [
      ['/api/products', list.fast.headers.etag],
      [`/api/products/${first?._id ?? ''}`, one.fast.headers.etag],
    ] as const) {
      const notModified = await bothWays(path, { 'if-none-match': String(etag) });
      expect(notModified.fast.status).toBe(304);
      expectSameAnswer(notModified);
    }
  });
});

describe('server-rendered pages ahead of Fastify', () => {
  it('answer a cached page as the route does, in each encoding and with a 304', async () => {
    for (const path of ['/', '/allProducts']) {
      // The first request renders the page (the route); from then on it is cached.
      expect((await get(path)).status).toBe(200);
      for (const accept of ['br, gzip', 'gzip', 'identity']) {
        expectSameAnswer(await bothWays(path, { 'accept-encoding': accept }));
      }
      const { fast } = await bothWays(path);
      const notModified = await bothWays(path, { 'if-none-match': String(fast.headers.etag) });
      expect(notModified.fast.status).toBe(304);
      expectSameAnswer(notModified);
    }
  });

  it('leave a page changed since (a product written) and a 404 page to the route', async () => {
    expect((await get('/allProducts')).status).toBe(200);
    await createProduct(t.database.db);
    const before = answered();
    expect((await get('/allProducts')).status).toBe(200);
    expect((await get('/nowhere')).status).toBe(404);
    expect((await get('/nowhere')).status).toBe(404);
    expect(answered()).toBe(before);
    expect((await get('/allProducts')).status).toBe(200);
    expect(answered()).toBe(before + 1);
  });
});

describe('what Fastify still answers', () => {
  it('an unknown product, a HEAD, a GET with a body and an encoded path', async () => {
    const before = answered();
    const missing = await get('/api/products/no-such-product');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body.toString())).toMatchObject({ code: 'NOT_FOUND' });
    expect((await get('/assets/index-abc123.js', {}, 'HEAD')).status).toBe(200);
    expect((await get('/api/products', { 'content-length': '0' })).status).toBe(200);
    expect((await get('/assets/index%2Dabc123.js')).status).toBe(200);
    // A route of its own under the products' prefix is not a product id: its route answers.
    const search = await get('/api/products/search');
    const searchRouted = await get('/api/products/search?');
    expect(search.status).toBe(searchRouted.status);
    expect(search.headers['content-type']).toBe(searchRouted.headers['content-type']);
    expect(answered()).toBe(before);
  });

  it('every request with FAST_PATHS=false', async () => {
    const off = await buildTestApp({ webRoot, env: { FAST_PATHS: 'false' } });
    try {
      const { url } = await listening(off);
      expect((await fetch(`${url}/assets/index-abc123.js`)).status).toBe(200);
      expect((await fetch(`${url}/api/products`)).status).toBe(200);
      expect(fastPathsOf(off.app)).toBeUndefined();
    } finally {
      await off.close();
    }
  });
});

describe('logging (LOG_LEVEL info)', () => {
  it('writes the lines Fastify writes for a request, whoever answers it', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const verbose = await buildTestApp({ webRoot, logger: pino({ level: 'info' }, sink) });
    try {
      const { url } = await listening(verbose);
      const linesOf = async (path: string) => {
        lines.length = 0;
        const res = await fetch(`${url}${path}`);
        await res.arrayBuffer();
        const id = res.headers.get('x-request-id');
        // Fastify writes "request completed" once the answer is out: wait for it.
        await vi.waitFor(() => expect(lines.filter((line) => line.reqId === id)).toHaveLength(2));
        return lines
          .filter((line) => line.reqId === id)
          .map(
            ({ time: _time, reqId: _id, responseTime, req, ...rest }): Record<string, unknown> => ({
              ...rest,
              responseTime: typeof responseTime,
              // The client's port differs per connection.
              ...(req ? { req: { ...(req as object), remotePort: 'a port' } } : {}),
            }),
          );
      };
      const before = fastPathsOf(verbose.app)?.answered ?? 0;
      const fast = await linesOf('/api/products');
      expect(fastPathsOf(verbose.app)?.answered).toBe(before + 1);
      const routed = await linesOf('/api/products?via=fastify');
      expect(fastPathsOf(verbose.app)?.answered).toBe(before + 1);
      expect(fast.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
      expect(fast).toEqual(
        routed.map((line) =>
          line.req ? { ...line, req: { ...(line.req as object), url: '/api/products' } } : line,
        ),
      );
    } finally {
      await verbose.close();
    }
  });
});
