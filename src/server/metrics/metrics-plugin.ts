import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import type { FastPathsSetup } from '../http/fast-path.ts';
import { createShopMetrics } from './shop-metrics.ts';

export const METRICS_PATH = '/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the Authorization header carries the token (compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = /^Bearer (.+)$/i.exec(header ?? '')?.[1];
  return sent !== undefined && timingSafeEqual(digest(sent), digest(token));
}

const listeners = new WeakMap<FastifyInstance, Server>();

/** The separate metrics listener's address (METRICS_PORT), once the app is ready; tests read it. */
export function metricsAddressOf(app: FastifyInstance): AddressInfo | undefined {
  const address = listeners.get(app)?.address();
  return address && typeof address === 'object' ? address : undefined;
}

/** METRICS_TOKEN, METRICS_HOST, METRICS_PORT (config.ts parses them; ADR 046). */
export interface MetricsConfig {
  token: string | undefined;
  host: string;
  port: number | undefined;
}

/**
 * GET /metrics in the Prometheus text format (issue 27, docs/deploy.md). Off unless configured,
 * never public by accident: with METRICS_PORT (or METRICS_HOST) on a listener of its own, started
 * with the app and closed with it; else with METRICS_TOKEN on the app's own listener. A token,
 * when set, is required in both (`Authorization: Bearer <token>`; 401 otherwise). Every request
 * is timed by route pattern and status, those the fast paths answer too (one call per answer).
 */
export function registerMetrics(
  app: FastifyInstance,
  options: { config: MetricsConfig; database: Database; fast: FastPathsSetup },
): void {
  const { token, host, port } = options.config;
  if (token === undefined && port === undefined) return;
  const { fast } = options;
  const metrics = createShopMetrics({
    database: options.database,
    hotReads: () => ({ hits: fast.answered, misses: fast.passed }),
  });

  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1e3,
    );
    done();
  });
  fast.observe((route, status, seconds) => metrics.observeRequest('GET', route, status, seconds));

  const allowed = (authorization: string | undefined) =>
    token === undefined || bearerMatches(authorization, token);
  const contentType = metrics.registry.contentType;

  if (port === undefined) {
    app.get(METRICS_PATH, { logLevel: 'warn' }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!allowed(request.headers.authorization))
        return reply.code(401).header('www-authenticate', 'Bearer').send();
      return reply.type(contentType).send(await metrics.registry.metrics());
    });
    return;
  }

  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== METRICS_PATH) {
      response.writeHead(404).end();
      return;
    }
    if (!allowed(request.headers.authorization)) {
      response.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': contentType }).end(text),
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics failed');
        response.writeHead(500).end();
      },
    );
  });
  listeners.set(app, server);
  app.addHook('onReady', (done) => {
    server.once('error', done);
    server.listen(port, host, () => {
      server.off('error', done);
      app.log.info(`metrics at http://${host}:${metricsAddressOf(app)?.port ?? port}/metrics`);
      done();
    });
  });
  app.addHook('onClose', (_app, done) => {
    server.closeAllConnections();
    server.close(() => done());
  });
}
