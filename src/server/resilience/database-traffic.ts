import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ErrorCode } from '../../shared/errors.ts';
import { callApi, type ApiResponse } from '../testing/spawn-app.ts';

// Shared by the database outage and stall tests: a shopper's calls, timed; the checks of a 503; a
// stream of background traffic; freezing a PostgreSQL cluster's processes with SIGSTOP.

export interface Shopper {
  url: string;
  email: string;
  token: string;
}

export interface Call {
  name: string;
  /** Whether the call needs the database (else it is served without it: cache, static files). */
  needsDatabase: boolean;
  send: () => Promise<ApiResponse>;
}

/** The calls a shopper makes: public reads, authenticated reads, a write, an identity call. */
export const shopperCalls = ({ url, email, token }: Shopper): Call[] => [
  { name: 'health', needsDatabase: true, send: () => callApi(url, '/api/health') },
  { name: 'catalogue', needsDatabase: false, send: () => callApi(url, '/api/products') },
  {
    name: 'my orders',
    needsDatabase: true,
    send: () => callApi(url, `/api/purchase?customerEmail=${email}`, { token }),
  },
  {
    name: 'order',
    needsDatabase: true,
    send: () =>
      callApi(url, '/api/purchase', {
        token,
        body: { productId: '00000000-0000-4000-8000-000000000000', orderQuantity: 1 },
      }),
  },
  {
    name: 'sign-in',
    needsDatabase: true,
    send: () =>
      callApi(url, '/api/auth/sign-in/email', { body: { email, password: 'Wrong#pass1' } }),
  },
  // A page of the shop (the built SPA, or the API-only 404 without a build): never the database.
  { name: 'page', needsDatabase: false, send: () => callApi(url, '/products') },
];

export interface Timed {
  name: string;
  status: number;
  ms: number;
  res?: ApiResponse;
  /** No answer within the deadline. */
  hung?: boolean;
}

/** Sends the call; an answer later than `deadlineMs` counts as hung (and is not waited for). */
export async function timed(call: Call, deadlineMs = 20_000): Promise<Timed> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), deadlineMs);
  });
  const res = await Promise.race([call.send(), deadline]);
  clearTimeout(timer);
  const ms = Date.now() - started;
  if (!res) return { name: call.name, status: 0, ms, hung: true };
  return { name: call.name, status: res.status, ms, res };
}

/** A 503 in the one error shape, saying nothing about the database's internals. */
export function expectUnavailable({ name, res }: Timed): void {
  expect(res?.status, `${name}: ${res?.text}`).toBe(503);
  const body = res?.json as Record<string, unknown>;
  // The health check adds what it checked to the error shape.
  const extra = name === 'health' ? ['database', 'status'] : [];
  expect(Object.keys(body).sort()).toEqual(['code', 'message', 'requestId', ...extra].sort());
  expect(body).toMatchObject({ code: ErrorCode.Unavailable });
  if (name === 'health') expect(body).toMatchObject({ status: 'unavailable', database: 'down' });
  expect(res?.text).not.toMatch(/\bat .*\.(ts|js):\d+|stack|ECONNREFUSED|postgres|timeout/i);
  expect(res?.headers.get('retry-after')).toBe('5');
}

/** Calls in waves until stopped; every answer is recorded. */
export function backgroundTraffic(calls: Call[]): { stop: () => Promise<Timed[]> } {
  let running = true;
  const seen: Timed[] = [];
  const loop = (async () => {
    while (running) {
      seen.push(...(await Promise.all(calls.map((call) => timed(call)))));
      // Paced: fast 503s must not turn the loop into a load test of a shared machine.
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return seen;
    },
  };
}

/**
 * Freezes a cluster's PostgreSQL (postmaster first, so it forks no new backend, then every child):
 * connections stay open and nothing answers, as on a stalled host. `thaw` resumes them all; it is
 * also called when the test process exits, so a failed test never leaves a frozen cluster.
 */
export function clusterFreezer(clusterDir: string): { freeze: () => void; thaw: () => void } {
  const frozen = new Set<number>();
  const signal = (pid: number, name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch {
      // already gone
    }
  };
  const thaw = () => {
    for (const pid of frozen) signal(pid, 'SIGCONT');
    frozen.clear();
  };
  process.once('exit', thaw);
  const freeze = () => {
    const postmaster = Number(
      readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    if (!postmaster) throw new Error(`no postmaster pid in ${clusterDir}`);
    frozen.add(postmaster);
    signal(postmaster, 'SIGSTOP');
    let children: number[] = [];
    try {
      children = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map(Number);
    } catch {
      // pgrep exits 1 when there is no child
    }
    for (const pid of children) {
      frozen.add(pid);
      signal(pid, 'SIGSTOP');
    }
  };
  return { freeze, thaw };
}

/**
 * With the database gone and the app aware of it: every call answers within `withinMs`, a 503
 * where it needs the database and no 5xx elsewhere; the catalogue from its cache (200, the same
 * ETag as before). In rounds: a pool that lost its connections must not answer differently later.
 */
export async function expectServedWithoutDatabase(
  calls: Call[],
  {
    rounds,
    withinMs,
    catalogueEtag,
  }: { rounds: number; withinMs: number; catalogueEtag: string | null },
): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    for (const call of calls) {
      const answer = await timed(call);
      expect(answer.ms, answer.name).toBeLessThan(withinMs);
      if (call.needsDatabase) expectUnavailable(answer);
      else expect(answer.status, answer.name).toBeLessThan(500);
      if (call.name === 'catalogue') {
        expect(answer.status).toBe(200);
        expect(answer.res?.headers.get('etag')).toBe(catalogueEtag);
      }
    }
  }
}

/** Stops the background traffic: it got answers, each within `withinMs`, a 503 or no 5xx. */
export async function expectTrafficAnswered(
  traffic: { stop: () => Promise<Timed[]> },
  withinMs: number,
): Promise<void> {
  const seen = await traffic.stop();
  expect(seen.length).toBeGreaterThan(0);
  for (const answer of seen) {
    expect(answer.hung, answer.name).toBeFalsy();
    expect(answer.ms, answer.name).toBeLessThan(withinMs);
    expect(answer.status === 503 || answer.status < 500, answer.res?.text).toBe(true);
  }
}
