import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerCommitWait } from './commit-wait.ts';

describe('commit wait', () => {
  it('answers a write no sooner than the wait after its handler finished', async () => {
    const app = Fastify({ logger: false });
    const wait = 25;
    registerCommitWait(app, wait);
    let finished = 0;
    // Routes of a plugin registered inside, as the API's modules are.
    await app.register(async (module) => {
      module.post('/write', () => {
        finished = performance.now();
        return { ok: true };
      });
      module.get('/read', () => ({ ok: true }));
    });
    try {
      const res = await app.inject({ method: 'POST', url: '/write', payload: {} });
      // A lower bound only: a slow machine makes the gap longer, never shorter.
      expect(performance.now() - finished).toBeGreaterThanOrEqual(wait);
      expect(res.json()).toEqual({ ok: true });
      expect((await app.inject('/read')).json()).toEqual({ ok: true });
    } finally {
      await app.close();
    }
  });
});
