import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * One request taken by a fast answer: it is answered from bytes in memory with `send`, or handed
 * to Fastify with `pass` (having written nothing), now or once the bytes are known; Fastify's
 * route of the same path then answers it exactly as it would have.
 */
export interface FastReply {
  readonly request: IncomingMessage;
  /** The last path segment of a `getUnder` path (a product id); '' for a `get` path. */
  readonly segment: string;
  /**
   * Sends the answer: prepared headers (from `FastPaths.headers`) with a fresh request id, as
   * Fastify's genReqId (app.ts) would have made it, and the body (none for a 304).
   */
  send(status: number, headers: string[], body?: Buffer): void;
  pass(): void;
  /** After an answer failed (none is known to): the route answers, or the response is cut. */
  fail(): void;
}

export type FastAnswer = (reply: FastReply) => void;

/**
 * The answers of a few hot GET paths (the build's static files, the cached catalogue, the cached
 * public pages) taken before Fastify's routing, hooks and reply (ADR 018, ADR 020): a cached hit
 * costs about what a bare `node:http` server costs. Only the exact path (no query string) of a GET
 * without a body, while the app is not closing, comes here; anything else (HEAD, a query string,
 * an unknown id) goes to the Fastify route of the same path, which stays the reference (tests
 * inject through it). Declared with the route by `registerHotRead` (hot-read.ts), never alone.
 */
export interface FastPaths {
  /** The answer of `path` (exact, as the request line has it). */
  get(path: string, answer: FastAnswer): void;
  /**
   * The answer of every `prefix` + one more plain segment (`/api/products/` + an id); `pattern`
   * names the route in metrics (`/api/products/:id`).
   */
  getUnder(prefix: string, answer: FastAnswer, pattern?: string): void;
  /**
   * The headers of an answer as a flat [name, value, …] list for `send`: the request id
   * (x-request-id, new per answer), the headers every answer of the app carries
   * (security-headers.ts), then `own`. Made once per file or cached body, not per request.
   */
  headers(own: readonly string[]): string[];
}

export interface FastPathsSetup extends FastPaths {
  /** The headers of every answer (security-headers.ts), before the first `headers` call. */
  setCommonHeaders(headers: Readonly<Record<string, string>>): void;
  /**
   * Puts the fast answers in front of the app's request handler (its HTTP server). `trustProxy`
   * as the app's (TRUST_PROXY), so the logged client address is the one Fastify logs.
   */
  install(app: FastifyInstance, options: { trustProxy: boolean }): void;
  /** How many requests the fast paths answered (tests check which path answered). */
  readonly answered: number;
  /** How many requests they took and handed to the route (a cache miss). */
  readonly passed: number;
  /**
   * Called with every fast answer's route pattern, status and duration in seconds (metrics);
   * one observer, set before `install`.
   */
  observe(observer: FastObserver): void;
}

export type FastObserver = (route: string, status: number, seconds: number) => void;

const installed = new WeakMap<FastifyInstance, FastPathsSetup>();

/** The fast paths installed in `app`, if any. */
export function fastPathsOf(app: FastifyInstance): FastPathsSetup | undefined {
  return installed.get(app);
}

/** The log levels at which Fastify logs every request ("incoming request", "request completed"). */
const LOGS_EVERY_REQUEST = new Set(['trace', 'debug', 'info']);

/** A path segment as Fastify would see it unchanged: no query, no fragment, nothing encoded. */
const PLAIN_SEGMENT = /^[^?%#]+$/;

const lastEntry = (value: string | string[]) => {
  const entries = String(value).split(',');
  return (entries[entries.length - 1] ?? '').trim();
};

/**
 * What Fastify's `req` log serializer reads of a request (method, url, host, ip, remote port),
 * worked out from the raw request as Fastify's Request does with a boolean `trustProxy`: behind
 * the proxy the client is the first X-Forwarded-For address and the host X-Forwarded-Host's last.
 */
function loggedRequest(request: IncomingMessage, trustProxy: boolean) {
  const { headers, socket } = request;
  const forwardedFor = trustProxy ? headers['x-forwarded-for'] : undefined;
  const forwardedHost = trustProxy ? headers['x-forwarded-host'] : undefined;
  return {
    method: request.method,
    url: request.url,
    headers,
    host: forwardedHost ? lastEntry(forwardedHost) : (headers.host ?? ''),
    ip: forwardedFor ? (String(forwardedFor).split(',')[0] ?? '').trim() : socket.remoteAddress,
    socket,
  };
}

/** One request taken by the fast paths (one object per request, no closures). */
class TakenRequest implements FastReply {
  constructor(
    readonly request: IncomingMessage,
    private readonly response: ServerResponse,
    readonly segment: string,
    private readonly paths: Installed,
    private readonly started: number,
    private readonly route: string,
  ) {}

  send(status: number, headers: string[], body?: Buffer): void {
    const { paths } = this;
    paths.answered += 1;
    const id = randomUUID();
    // The list is shared by every answer of this body: writeHead reads it at once.
    headers[1] = id;
    this.response.writeHead(status, headers);
    this.response.end(body);
    if (paths.observer)
      paths.observer(this.route, status, (performance.now() - this.started) / 1e3);
    // The two lines Fastify writes per request (LOG_LEVEL info and more verbose), with the same
    // fields through the same serializers, so the logs read the same whoever answered.
    if (paths.logRequests) {
      const log = paths.log;
      log.info(
        { reqId: id, req: loggedRequest(this.request, paths.trustProxy) },
        'incoming request',
      );
      log.info(
        { reqId: id, res: { statusCode: status }, responseTime: performance.now() - this.started },
        'request completed',
      );
    }
  }

  pass(): void {
    this.paths.passed += 1;
    this.paths.route.call(this.paths.server, this.request, this.response);
  }

  fail(): void {
    if (this.response.headersSent) this.response.destroy();
    else this.pass();
  }
}

/** What a taken request needs of the installed fast paths. */
interface Installed {
  answered: number;
  passed: number;
  observer: FastObserver | undefined;
  route: RequestListener;
  server: Server;
  log: FastifyBaseLogger;
  logRequests: boolean;
  trustProxy: boolean;
}

export function createFastPaths(): FastPathsSetup {
  const exact = new Map<string, FastAnswer>();
  const under = new Map<string, [FastAnswer, string]>();
  let common: string[] = [];
  let state: Installed | undefined;
  let observer: FastObserver | undefined;

  /** The fast answer for this URL, its segment and its route pattern, if there is one. */
  const find = (url: string): [FastAnswer, string, string] | undefined => {
    const own = exact.get(url);
    if (own) return [own, '', url];
    const slash = url.lastIndexOf('/');
    if (slash <= 0) return undefined;
    const parent = under.get(url.slice(0, slash + 1));
    const segment = url.slice(slash + 1);
    return parent && PLAIN_SEGMENT.test(segment) ? [parent[0], segment, parent[1]] : undefined;
  };

  const setup: FastPathsSetup = {
    get answered() {
      return state?.answered ?? 0;
    },
    get passed() {
      return state?.passed ?? 0;
    },
    observe(next) {
      observer = next;
    },
    get(path, answer) {
      exact.set(path, answer);
    },
    getUnder(prefix, answer, pattern = `${prefix}:param`) {
      under.set(prefix, [answer, pattern]);
    },
    headers(own) {
      return ['x-request-id', '', ...common, ...own];
    },
    setCommonHeaders(headers) {
      common = Object.entries(headers).flat();
    },
    install(app, { trustProxy }) {
      const server = app.server;
      const handlers = server.listeners('request');
      const route = handlers[0] as RequestListener | undefined;
      // Fastify's own handler is the server's only one; anything else: leave the server alone.
      if (handlers.length !== 1 || typeof route !== 'function') {
        app.log.warn('fast paths not installed: unexpected request listeners');
        return;
      }
      const paths: Installed = {
        answered: 0,
        passed: 0,
        observer,
        route,
        server,
        log: app.log,
        logRequests: LOGS_EVERY_REQUEST.has(app.log.level),
        trustProxy,
      };
      state = paths;
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
          request.headers['transfer-encoding'] !== undefined
            ? undefined
            : find(request.url ?? '');
        if (!found) {
          route.call(server, request, response);
          return;
        }
        const [answer, segment, pattern] = found;
        const started = paths.logRequests || paths.observer ? performance.now() : 0;
        const taken = new TakenRequest(request, response, segment, paths, started, pattern);
        try {
          answer(taken);
        } catch {
          // No known answer throws; if one did, the route answers (or reports) it instead.
          taken.fail();
        }
      });
      installed.set(app, setup);
    },
  };
  return setup;
}
