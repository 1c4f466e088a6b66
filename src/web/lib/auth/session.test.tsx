import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../shared/api-paths.ts';
import { lastRequest, mockApi, requestLog } from '../../test/api-routes.ts';
import { customer, sessionResponse, storeAccessToken, storedAccessToken } from '../../test/auth.ts';
import { jsonResponse } from '../../test/fetch-mock.ts';
import { createTestQueryClient } from '../../test/render.tsx';
import { SAME_FOR_EVERYONE } from '../query-client.ts';
import { useAuth } from './session.ts';

const SESSION = `GET ${apiPaths.auth.session}`;

function renderAuth() {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { ...renderHook(() => useAuth(), { wrapper }), queryClient };
}

describe('useAuth', () => {
  it('is signed out at once, without a request, when no token is stored', () => {
    const fetchMock = mockApi({});
    const { result } = renderAuth();
    expect(result.current.status).toBe('signedOut');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('restores the user of a stored token from the identity session', async () => {
    storeAccessToken('tok-1');
    const fetchMock = mockApi({ [SESSION]: sessionResponse(customer, 'tok-1') });
    const { result } = renderAuth();

    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('signedIn'));
    expect(result.current.user).toEqual(customer);
    expect(lastRequest(fetchMock, SESSION).headers.get('Authorization')).toBe('Bearer tok-1');
  });

  it.each([
    ['null (an expired session)', () => sessionResponse(null)],
    ['401', () => jsonResponse({ code: 'UNAUTHORIZED', message: 'Unauthorized' }, 401)],
  ])('forgets a token the identity service answers with %s', async (_name, answer) => {
    storeAccessToken('old');
    mockApi({ [SESSION]: answer });
    const { result } = renderAuth();

    await waitFor(() => expect(result.current.status).toBe('signedOut'));
    expect(storedAccessToken()).toBeNull();
  });

  it('keeps the token when the session could not be checked (offline), signed out for now', async () => {
    storeAccessToken('tok-1');
    mockApi({ [SESSION]: () => Promise.reject(new TypeError('Failed to fetch')) });
    const { result } = renderAuth();

    await waitFor(() => expect(result.current.status).toBe('signedOut'));
    expect(storedAccessToken()).toBe('tok-1');
  });

  it('signs in: trades the identity token for an access token and stores it', async () => {
    const fetchMock = mockApi({
      [`PUT ${apiPaths.accessToken(customer.email)}`]: jsonResponse({ token: 'access-9' }),
    });
    const { result } = renderAuth();

    await act(() => result.current.signIn({ token: 'identity-1', user: customer }));

    await waitFor(() => expect(result.current.status).toBe('signedIn'));
    expect(result.current.user).toEqual(customer);
    expect(storedAccessToken()).toBe('access-9');
    const exchange = lastRequest(fetchMock, `PUT ${apiPaths.accessToken(customer.email)}`);
    expect(exchange.headers.get('Authorization')).toBe('Bearer identity-1');
    expect(exchange.body).toEqual({ email: customer.email });
  });

  it('stays signed out and closes the identity session when the token exchange fails', async () => {
    const fetchMock = mockApi({
      [`PUT ${apiPaths.accessToken(customer.email)}`]: jsonResponse(
        { code: 'FORBIDDEN', message: 'That session belongs to someone else' },
        403,
      ),
      [`POST ${apiPaths.auth.signOut}`]: jsonResponse({ success: true }),
    });
    const { result } = renderAuth();

    await act(() =>
      expect(result.current.signIn({ token: 'identity-1', user: customer })).rejects.toThrow(
        'That session belongs to someone else',
      ),
    );

    expect(result.current.status).toBe('signedOut');
    expect(storedAccessToken()).toBeNull();
    await waitFor(() =>
      expect(
        lastRequest(fetchMock, `POST ${apiPaths.auth.signOut}`).headers.get('Authorization'),
      ).toBe('Bearer identity-1'),
    );
  });

  it("signs out: revokes the token, forgets it and the user's cached answers", async () => {
    storeAccessToken('tok-1');
    const fetchMock = mockApi({
      [SESSION]: sessionResponse(customer, 'tok-1'),
      [`POST ${apiPaths.auth.signOut}`]: jsonResponse({ success: true }),
    });
    const { result, queryClient } = renderAuth();
    await waitFor(() => expect(result.current.status).toBe('signedIn'));
    queryClient.setQueryData(['profile', customer.email], { secret: true });
    await queryClient.prefetchQuery({
      queryKey: ['catalogue'],
      queryFn: () => 'the same for everyone',
      meta: SAME_FOR_EVERYONE,
    });

    await act(() => result.current.signOut());

    await waitFor(() => expect(result.current.status).toBe('signedOut'));
    expect(storedAccessToken()).toBeNull();
    expect(queryClient.getQueryData(['profile', customer.email])).toBeUndefined();
    expect(queryClient.getQueryData(['catalogue'])).toBe('the same for everyone');
    expect(requestLog(fetchMock)).toEqual([SESSION, `POST ${apiPaths.auth.signOut}`]);
    const signOut = lastRequest(fetchMock, `POST ${apiPaths.auth.signOut}`);
    expect(signOut.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(signOut.body).toEqual({});
  });

  it('signs out locally even when the server cannot be reached', async () => {
    storeAccessToken('tok-1');
    mockApi({
      [SESSION]: sessionResponse(customer, 'tok-1'),
      [`POST ${apiPaths.auth.signOut}`]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const { result } = renderAuth();
    await waitFor(() => expect(result.current.status).toBe('signedIn'));

    await act(() => result.current.signOut());

    await waitFor(() => expect(result.current.status).toBe('signedOut'));
    expect(storedAccessToken()).toBeNull();
  });
});
