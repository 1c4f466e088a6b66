import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageRenderer } from '../../shared/page-rendering.ts';
import { ErrorCode } from '../../shared/errors.ts';
import type { CatalogCache } from '../modules/catalog/index.ts';
import type { DataVersionCheck } from '../db/data-version-check.ts';
import type { FastPaths } from '../http/fast-path.ts';
import { registerPages } from './pages.ts';
import { loadPageRenderer } from './page-renderer.ts';
import { registerStaticAssets } from '../http/static-assets.ts';
import { withTestModeBanner } from './test-mode-banner.ts';

/** The configuration the web app reads (PUBLIC_URL, the test-mode notice; ADR 046). */
export interface WebAppConfig {
  publicUrl: string;
  /** Every page shows "Test mode: no real payments" (test-mode-banner.ts). */
  testModeNotice: boolean;
}

export const webAppConfigOf = (config: WebAppConfig): WebAppConfig => ({
  publicUrl: config.publicUrl,
  testModeNotice: config.testModeNotice,
});

export interface WebAppOptions {
  /** The instance's shared data version check and catalogue cache (pages, sitemap). */
  versions: DataVersionCheck;
  catalog: CatalogCache;
  config: WebAppConfig;
  /**
   * The server-rendering entry; by default the build's (dist/ssr), when there is one; null for
   * none (every page path gets the shell, rendered in the browser).
   */
  pageRenderer?: PageRenderer | null | undefined;
  /** Where the build's files are also answered ahead of Fastify (fast-path.ts). */
  fast?: FastPaths | undefined;
}

const pathOf = (url: string) => url.split('?', 1)[0] ?? url;

const isApiPath = (url: string) => {
  const path = pathOf(url);
  return path === '/api' || path.startsWith('/api/');
};

/**
 * Serves the web app: the build's files from memory (static-assets.ts), and every other GET
 * outside /api as a page: public pages rendered on the server with their data, signed-in screens
 * as the shell the browser renders, unknown paths as the not-found page with a 404
 * (pages.ts), all of them routes. Unknown /api paths, and anything but GET and HEAD outside
 * the routes, are 404 JSON.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webRoot: string,
  options: WebAppOptions,
): Promise<void> {
  const templateFile = join(webRoot, 'index.html');
  const hasBuild = existsSync(templateFile);
  const renderer =
    !hasBuild || options.pageRenderer === null
      ? undefined
      : (options.pageRenderer ?? (await loadPageRenderer()));
  if (hasBuild) {
    registerStaticAssets(app, webRoot, options.fast);
  } else {
    app.log.warn(`No web build in ${webRoot}: only the API is served (run npm run build).`);
  }
  if (hasBuild && !renderer) {
    app.log.warn('No server-rendering build (dist/ssr): pages are rendered in the browser only.');
  }
  const built = hasBuild ? readFileSync(templateFile, 'utf8') : undefined;
  const template = built && options.config.testModeNotice ? withTestModeBanner(built) : built;
  const servePage =
    renderer && template
      ? registerPages(app, {
          versions: options.versions,
          catalog: options.catalog,
          publicUrl: options.config.publicUrl,
          template,
          renderer,
          fast: options.fast,
        })
      : undefined;
  const sendShell = (_request: FastifyRequest, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(template);
  const servePagePath = servePage ?? (template === undefined ? undefined : sendShell);

  // Every other GET outside /api is a page path: a signed-in screen (the shell the browser
  // renders), a public page by another spelling, or an unknown path (the not-found page, 404).
  if (servePagePath) {
    app.get('/*', (request, reply) =>
      isApiPath(request.url) ? reply.callNotFound() : servePagePath(request, reply),
    );
  }
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      code: ErrorCode.NotFound,
      message: `No such path: ${request.method} ${pathOf(request.url)}`,
      requestId: request.id,
    }),
  );
}
