import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Commit wait: the response to a request that may have written (any method but GET, HEAD and
 * OPTIONS) leaves `ms` after its handler finished, i.e. after its transaction committed. Caches
 * that answer from a check at most `ms` old (the catalogue cache) then show the write to the
 * client's next request on every instance. Costs `ms` of latency on writes only, no throughput.
 * Attached to the routes that take a writing method only, so reads pay nothing for it.
 */
export function registerCommitWait(api: FastifyInstance, ms: number): void {
  const wait = async (request: FastifyRequest) => {
    if (!READS.has(request.method)) await waitFullMilliseconds(ms);
  };
  api.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => READS.has(method))) return;
    const own = route.onSend;
    route.onSend = [...(own ? [own].flat() : []), wait as onSendHookHandler];
  });
}

/**
 * Resolves `ms` later by the monotonic clock (timers may fire up to a millisecond early by it).
 * Also what a test waits after writing to the database by hand, so its next read sees the write.
 */
export async function waitFullMilliseconds(ms: number): Promise<void> {
  const until = performance.now() + ms;
  for (let left = ms; left > 0; left = until - performance.now()) await sleep(Math.ceil(left));
}
