import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_REFERENCE_CSS, renderApiReference } from './api-reference-html.ts';
import { buildOpenApiDocument, type OpenApiDocument, type RouteEntry } from './openapi.ts';

/** The configuration the API reference (PUBLIC_URL: its server's address) reads (config.ts parses it; ADR 046). */
export interface ApiDocsConfig {
  publicUrl: string;
}

export const apiDocsConfigOf = (config: ApiDocsConfig): ApiDocsConfig => ({
  publicUrl: config.publicUrl,
});

/**
 * GET /api/openapi.json and the readable reference at GET /api/docs, built on first request from
 * the routes the app registered by then (all of them: the app is ready before it answers).
 */
export const apiDocsRoutes: FastifyPluginAsyncZod<{
  routes: () => readonly RouteEntry[];
  version: string;
  config: ApiDocsConfig;
}> = async (app, { routes, version, config: { publicUrl } }) => {
  let document: OpenApiDocument | undefined;
  let html: string | undefined;
  const current = () => (document ??= buildOpenApiDocument(routes(), { version, publicUrl }));

  app.get(
    '/openapi.json',
    { config: { access: 'public' }, schema: { summary: 'This OpenAPI 3.1 document' } },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(current()),
  );
  app.get(
    '/docs',
    { config: { access: 'public' }, schema: { summary: 'The API reference (HTML)' } },
    async (_request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send((html ??= renderApiReference(current()))),
  );
  app.get(
    '/docs.css',
    { config: { access: 'public' }, schema: { summary: "The API reference's stylesheet" } },
    async (_request, reply) =>
      reply
        .type('text/css; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(API_REFERENCE_CSS),
  );
};
