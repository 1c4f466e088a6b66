import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { webBuildFolder } from '../paths.ts';

/**
 * The CSP hashes of the built index.html's `<style>` elements (the app's stylesheet, inlined by
 * scripts/inline-stylesheet.mjs so the first paint needs no second request): exactly that CSS may
 * be inline, nothing else. No build, no hashes.
 */
export function inlineStyleHashes(webRoot: string = webBuildFolder): string[] {
  const file = join(webRoot, 'index.html');
  if (!existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css = '']) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`,
  );
}

/** What the security headers read (MAP_TILE_URL, whether Stripe takes payments; ADR 046). */
export interface SecurityHeadersConfig {
  mapTileUrl: string | null;
  stripe?: object | undefined;
}

export const securityHeadersConfigOf = (config: SecurityHeadersConfig): SecurityHeadersConfig => ({
  mapTileUrl: config.mapTileUrl,
  stripe: config.stripe,
});

/**
 * The Content-Security-Policy: only our own scripts and styles (and the inline stylesheet of the
 * page template, by hash); map tiles from their one origin; Stripe's script, card frame and API
 * only when Stripe takes the payments.
 */
export function contentSecurityPolicy(
  config: SecurityHeadersConfig,
  styleHashes: readonly string[] = [],
): string {
  const tileOrigin = config.mapTileUrl
    ? new URL(config.mapTileUrl.replace(/[{}]/g, '')).origin
    : '';
  const stripe = Boolean(config.stripe);
  return [
    "default-src 'self'",
    `script-src 'self'${stripe ? ' https://js.stripe.com' : ''}`,
    ['style-src', "'self'", ...styleHashes].join(' '),
    `img-src 'self' data:${tileOrigin ? ` ${tileOrigin}` : ''}`,
    "font-src 'self'",
    `connect-src 'self'${stripe ? ' https://api.stripe.com' : ''}`,
    ...(stripe ? ['frame-src https://js.stripe.com'] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Identity, orders, profiles, accounts: never kept by a browser or a shared cache. */
const PERSONAL_PATH_PREFIXES = [
  '/api/auth/',
  '/api/purchase',
  '/api/userProfile',
  '/api/user',
  '/api/admin/',
];

/**
 * Answers that may carry personal or order data: the listed paths, and every API route that is not
 * public (so a new private route is covered without being listed). Its answers, errors included,
 * get `Cache-Control: no-store`.
 */
export function carriesPersonalData(url: string, access: unknown): boolean {
  if (!url.startsWith('/api/')) return false;
  return access !== 'public' || PERSONAL_PATH_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/** Sets the security headers on every answer; returns them (the fast paths send the same). */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: SecurityHeadersConfig,
  webRoot: string = webBuildFolder,
): Readonly<Record<string, string>> {
  const headers = {
    'content-security-policy': contentSecurityPolicy(config, inlineStyleHashes(webRoot)),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
  };
  // Every answer, 404s and errors included: a hook of the root. A callback hook: no promise, no tick.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    if (carriesPersonalData(request.url, request.routeOptions.config.access))
      reply.header('cache-control', 'no-store');
    done();
  });
  return headers;
}
