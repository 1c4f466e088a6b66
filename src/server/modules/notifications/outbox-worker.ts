import type { FastifyInstance } from 'fastify';
import { drainOutbox, type OutboxContext, type OutboxOptions } from './outbox.service.ts';

export const OUTBOX_POLL_MS = 1_000;

/**
 * Runs the outbox worker in this instance while the app is up: every `intervalMs` it drains the due
 * jobs (every instance does; claims keep them apart). A failed step is logged and the next tick
 * tries again; the timer never keeps the process alive; closing waits for the batch in flight
 * only (the rest of a backlog stays due for the next instance to start).
 */
export function scheduleOutboxWorker(
  app: FastifyInstance,
  context: OutboxContext,
  options: OutboxOptions & { intervalMs?: number } = {},
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closing = false;
  const tick = () => {
    if (running || closing) return;
    running = drainOutbox(context, options, () => closing)
      .then(() => undefined)
      .catch((error: unknown) => app.log.error({ err: error }, 'outbox step failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, options.intervalMs ?? OUTBOX_POLL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    await running;
  });
}
