import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ACCESS_TOKEN_STORAGE_KEY } from '../../shared/constants.ts';
import { jsonResponse, mockFetch } from '../test/fetch-mock.ts';
import { ApiError, apiClient } from './api-client.ts';

const ThingSchema = z.object({ id: z.number() });

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('apiClient', () => {
  it('returns the parsed body of a 2xx answer', async () => {
    mockFetch(() => jsonResponse({ id: 1, extra: 'stripped' }));
    await expect(apiClient.get('/api/thing', ThingSchema)).resolves.toEqual({ id: 1 });
  });

  it('sends JSON, and the bearer token only when one is stored', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ id: 1 }, 201));

    await apiClient.post('/api/thing', { a: 1 }, ThingSchema);
    window.localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'tok-123');
    await apiClient.get('/api/thing', ThingSchema);

    const [first, second] = fetchMock.mock.calls;
    const firstHeaders = new Headers(first?.[1]?.headers);
    expect(first?.[1]?.method).toBe('POST');
    expect(first?.[1]?.body).toBe('{"a":1}');
    expect(firstHeaders.get('Content-Type')).toBe('application/json');
    expect(firstHeaders.has('Authorization')).toBe(false);
    expect(new Headers(second?.[1]?.headers).get('Authorization')).toBe('Bearer tok-123');
  });

  it('turns the error shape into an ApiError with status, code, fields and request id', async () => {
    mockFetch(() =>
      jsonResponse(
        {
          code: 'VALIDATION_FAILED',
          message: 'Some fields are invalid',
          fields: { email: 'Provide a valid Email' },
          requestId: 'req-9',
        },
        400,
      ),
    );
    const error = await caught(apiClient.post('/api/thing', {}, ThingSchema));
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Some fields are invalid',
      fields: { email: 'Provide a valid Email' },
      requestId: 'req-9',
    });
  });

  it('gives a human message when the error body is not the error shape', async () => {
    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await caught(apiClient.get('/api/thing', ThingSchema));
    expect(error.status).toBe(502);
    expect(error.code).toBe('INTERNAL');
    expect(error.message).toBe('Something went wrong on our side. Please try again.');
  });

  it('reports a network failure as an ApiError', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await caught(apiClient.get('/api/thing', ThingSchema));
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(error.message).toMatch(/couldn't reach the server/);
  });

  it('rejects a 2xx answer that breaks the contract', async () => {
    mockFetch(() => jsonResponse({ id: 'one' }));
    const error = await caught(apiClient.get('/api/thing', ThingSchema));
    expect(error).toMatchObject({ status: 200, code: 'INVALID_RESPONSE' });
  });
});
