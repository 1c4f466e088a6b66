import type { FastifyBaseLogger } from 'fastify';

/** Work an instance repeats every `intervalMs` while the app is up (every instance runs it). */
export interface IntervalJob {
  /** Logged with the error when a run fails. */
  failureMessage: string;
  intervalMs: number;
  /** One run. `stopping()` turns true when the app closes, so a long run can end between steps. */
  run(log: FastifyBaseLogger, stopping: () => boolean): Promise<void>;
}

export interface RunningJob {
  /** Ends the timer and waits for the run in flight. */
  stop(): Promise<void>;
}

/**
 * Starts `job`: a run every interval, skipped while the previous one is still going. A failed run
 * is logged and the next one tries again; the timer never keeps the process alive on its own.
 */
export function startIntervalJob(job: IntervalJob, log: FastifyBaseLogger): RunningJob {
  let running: Promise<void> | undefined;
  let stopping = false;
  const timer = setInterval(() => {
    if (running || stopping) return;
    running = job
      .run(log, () => stopping)
      .catch((error: unknown) => log.error({ err: error }, job.failureMessage))
      .finally(() => {
        running = undefined;
      });
  }, job.intervalMs);
  timer.unref();
  return {
    async stop() {
      stopping = true;
      clearInterval(timer);
      await running;
    },
  };
}
