import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { matchesIfNoneMatch } from './conditional-get.ts';
import { compressedSender } from './fast-compressed-answer.ts';
import type { FastAnswer, FastPaths } from './fast-path.ts';
import { etagOf, pickEncoding, type CompressedBody } from './compressed-body.ts';

const ONE_YEAR_SECONDS = 31_536_000;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

interface Asset {
  type: string;
  cacheControl: string;
  body: CompressedBody;
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const readIfExists = (path: string) => (existsSync(path) ? readFileSync(path) : undefined);

/**
 * Every file of the web build, read into memory once at start with the brotli and gzip copies the
 * build made (scripts/build.mjs), and served as one route each: no file system per request.
 * Hashed /assets/ are immutable for a year; other files (the favicon) for an hour. index.html is
 * the page template, not an asset; .vite/ (the manifest) is not served. With `fast`, a GET of a
 * file is also answered ahead of Fastify, with the same headers prepared once per file and
 * encoding (fast-path.ts, ADR 018).
 */
export function registerStaticAssets(
  app: FastifyInstance,
  webRoot: string,
  fast?: FastPaths,
): void {
  for (const file of filesUnder(webRoot)) {
    if (/\.(?:br|gz)$/.test(file)) continue;
    const path = '/' + relative(webRoot, file).split(sep).join('/');
    if (path === '/index.html' || path.startsWith('/.vite/')) continue;
    const raw = readFileSync(file);
    const asset: Asset = {
      type: CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      cacheControl: path.startsWith('/assets/')
        ? `public, max-age=${ONE_YEAR_SECONDS}, immutable`
        : 'public, max-age=3600',
      body: {
        raw,
        br: readIfExists(`${file}.br`),
        gzip: readIfExists(`${file}.gz`),
        etag: etagOf(raw),
      },
    };
    const compressed = asset.body.br !== undefined || asset.body.gzip !== undefined;
    app.get(path, (request, reply) => {
      reply
        .type(asset.type)
        .header('cache-control', asset.cacheControl)
        .header('etag', asset.body.etag);
      if (compressed) reply.header('vary', 'accept-encoding');
      if (matchesIfNoneMatch(request.headers['if-none-match'], asset.body.etag))
        return reply.code(304).send();
      const { bytes, encoding } = pickEncoding(asset.body, request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(bytes);
    });
    if (fast) fast.get(path, fastAnswer(fast, asset, compressed));
  }
}

/** The same answer as the route's, with its headers made once (a list per encoding). */
function fastAnswer(fast: FastPaths, asset: Asset, compressed: boolean): FastAnswer {
  return compressedSender(fast, asset.body, [
    'content-type',
    asset.type,
    'cache-control',
    asset.cacheControl,
    'etag',
    asset.body.etag,
    ...(compressed ? ['vary', 'accept-encoding'] : []),
  ]);
}
