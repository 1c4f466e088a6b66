import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ACCESS_TOKEN_STORAGE_KEY } from '../../shared/constants.ts';
import { jsonResponse, mockFetch } from '../test/fetch-mock.ts';
import { caughtApiError } from '../test/caught-api-error.ts';
import { apiClient } from './api-client.ts';

const ThingSchema = z.object({ id: z.number() });

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
    const error = await caughtApiError(apiClient.post('/api/thing', {}, ThingSchema));
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
    const error = await caughtApiError(apiClient.get('/api/thing', ThingSchema));
    expect(error.status).toBe(502);
    expect(error.code).toBe('INTERNAL');
    expect(error.message).toBe('Something went wrong on our side. Please try again.');
  });

  it('reports a network failure as an ApiError', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await caughtApiError(apiClient.get('/api/thing', ThingSchema));
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(error.message).toMatch(/couldn't reach the server/);
  });

  it('rejects a 2xx answer that breaks the contract', async () => {
    mockFetch(() => jsonResponse({ id: 'one' }));
    const error = await caughtApiError(apiClient.get('/api/thing', ThingSchema));
    expect(error).toMatchObject({ status: 200, code: 'INVALID_RESPONSE' });
  });

  it("keeps the identity service's own error code and message", async () => {
    mockFetch(() =>
      jsonResponse(
        { code: 'USER_ALREADY_EXISTS', message: 'User already exists. Use another email.' },
        422,
      ),
    );
    const error = await caughtApiError(apiClient.post('/api/auth/sign-up/email', {}, ThingSchema));
    expect(error).toMatchObject({
      status: 422,
      code: 'USER_ALREADY_EXISTS',
      message: 'User already exists. Use another email.',
    });
  });

  it('takes the message of any JSON 4xx error, with a code from the status when it has none', async () => {
    mockFetch(() => jsonResponse({ message: 'Too many requests. Please try again later.' }, 429));
    const error = await caughtApiError(apiClient.post('/api/auth/sign-in/email', {}, ThingSchema));
    expect(error).toMatchObject({
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many requests. Please try again later.',
    });
  });

  it('does not repeat a foreign 5xx message, which may be an internal detail', async () => {
    mockFetch(() => jsonResponse({ message: 'relation "session" does not exist' }, 500));
    const error = await caughtApiError(apiClient.get('/api/auth/get-session', ThingSchema));
    expect(error.message).toBe('Something went wrong on our side. Please try again.');
  });

  it('sends a given bearer token instead of the stored one, or none at all', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ id: 1 }));
    window.localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'stored');

    await apiClient.put('/api/thing', { a: 1 }, ThingSchema, { bearerToken: 'identity' });
    await apiClient.get('/api/thing', ThingSchema, { bearerToken: null });

    const [put, get] = fetchMock.mock.calls;
    expect(put?.[1]?.method).toBe('PUT');
    expect(new Headers(put?.[1]?.headers).get('Authorization')).toBe('Bearer identity');
    expect(new Headers(get?.[1]?.headers).has('Authorization')).toBe(false);
  });

  it('sends a PUT without a body as no body and no content type', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ id: 1 }));
    await apiClient.put('/api/thing', undefined, ThingSchema);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBeNull();
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
  });
});
