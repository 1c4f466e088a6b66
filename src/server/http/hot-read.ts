import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Eventually } from '../db/data-version-check.ts';
import { pickEncoding, type CompressedBody } from './compressed-body.ts';
import { matchesIfNoneMatch } from './conditional-get.ts';
import type { FastPaths, FastReply } from './fast-path.ts';

/** Bytes in memory to answer a GET with (status 200), or a 304 for their ETag. */
export interface HotAnswer {
  body: CompressedBody;
  /**
   * Its own headers (type, caching, ETag, Vary) as a flat [name, value, …] list, sent with the
   * 200 and the 304; the length and encoding of the copy sent are added to the 200.
   */
  headers: readonly string[];
}

/** One hot read: a GET route answered from memory, declared once for the route and its fast answer. */
export interface HotRead {
  /** The route's path, relative to the scope; a last segment `:name` is its one parameter. */
  url: string;
  config?: FastifyContextConfig;
  /**
   * The answer in memory for the request's URL (path and query, as the request line has it) and
   * its parameter ('' without one); undefined when there is none (`otherwise` answers then).
   */
  find(url: string, param: string): Eventually<HotAnswer | undefined>;
  /** The route's answer when `find` has none (a 404 in the one error shape by default). */
  otherwise?(request: FastifyRequest, reply: FastifyReply): void | Promise<void>;
}

const notFound = (_request: FastifyRequest, reply: FastifyReply) => {
  reply.callNotFound();
};

/**
 * Sends `answer` through Fastify's reply, in the client's encoding, or a 304 for its ETag (only
 * when `status` is 200). For a hot read's route, the very status, headers and bytes of its fast
 * answer (`fastSender`).
 */
export function replyWith(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: HotAnswer,
  status = 200,
): void {
  const { headers, body } = answer;
  for (let i = 0; i < headers.length; i += 2) reply.header(headers[i] ?? '', headers[i + 1]);
  if (status === 200 && matchesIfNoneMatch(request.headers['if-none-match'], body.etag)) {
    reply.code(304).send();
    return;
  }
  reply.code(status);
  const { bytes, encoding } = pickEncoding(body, request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  reply.send(bytes);
}

/**
 * The answer ahead of Fastify (fast-path.ts): a header list per encoding and one for the 304, made
 * here once per answer, not per request.
 */
function fastSender(fast: FastPaths, answer: HotAnswer): (reply: FastReply) => void {
  const { body, headers: own } = answer;
  const notModified = fast.headers(own);
  const sent = (bytes: Buffer, encoding?: string) =>
    fast.headers([
      ...own,
      ...(encoding ? ['content-encoding', encoding] : []),
      'content-length',
      String(bytes.length),
    ]);
  const lists = {
    br: body.br && sent(body.br, 'br'),
    gzip: body.gzip && sent(body.gzip, 'gzip'),
    raw: sent(body.raw),
  };
  return (reply) => {
    const { headers } = reply.request;
    if (matchesIfNoneMatch(headers['if-none-match'], body.etag)) {
      reply.send(304, notModified);
      return;
    }
    const { bytes, encoding } = pickEncoding(body, headers['accept-encoding']);
    const list = lists[encoding ?? 'raw'];
    // Cannot happen (pickEncoding picks a copy that exists); the route would answer instead.
    if (!list) throw new Error(`no headers for the ${encoding} copy`);
    reply.send(200, list, bytes);
  };
}

/**
 * Registers a hot read (ADR 020): the Fastify route of `read.url` and, with `fast`, its answer
 * ahead of Fastify (ADR 018), both from `read.find`, so they cannot differ. The fast answer
 * takes what `find` has at once or after its wait, and hands anything else (nothing in memory, a
 * failed lookup) to the route, which answers it with `otherwise` or the one error shape.
 */
export function registerHotRead(
  app: FastifyInstance,
  fast: FastPaths | undefined,
  read: HotRead,
): void {
  const otherwise = read.otherwise ?? notFound;
  const param = /\/:(\w+)$/.exec(read.url)?.[1];
  app.get<{ Params: Record<string, string> }>(
    read.url,
    { config: read.config ?? {} },
    (request, reply) => {
      const found = read.find(request.url, param ? (request.params[param] ?? '') : '');
      const then = (answer: HotAnswer | undefined) =>
        answer ? replyWith(request, reply, answer) : otherwise(request, reply);
      // A hit is answered synchronously: no promise, no tick.
      if (found instanceof Promise) return found.then(then);
      return then(found);
    },
  );
  if (!fast) return;

  const senders = new WeakMap<HotAnswer, (reply: FastReply) => void>();
  const senderOf = (answer: HotAnswer) => {
    let sender = senders.get(answer);
    if (!sender) {
      sender = fastSender(fast, answer);
      senders.set(answer, sender);
    }
    return sender;
  };
  const answer = (reply: FastReply) => {
    const found = read.find(reply.request.url ?? '', reply.segment);
    const then = (hot: HotAnswer | undefined) => (hot ? senderOf(hot)(reply) : reply.pass());
    if (found instanceof Promise) found.then(then, () => reply.pass()).catch(() => reply.fail());
    else then(found);
  };
  const path = `${app.prefix}${read.url}`;
  if (param) fast.getUnder(path.slice(0, path.length - param.length - 1), answer, path);
  else fast.get(path, answer);
}
