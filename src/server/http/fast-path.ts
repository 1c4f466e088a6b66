import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Answers one request from bytes in memory (with `FastPaths.send`) or hands it to Fastify with
 * `pass` (having written nothing), now or once the bytes are known; Fastify's route of the same
 * path then answers it exactly as it would have. `segment` is the last path segment of a
 * `getUnder` path (a product id).
 */
export type FastAnswer = (
  request: IncomingMessage,
  response: ServerResponse,
  pass: () => void,
  segment: string,
) => void;

/**
 * The answers of a few hot GET paths (the build's static files, the cached catalogue, the cached
 * public pages) taken before Fastify's routing, hooks and reply (ADR 018): a cached hit costs
 * about what a bare `node:http` server costs. Only the exact path (no query string) of a GET without a body, while the app is
 * not closing and does not log every request (LOG_LEVEL info or more verbose), comes here;
 * anything else (HEAD, a query string, an unknown id) goes to the Fastify route of the same path,
 * which stays the reference (tests inject through it).
 */
export interface FastPaths {
  /** The answer of `path` (exact, as the request line has it). */
  get(path: string, answer: FastAnswer): void;
  /** The answer of every `prefix` + one more plain segment (`/api/products/` + an id). */
  getUnder(prefix: string, answer: FastAnswer): void;
  /**
   * The headers of an answer as a flat [name, value, …] list for `send`: the request id
   * (x-request-id, new per answer), the headers every answer of the app carries
   * (security-headers.ts), then `own`. Made once per file or cached body, not per request.
   */
  headers(own: readonly string[]): string[];
  /**
   * Sends the answer: prepared headers (from `headers`) with a fresh request id, as Fastify's
   * genReqId (app.ts) would have made it, and the body (none for a 304).
   */
  send(response: ServerResponse, status: number, headers: string[], body?: Buffer): void;
}

export interface FastPathsSetup extends FastPaths {
  /** The headers of every answer (security-headers.ts), before the first `headers` call. */
  setCommonHeaders(headers: Readonly<Record<string, string>>): void;
  /** Puts the fast answers in front of the app's request handler (its HTTP server). */
  install(app: FastifyInstance): void;
  /** How many requests the fast paths answered (tests check which path answered). */
  readonly answered: number;
}

const installed = new WeakMap<FastifyInstance, FastPathsSetup>();

/** The fast paths installed in `app`, if any. */
export function fastPathsOf(app: FastifyInstance): FastPathsSetup | undefined {
  return installed.get(app);
}

/** The log levels at which Fastify logs every request ("incoming request", "request completed"). */
const LOGS_EVERY_REQUEST = new Set(['trace', 'debug', 'info']);

/** A path segment as Fastify would see it unchanged: no query, no fragment, nothing encoded. */
const PLAIN_SEGMENT = /^[^?%#]+$/;

export function createFastPaths(): FastPathsSetup {
  const exact = new Map<string, FastAnswer>();
  const under = new Map<string, FastAnswer>();
  let common: string[] = [];
  let answered = 0;

  /** The fast answer for this URL and its segment, if there is one. */
  const find = (url: string): [FastAnswer, string] | undefined => {
    const own = exact.get(url);
    if (own) return [own, ''];
    const slash = url.lastIndexOf('/');
    if (slash <= 0) return undefined;
    const parent = under.get(url.slice(0, slash + 1));
    const segment = url.slice(slash + 1);
    return parent && PLAIN_SEGMENT.test(segment) ? [parent, segment] : undefined;
  };

  const setup: FastPathsSetup = {
    get answered() {
      return answered;
    },
    get(path, answer) {
      exact.set(path, answer);
    },
    getUnder(prefix, answer) {
      under.set(prefix, answer);
    },
    headers(own) {
      return ['x-request-id', '', ...common, ...own];
    },
    send(response, status, headers, body) {
      answered += 1;
      // The list is shared by every answer of this body: writeHead reads it at once.
      headers[1] = randomUUID();
      response.writeHead(status, headers);
      response.end(body);
    },
    setCommonHeaders(headers) {
      common = Object.entries(headers).flat();
    },
    install(app) {
      const server = app.server;
      const handlers = server.listeners('request');
      const route = handlers[0] as
        ((request: IncomingMessage, response: ServerResponse) => void) | undefined;
      // Fastify's own handler is the server's only one; anything else: leave the server alone.
      if (handlers.length !== 1 || typeof route !== 'function') {
        app.log.warn('fast paths not installed: unexpected request listeners');
        return;
      }
      let closing = false;
      app.addHook('preClose', (done) => {
        closing = true;
        done();
      });
      server.removeListener('request', route);
      server.on('request', (request: IncomingMessage, response: ServerResponse) => {
        const found =
          closing ||
          request.method !== 'GET' ||
          request.headers['content-length'] !== undefined ||
          request.headers['transfer-encoding'] !== undefined ||
          // Fastify logs every request ("incoming request", "request completed"): it answers, so
          // the logs stay exactly what they are.
          LOGS_EVERY_REQUEST.has(app.log.level)
            ? undefined
            : find(request.url ?? '');
        if (!found) {
          route.call(server, request, response);
          return;
        }
        const [answer, segment] = found;
        const pass = () => route.call(server, request, response);
        try {
          answer(request, response, pass, segment);
        } catch {
          // No known answer throws; if one did, the route answers (or reports) it instead.
          if (response.headersSent) response.destroy();
          else pass();
        }
      });
      installed.set(app, setup);
    },
  };
  return setup;
}
