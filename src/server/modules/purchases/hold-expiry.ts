import type { FastifyInstance } from 'fastify';

export const HOLD_EXPIRY_INTERVAL_MS = 60_000;

/**
 * Runs `expire` every `intervalMs` while the app is up: started when the app is ready, stopped (and
 * the run in flight awaited) when it closes. A failed run is logged and the next one tries again;
 * the timer never keeps the process alive on its own. Correctness never depends on it: the order
 * lists expire stale holds themselves before they answer.
 */
export function scheduleHoldExpiry(
  app: FastifyInstance,
  expire: () => Promise<number>,
  intervalMs = HOLD_EXPIRY_INTERVAL_MS,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const run = () => {
    if (running) return; // the previous run is still going: skip this tick
    running = expire()
      .then((expired) => {
        if (expired > 0)
          app.log.info({ expired }, 'expired unpaid orders and returned their stock');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'expiring unpaid orders failed'))
      .finally(() => {
        running = undefined;
      });
  };

  app.addHook('onReady', async () => {
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
