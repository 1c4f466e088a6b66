import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { PageRenderer } from '../../shared/page-rendering.ts';
import { ErrorCode } from '../../shared/errors.ts';
import type { CatalogCache } from '../modules/catalog/catalog-cache.ts';
import type { DataVersionCheck } from '../db/data-version-check.ts';
import type { FastPaths } from './fast-path.ts';
import { registerPages } from '../ssr/pages.ts';
import { loadPageRenderer } from '../ssr/page-renderer.ts';
import { registerStaticAssets } from './static-assets.ts';

export interface SpaOptions {
  /** The instance's shared data version check and catalogue cache (pages, sitemap). */
  versions: DataVersionCheck;
  catalog: CatalogCache;
  publicUrl: string;
  /**
   * The server-rendering entry; by default the build's (dist/ssr), when there is one; null for
   * none (every page path gets the shell, rendered in the browser).
   */
  pageRenderer?: PageRenderer | null | undefined;
  /** Where the build's files are also answered ahead of Fastify (fast-path.ts). */
  fast?: FastPaths | undefined;
}

/**
 * Serves the web app: the build's files from memory (static-assets.ts), and every other GET
 * outside /api as a page: public pages rendered on the server with their data, signed-in screens
 * as the shell the browser renders, unknown paths as the not-found page with a 404
 * (ssr/pages.ts). Unknown /api paths are 404 JSON.
 */
export async function registerSpa(
  app: FastifyInstance,
  webRoot: string,
  options: SpaOptions,
): Promise<void> {
  const template = join(webRoot, 'index.html');
  const hasBuild = existsSync(template);
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
  const servePage = renderer
    ? registerPages(app, {
        versions: options.versions,
        catalog: options.catalog,
        publicUrl: options.publicUrl,
        template: readFileSync(template, 'utf8'),
        renderer,
        fast: options.fast,
      })
    : undefined;
  const shell = hasBuild ? readFileSync(template) : undefined;

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?', 1)[0] ?? request.url;
    const isApi = path === '/api' || path.startsWith('/api/');
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      if (servePage) return servePage(request, reply);
      if (shell)
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(shell);
    }
    return reply.code(404).send({
      code: ErrorCode.NotFound,
      message: `No such path: ${request.method} ${path}`,
      requestId: request.id,
    });
  });
}
