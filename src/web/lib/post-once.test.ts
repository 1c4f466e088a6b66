import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { caughtApiError } from '../test/caught-api-error.ts';
import { jsonResponse, mockFetch } from '../test/fetch-mock.ts';
import { postOnce, sendOnce } from './post-once.ts';

const ThingSchema = z.object({ id: z.number() });
const keyOf = (init: RequestInit | undefined) => new Headers(init?.headers).get('idempotency-key');
const unavailable = () =>
  jsonResponse(
    { code: 'SERVICE_UNAVAILABLE', message: 'The shop is temporarily unavailable.' },
    503,
  );

describe('postOnce', () => {
  it('sends a new Idempotency-Key with every submit', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ id: 1 }, 201));
    await postOnce('/api/thing', { a: 1 }, ThingSchema);
    await postOnce('/api/thing', { a: 1 }, ThingSchema);
    const [first, second] = fetchMock.mock.calls.map((call) => keyOf(call[1]));
    expect(first).toMatch(/^[\x21-\x7e]{16,}$/);
    expect(second).not.toBe(first);
  });

  it('retries once with the same key after a 503 or a network error', async () => {
    let calls = 0;
    const fetchMock = mockFetch(() => {
      calls += 1;
      if (calls === 1) return unavailable();
      if (calls === 2) return jsonResponse({ id: 7 }, 201);
      if (calls === 3) throw new TypeError('Failed to fetch');
      return jsonResponse({ id: 8 }, 201);
    });
    await expect(postOnce('/api/thing', {}, ThingSchema)).resolves.toEqual({ id: 7 });
    await expect(postOnce('/api/thing', {}, ThingSchema)).resolves.toEqual({ id: 8 });
    const keys = fetchMock.mock.calls.map((call) => keyOf(call[1]));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[3]).toBe(keys[2]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('retries only once', async () => {
    const fetchMock = mockFetch(unavailable);
    expect((await caughtApiError(postOnce('/api/thing', {}, ThingSchema))).status).toBe(503);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never retries after a refusal', async () => {
    const refused = mockFetch(() => jsonResponse({ code: 'CONFLICT', message: 'Sold out' }, 409));
    expect((await caughtApiError(postOnce('/api/thing', {}, ThingSchema))).status).toBe(409);
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it('sends a PATCH the same way: one key, one retry with it', async () => {
    let calls = 0;
    const fetchMock = mockFetch(() => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return jsonResponse({ id: 3 }, 200);
    });
    await expect(sendOnce('PATCH', '/api/thing/3', { a: 1 }, ThingSchema)).resolves.toEqual({
      id: 3,
    });
    const [first, second] = fetchMock.mock.calls;
    expect(second?.[1]?.method).toBe('PATCH');
    expect(keyOf(second?.[1])).toBe(keyOf(first?.[1]));
  });
});
