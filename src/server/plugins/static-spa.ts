import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../shared/errors.ts';

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * Serves the built SPA: hashed assets cached for good, index.html revalidated, and every unknown
 * GET outside /api answered with index.html (history fallback). Unknown /api paths are 404 JSON.
 * The build writes brotli and gzip copies of text files (scripts/build.mjs); they are sent as they
 * are to clients that accept them (with Vary: Accept-Encoding), so nothing compresses per request.
 */
function cacheControlFor(sentPath: string, webRoot: string): string {
  const path = sentPath.replace(/\.(?:br|gz)$/, ''); // a precompressed copy caches as its source
  if (path === join(webRoot, 'index.html')) return 'no-cache';
  if (path.startsWith(join(webRoot, 'assets')))
    return `public, max-age=${ONE_YEAR_SECONDS}, immutable`;
  return 'public, max-age=3600';
}

export async function registerSpa(app: FastifyInstance, webRoot: string): Promise<void> {
  const hasBuild = existsSync(join(webRoot, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header('cache-control', cacheControlFor(path, webRoot));
      },
    });
  } else {
    app.log.warn(`No web build in ${webRoot}: only the API is served (run npm run build).`);
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?', 1)[0] ?? request.url;
    const isApi = path === '/api' || path.startsWith('/api/');
    if (!isApi && hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.sendFile('index.html');
    }
    return reply.code(404).send({
      code: ErrorCode.NotFound,
      message: `No such path: ${request.method} ${path}`,
      requestId: request.id,
    });
  });
}
