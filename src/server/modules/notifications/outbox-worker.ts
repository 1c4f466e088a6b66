import type { FastifyInstance } from 'fastify';
import { drainOutbox, type OutboxContext, type OutboxOptions } from './outbox.service.ts';

export const OUTBOX_POLL_MS = 1_000;

/**
 * Runs the outbox worker in this instance while the app is up: every `intervalMs` it drains the due
 * jobs (every instance does; claims keep them apart). A failed step is logged and the next tick
 * tries again; the timer never keeps the process alive; closing waits for the step in flight.
 */
export function scheduleOutboxWorker(
  app: FastifyInstance,
  context: OutboxContext,
  options: OutboxOptions & { intervalMs?: number } = {},
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = drainOutbox(context, options)
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
    clearInterval(timer);
    await running;
  });
}
