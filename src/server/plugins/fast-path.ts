import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Answers one request from bytes already in memory and returns true, or returns false (having
 * written nothing) to leave the request to Fastify, which then answers it exactly as before.
 */
export type FastAnswer = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * The answers of a few hot GET paths (the build's static files, the cached catalogue) taken before
 * Fastify's routing, hooks and reply (ADR 018): a cached hit costs about what a bare `node:http`
 * server costs. Only the exact path (no query string) of a GET without a body, while the app is
 * not closing and does not log every request (LOG_LEVEL info or more verbose), is answered here;
 * anything else (HEAD, a query string, a miss, an unknown id) goes to the Fastify route of the
 * same path, which stays the reference (tests inject through it).
 */
export interface FastPaths {
  /** The answer of `path` (exact, as the request line has it). */
  get(path: string, answer: FastAnswer): void;
  /** The answer of every `prefix` + one more segment (`/api/products/` + an id). */
  getUnder(
    prefix: string,
    answer: (request: IncomingMessage, response: ServerResponse, segment: string) => boolean,
  ): void;
  /**
   * The headers of an answer as a flat [name, value, …] list for `writeHead` below: the request id
   * (x-request-id, new per answer), the headers every answer of the app carries
   * (security-headers.ts), then `own`. Made once per asset or cached body, not per request.
   */
  headers(own: readonly string[]): string[];
}

export interface FastPathsSetup extends FastPaths {
  /** The headers of every answer (in the order Fastify's hook sets them). */
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

export function createFastPaths(): FastPathsSetup {
  const exact = new Map<string, FastAnswer>();
  const under = new Map<
    string,
    (request: IncomingMessage, response: ServerResponse, segment: string) => boolean
  >();
  let common: string[] = [];
  let answered = 0;

  /** The fast answer for this request, or false. */
  const answer = (request: IncomingMessage, response: ServerResponse): boolean => {
    const url = request.url ?? '';
    const own = exact.get(url);
    if (own) return own(request, response) && ++answered > 0;
    const slash = url.lastIndexOf('/');
    if (slash <= 0) return false;
    const parent = under.get(url.slice(0, slash + 1));
    const segment = url.slice(slash + 1);
    // One plain segment: no query string, no encoded character (Fastify decodes those).
    if (!parent || segment === '' || /[?%#]/.test(segment)) return false;
    return parent(request, response, segment) && ++answered > 0;
  };

  const setup: FastPathsSetup = {
    get answered() {
      return answered;
    },
    get(path, fast) {
      exact.set(path, fast);
    },
    getUnder(prefix, fast) {
      under.set(prefix, fast);
    },
    headers(own) {
      return ['x-request-id', '', ...common, ...own];
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
        if (
          closing ||
          request.method !== 'GET' ||
          request.headers['content-length'] !== undefined ||
          request.headers['transfer-encoding'] !== undefined ||
          // Every request is logged (Fastify's "incoming request", "request completed"): Fastify
          // answers, so the logs stay exactly what they are.
          LOGS_EVERY_REQUEST.has(app.log.level) ||
          !answer(request, response)
        )
          route.call(server, request, response);
      });
      installed.set(app, setup);
    },
  };
  return setup;
}

/**
 * Writes a prepared header list (from `FastPaths.headers`) with a fresh request id, as Fastify's
 * genReqId (app.ts) would have made it. The list is reused: writeHead copies it at once.
 */
export function writeHead(response: ServerResponse, status: number, headers: string[]): void {
  headers[1] = randomUUID();
  response.writeHead(status, headers);
}
