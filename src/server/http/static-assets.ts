import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { etagOf } from './compressed-body.ts';
import type { FastPaths } from './fast-path.ts';
import { registerHotRead, type HotAnswer } from './hot-read.ts';

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
 * file is also answered ahead of Fastify (hot-read.ts, ADR 018).
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
    const br = readIfExists(`${file}.br`);
    const gzip = readIfExists(`${file}.gz`);
    const etag = etagOf(raw);
    const cacheControl = path.startsWith('/assets/')
      ? `public, max-age=${ONE_YEAR_SECONDS}, immutable`
      : 'public, max-age=3600';
    const asset: HotAnswer = {
      body: { raw, br, gzip, etag },
      headers: [
        'content-type',
        CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control',
        cacheControl,
        'etag',
        etag,
        ...(br || gzip ? ['vary', 'accept-encoding'] : []),
      ],
    };
    registerHotRead(app, fast, { url: path, find: () => asset });
  }
}
