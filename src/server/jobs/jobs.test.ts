import Fastify from 'fastify';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IntervalJob } from './interval-job.ts';
import { holdExpiryJob, runJobs } from './jobs.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** An app whose log lines are kept, with the jobs registered inside a plugin as in app.ts. */
async function appWith(...jobs: IntervalJob[]) {
  const lines: { level: number; msg: string; expired?: number }[] = [];
  const app = Fastify({
    loggerInstance: pino(
      { level: 'info' },
      { write: (line: string) => lines.push(JSON.parse(line)) },
    ),
  });
  await app.register(async (plugin) => runJobs(plugin, jobs));
  return { app, lines };
}

describe('the hold expiry job', () => {
  it('runs every interval once the app is ready, and stops when it closes', async () => {
    const expire = vi.fn(async () => 0);
    const { app } = await appWith(holdExpiryJob(expire, 1_000));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(expire).not.toHaveBeenCalled();
    await app.ready();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(expire).toHaveBeenCalledTimes(3);
    await app.close();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(expire).toHaveBeenCalledTimes(3);
  });

  it('logs a failed run and keeps going', async () => {
    const expire = vi
      .fn<() => Promise<number>>()
      .mockRejectedValueOnce(new Error('database unavailable'))
      .mockResolvedValue(2);
    const { app, lines } = await appWith(holdExpiryJob(expire, 1_000));
    await app.ready();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(expire).toHaveBeenCalledTimes(2);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 50, msg: 'expiring unpaid orders failed' }),
    );
    expect(lines).toContainEqual(expect.objectContaining({ level: 30, expired: 2 }));
    await app.close();
  });

  it('does not start a run while the previous one is still going', async () => {
    let finish: (count: number) => void = () => undefined;
    const expire = vi.fn(() => new Promise<number>((resolve) => (finish = resolve)));
    const { app } = await appWith(holdExpiryJob(expire, 1_000));
    await app.ready();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(expire).toHaveBeenCalledTimes(1);
    finish(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(expire).toHaveBeenCalledTimes(2);
    finish(0);
    await app.close();
  });
});

describe('runJobs', () => {
  it('starts the jobs in order and stops them in reverse, each after its run in flight', async () => {
    const events: string[] = [];
    const job = (name: string): IntervalJob => ({
      failureMessage: `${name} failed`,
      intervalMs: 1_000,
      run: async (_log, stopping) => {
        events.push(`${name} runs`);
        // A run in flight when the app closes: it sees the stop and ends between steps.
        await vi.waitUntil(stopping);
        events.push(`${name} stops`);
      },
    });
    const { app } = await appWith(job('first'), job('second'));
    await app.ready();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(events).toEqual(['first runs', 'second runs']);
    await app.close();
    expect(events).toEqual(['first runs', 'second runs', 'second stops', 'first stops']);
  });
});
