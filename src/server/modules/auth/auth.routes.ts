import type { FastifyPluginAsync } from 'fastify';
import { NotFound } from '../../errors.ts';
import type { AuthConfig } from './auth.config.ts';
import { CLIENT_IP_HEADER, type Auth } from './auth.ts';
import { isIdentityEndpointOpen } from './identity-endpoints.ts';
import { inOneErrorShape } from './identity-errors.ts';

/**
 * Mounts better-auth at /api/auth/*. Its own scope takes bodies as raw bytes (better-auth parses
 * them), and the client IP header is always ours, from Fastify's request.ip (never the client's).
 */
export const authRoutes: FastifyPluginAsync<{
  auth: Auth;
  config: Pick<AuthConfig, 'publicUrl'>;
}> = async (app, { auth, config: { publicUrl } }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    config: { access: 'public' },
    async handler(request, reply) {
      const path = new URL(request.url, publicUrl).pathname.replace(/^\/api\/auth/, '');
      if (!isIdentityEndpointOpen(request.method, path)) throw new NotFound();
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (value === undefined || name === CLIENT_IP_HEADER) continue;
        headers.append(name, Array.isArray(value) ? value.join(', ') : value);
      }
      headers.set(CLIENT_IP_HEADER, request.ip);
      const body =
        request.method === 'POST' && Buffer.isBuffer(request.body)
          ? new Uint8Array(request.body)
          : undefined;
      const response = await auth.handler(
        new Request(new URL(request.url, publicUrl), { method: request.method, headers, body }),
      );

      // A failure inside better-auth (its database unavailable errors are rethrown, see auth.ts):
      // answered in our one error shape, not better-auth's.
      if (response.status >= 500) throw new Error(`identity request failed (${response.status})`);
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const bytes = response.body ? Buffer.from(await response.arrayBuffer()) : null;
      if (response.status >= 400 && bytes) {
        const shaped = inOneErrorShape(bytes, response.status, request.id);
        if (shaped) return reply.type('application/json; charset=utf-8').send(shaped);
      }
      return reply.send(bytes);
    },
  });
};
